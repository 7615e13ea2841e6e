import { LeadStatuses, PREVIEW_COUNT_CAP, type SegmentFilters } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { loadCompileContext } from "./filter-refs";
import { segmentSource } from "./segment-build";

/*
 * The audience dialog's live count (docs/audiences.md, "Live count"). The exact count reads every match, which
 * for hundreds of thousands of leads, or a tree whose conditions must be tested on every lead, takes longer than
 * a dialog should wait. So the dialog asks first for the quick answer — the exact figure when it is cheap, else
 * "more than" the cap or a sampled "about" — and then, when that was not exact, for the exact count.
 */

export interface MatchCount {
  total: number;
  total_blacklisted: number;
  /** False when `total` is a lower bound (the cap) or an estimate. */
  exact: boolean;
  /** `total` is an estimate of the matches from a sample (then `total_blacklisted` is 0: not counted). */
  estimated: boolean;
}

/** How long the quick answer may count before it answers an estimate from a sample instead. */
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

/** Leads a sampled count tests, about: enough for a figure within a few percent at 2% matches and more. */
const SAMPLE_ROWS = 20_000;

/**
 * How many leads match, estimated by testing the tree on a sample of the leads' pages (TABLESAMPLE SYSTEM) and
 * scaling up, two significant figures. The planner's own row estimate is no use here: on attribute and JSON
 * conditions it is off by tens of times (410 for 20,000 matches). The sample is sized from the table's row count so
 * the test runs on about SAMPLE_ROWS leads whatever the audience's size.
 */
export async function estimateMatching(db: DbOrTx, teamId: number, filters: SegmentFilters, parentId: number | null): Promise<number> {
  const table = await one<{ n: number }>(db, sql`SELECT GREATEST(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'leads'::regclass`);
  const pct = Math.min(100, Math.max(0.01, (100 * SAMPLE_ROWS) / Math.max(1, table?.n ?? 0)));
  const cc = await loadCompileContext(db, teamId);
  const sampled = sql.raw(`leads l TABLESAMPLE SYSTEM (${pct.toFixed(4)})`);
  const from = segmentSource(teamId, { parent_id: parentId, filters }, cc, sampled);
  const counted = await db.transaction(async (tx) => {
    await tx.execute(noJit);
    return one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${from}`);
  });
  const n = Math.round(((counted?.n ?? 0) * 100) / pct);
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * The dialog's first answer: the count capped at PREVIEW_COUNT_CAP within QUICK_COUNT_BUDGET_MS (exact, or "more
 * than" the cap), else — the count cancelled at the budget — an estimate from a sample, marked as such.
 */
export async function quickCount(db: DbOrTx, teamId: number, filters: SegmentFilters, parentId: number | null): Promise<MatchCount> {
  try {
    return await countMatching(db, teamId, filters, parentId, PREVIEW_COUNT_CAP, QUICK_COUNT_BUDGET_MS);
  } catch (e) {
    if (!timedOut(e)) throw e;
  }
  return { total: await estimateMatching(db, teamId, filters, parentId), total_blacklisted: 0, exact: false, estimated: true };
}
