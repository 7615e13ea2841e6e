import { LeadStatuses, PREVIEW_COUNT_CAP, type SegmentFilters } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one, rows } from "../shared/rows";
import { loadCompileContext } from "./filter-refs";
import { segmentSource } from "./segment-build";

/*
 * The audience dialog's live count (docs/audiences.md, "Live count"). The exact count reads every match, which
 * for hundreds of thousands of leads, or a tree whose conditions must be tested on every lead, takes longer than
 * a dialog should wait. So the dialog asks first for the quick answer — the exact figure when it is cheap, else
 * "more than" the cap or the planner's "about" — and then, when that was not exact, for the exact count.
 */

export interface MatchCount {
  total: number;
  total_blacklisted: number;
  /** False when `total` is a lower bound (the cap) or an estimate. */
  exact: boolean;
  /** `total` is the planner's estimate of the matches (then `total_blacklisted` is 0: not counted). */
  estimated: boolean;
}

/** How long the quick answer may count before it answers the planner's estimate instead. */
export const QUICK_COUNT_BUDGET_MS = 120;

/** The matching leads' statuses as a FROM … WHERE (a child's within its parent's members), JIT off in `tx`. */
async function source(db: DbOrTx, teamId: number, filters: SegmentFilters, parentId: number | null): Promise<SQL> {
  const cc = await loadCompileContext(db, teamId);
  return segmentSource(teamId, { parent_id: parentId, filters }, cc);
}

// JIT compiling a one-off count costs more than it saves (hundreds of ms on an attribute test).
const noJit = sql`SELECT set_config('jit', 'off', true)`;

/**
 * How many leads a tree matches now, within a parent's members for a child. With a `cap`, counting stops after
 * cap + 1 matches (a plan that can stop early) and a bigger audience answers `exact: false` with `total` the cap;
 * without one, every match is counted.
 */
export async function countMatching(
  db: DbOrTx,
  teamId: number,
  filters: SegmentFilters,
  parentId: number | null,
  cap?: number,
  budgetMs?: number,
): Promise<MatchCount> {
  const from = await source(db, teamId, filters, parentId);
  const blacklisted = LeadStatuses.blacklisted;
  const counted = await db.transaction(async (tx) => {
    await tx.execute(noJit);
    if (budgetMs !== undefined) await tx.execute(sql`SELECT set_config('statement_timeout', ${`${budgetMs}ms`}, true)`);
    const query =
      cap === undefined
        ? sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE l.status = ${blacklisted}))::int AS total_blacklisted FROM ${from}`
        : sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE c.status = ${blacklisted}))::int AS total_blacklisted
              FROM (SELECT l.status FROM ${from} LIMIT ${cap + 1}) c`;
    return (await one<{ total: number; total_blacklisted: number }>(tx, query))!;
  });
  if (cap === undefined || counted.total <= cap) return { ...counted, exact: true, estimated: false };
  return { total: cap, total_blacklisted: Math.min(counted.total_blacklisted, cap), exact: false, estimated: false };
}

/** Whether a query was cancelled by its statement_timeout (SQLSTATE 57014), through the driver's wrapping. */
function timedOut(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "57014" || err?.cause?.code === "57014";
}

/** The planner's estimate of how many leads match (EXPLAIN, nothing run), two significant figures. */
export async function estimateMatching(db: DbOrTx, teamId: number, filters: SegmentFilters, parentId: number | null): Promise<number> {
  const from = await source(db, teamId, filters, parentId);
  const plan = await rows<Record<string, unknown>>(db, sql`EXPLAIN (FORMAT JSON) SELECT l.id FROM ${from}`);
  const raw = Object.values(plan[0] ?? {})[0];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  const n = Math.max(0, Math.round(parsed[0]?.Plan["Plan Rows"] ?? 0));
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * The dialog's first answer: the count capped at PREVIEW_COUNT_CAP within QUICK_COUNT_BUDGET_MS (exact, or "more
 * than" the cap), else — the count cancelled at the budget — the planner's estimate, marked as such.
 */
export async function quickCount(db: DbOrTx, teamId: number, filters: SegmentFilters, parentId: number | null): Promise<MatchCount> {
  try {
    return await countMatching(db, teamId, filters, parentId, PREVIEW_COUNT_CAP, QUICK_COUNT_BUDGET_MS);
  } catch (e) {
    if (!timedOut(e)) throw e;
  }
  return { total: await estimateMatching(db, teamId, filters, parentId), total_blacklisted: 0, exact: false, estimated: true };
}
