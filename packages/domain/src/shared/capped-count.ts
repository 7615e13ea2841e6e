import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one, rows } from "./rows";

/**
 * Up to this many matches are counted exactly; past it the total is the planner's estimate (flagged as one).
 * Counting stops at the cap, so a count reads at most this many index entries (a few milliseconds at a million).
 */
export const EXACT_COUNT_CAP = 10_000;

export interface CappedTotal {
  total: number;
  estimate: boolean;
}

/** How many rows `FROM … WHERE …` (the text after SELECT) holds: exact up to the cap, else the planner's estimate. */
export async function cappedCount(db: DbOrTx, fromWhere: SQL): Promise<CappedTotal> {
  const counted = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${EXACT_COUNT_CAP + 1}) x`);
  const n = counted?.n ?? 0;
  if (n <= EXACT_COUNT_CAP) return { total: n, estimate: false };
  return { total: Math.max(n, await plannerEstimate(db, fromWhere)), estimate: true };
}

/** The planner's row estimate for `FROM … WHERE …`: from table statistics, no row read. */
export async function plannerEstimate(db: DbOrTx, fromWhere: SQL): Promise<number> {
  const plan = await rows<{ "QUERY PLAN": unknown }>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`);
  const raw = plan[0]?.["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  return Math.round(doc[0]?.Plan?.["Plan Rows"] ?? 0);
}
