import { sql } from "drizzle-orm";
import { cappedCount as countCapped } from "../shared/capped-count";
import { type DbOrTx, one } from "../shared/rows";
import type { FilterSql } from "./lead-filter";

export { EXACT_COUNT_CAP } from "../shared/capped-count";
/**
 * A text search is not counted (a count would test every lead: 1.5 s at a million). Its total is estimated from
 * the share of matches among the table's newest leads — exact when the table has no more leads than this.
 */
export const TEXT_SAMPLE = 2_000;

export interface LeadTotal {
  total: number;
  estimate: boolean;
}

/**
 * How many leads match a table's filter. `known`: matches the caller has seen (a lower bound); `baseTotal`: the
 * size of the table before search, when a maintained counter knows it (a list's `total_leads`).
 */
export async function leadTotal(db: DbOrTx, filter: FilterSql, opts: { known: number; baseTotal?: number }): Promise<LeadTotal> {
  if (filter.none) return { total: 0, estimate: false };
  if (!filter.text) return cappedCount(db, filter);
  const sample = (await one<{ seen: number; hits: number }>(
    db,
    sql`SELECT count(*)::int AS seen, (count(*) FILTER (WHERE ${filter.text}))::int AS hits
        FROM (SELECT l.attrs FROM ${filter.from} WHERE ${filter.base} ORDER BY ${filter.idColumn} DESC LIMIT ${TEXT_SAMPLE}) l`,
  ))!;
  if (sample.seen < TEXT_SAMPLE) return { total: sample.hits, estimate: false };
  const base = opts.baseTotal ?? (await cappedCount(db, { ...filter, where: filter.base, text: null })).total;
  return { total: Math.max(opts.known, Math.round((sample.hits / sample.seen) * base)), estimate: true };
}

/** Counted up to the cap (about 2 ms through the leads' primary key at a million leads), else the planner's estimate. */
const cappedCount = (db: DbOrTx, filter: FilterSql): Promise<LeadTotal> => countCapped(db, sql`FROM ${filter.from} WHERE ${filter.where}`);
