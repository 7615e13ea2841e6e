import { sql } from "drizzle-orm";
import { cappedCount as countCapped } from "../shared/capped-count";
import type { DbOrTx } from "../shared/rows";
import type { FilterSql } from "./lead-filter";
import { TEXT_SAMPLE } from "./lead-text-search";

export { EXACT_COUNT_CAP } from "../shared/capped-count";
export { TEXT_SAMPLE } from "./lead-text-search";

export interface LeadTotal {
  total: number;
  estimate: boolean;
}

/**
 * How many leads match a table's filter. `known`: matches the caller has seen (a lower bound); `baseTotal`: the
 * size of the table before search, when a maintained counter knows it (a list's `total_leads`). A rare text's
 * matches were found through the index and are counted like an exact search's. A text tested lead by lead is not
 * counted (a common one matches tens of thousands at a million leads, each read and checked): its total is
 * estimated from the share of matches among the table's newest leads, which the search took before choosing how
 * to read (lead-text-search.ts) — exact when the table has no more leads than the sample.
 */
export async function leadTotal(db: DbOrTx, filter: FilterSql, opts: { known: number; baseTotal?: number }): Promise<LeadTotal> {
  if (filter.none) return { total: 0, estimate: false };
  if (!filter.text) return cappedCount(db, filter);
  const { sample } = filter.text;
  if (sample.seen < TEXT_SAMPLE) return { total: sample.hits, estimate: false };
  const base = opts.baseTotal ?? (await cappedCount(db, { ...filter, where: filter.base, text: null })).total;
  return { total: Math.max(opts.known, Math.round((sample.hits / sample.seen) * base)), estimate: true };
}

/** Counted up to the cap (about 2 ms through the leads' primary key at a million leads), else the planner's estimate. */
const cappedCount = (db: DbOrTx, filter: FilterSql): Promise<LeadTotal> => countCapped(db, sql`FROM ${filter.from} WHERE ${filter.where}`);
