import { sql } from "drizzle-orm";
import { type DbOrTx, one, rows } from "../shared/rows";
import type { FilterSql } from "./lead-filter";

/**
 * Up to this many matches are counted exactly; past it the total is the planner's estimate (flagged as one).
 * Counting stops at the cap, so a count reads at most this many index entries (about 2 ms through the leads'
 * primary key at a million leads).
 */
export const EXACT_COUNT_CAP = 10_000;
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

async function cappedCount(db: DbOrTx, filter: FilterSql): Promise<LeadTotal> {
  const counted = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${filter.from} WHERE ${filter.where} LIMIT ${EXACT_COUNT_CAP + 1}) x`,
  );
  const n = counted?.n ?? 0;
  if (n <= EXACT_COUNT_CAP) return { total: n, estimate: false };
  return { total: Math.max(n, await plannerEstimate(db, filter)), estimate: true };
}

/** The planner's row estimate for the filter: from table statistics, no leads read. */
async function plannerEstimate(db: DbOrTx, filter: FilterSql): Promise<number> {
  const plan = await rows<{ "QUERY PLAN": unknown }>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${filter.from} WHERE ${filter.where}`);
  const raw = plan[0]?.["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  return Math.round(doc[0]?.Plan?.["Plan Rows"] ?? 0);
}
