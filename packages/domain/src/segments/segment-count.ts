import { LeadStatuses, PREVIEW_COUNT_CAP, type SegmentFilters } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { loadCompileContext } from "./filter-refs";
import type { CompileContext } from "./filter-sql";
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

/**
 * How long the capped count runs alone before the sample starts beside it (on another connection): a count that
 * settles this fast is never doubled, and a slow one has its estimate ready when the budget runs out instead of
 * starting it then (the dialog waited the budget and then the sample, one after the other).
 */
export const SAMPLE_HEAD_START_MS = 20;

type Def = { parent_id: number | null; filters: SegmentFilters };

// JIT compiling a one-off count costs more than it saves (hundreds of ms on an attribute test).
const noJit = sql`SELECT set_config('jit', 'off', true)`;

/*
 * The sample holds about SAMPLE_ROWS leads by construction, so each EXISTS of the tree (a list membership, a phone's
 * lookup result, a campaign's ledger) is best answered by an index probe per sampled lead. The planner, pricing those
 * probes as random reads, prefers hashing the whole other side (500,000 list memberships for 20,000 sampled leads:
 * 280 ms against 50 ms at 1M leads, docs/audiences.md), so the sample's statement is planned without hash and
 * merge joins (and, as every one-off count here, without JIT).
 */
export const SAMPLE_SETTINGS = sql`SELECT set_config('jit', 'off', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`;

/** The count of `from` (a FROM … WHERE), stopped after cap + 1 rows when capped, cancelled after `budgetMs`. */
async function tally(db: DbOrTx, from: SQL, cap?: number, budgetMs?: number): Promise<MatchCount> {
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
  const cc = await loadCompileContext(db, teamId);
  return tally(db, segmentSource(teamId, { parent_id: parentId, filters }, cc), cap, budgetMs);
}

/** Whether a query was cancelled by its statement_timeout (SQLSTATE 57014), through the driver's wrapping. */
function timedOut(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "57014" || err?.cause?.code === "57014";
}

/**
 * Leads a sampled count tests first, about. Every sampled lead may cost the tree's index probes (two on the campaign's
 * ledger for "sent and not clicked"), so the first sample is small and only a tree it cannot size is tested further.
 */
export const SAMPLE_ROWS = 5_000;
/**
 * The sampling error a first sample's figure may carry and stand (one standard error, relative to the figure). The
 * sample is of pages, and matches that sit together on pages (a list imported at once) make it larger than the
 * matches' number alone would say, so it is measured from how the matches spread over the sampled pages.
 */
const MAX_SAMPLE_ERROR = 0.06;
/** Fewer matches than this in the first sample, and the second is bigger (one of 10,000 leads found 0 of 3,327 matches among 1M). */
const RARE_HITS = 50;
const RARE_SAMPLE_ROWS = 20_000;

/**
 * How many leads match, estimated by testing the tree on a sample of the leads' pages (TABLESAMPLE SYSTEM) and
 * scaling up, two significant figures. The planner's own row estimate is no use here: on attribute and JSON
 * conditions it is off by tens of times (410 for 20,000 matches). The sample is sized from the table's row count so
 * the test runs on about SAMPLE_ROWS leads whatever the audience's size; a tree it sizes too loosely is tested on a
 * second sample too and the two are pooled.
 */
export async function estimateMatching(db: DbOrTx, teamId: number, filters: SegmentFilters, parentId: number | null): Promise<number> {
  return estimate(db, teamId, { parent_id: parentId, filters }, await loadCompileContext(db, teamId));
}

async function estimate(db: DbOrTx, teamId: number, def: Def, cc: CompileContext): Promise<number> {
  const table = await one<{ n: number; pages: number }>(
    db,
    sql`SELECT GREATEST(reltuples, 0)::float8 AS n, relpages::float8 AS pages FROM pg_class WHERE oid = 'leads'::regclass`,
  );
  const percentOf = (leads: number) => samplePercent(leads, table?.n ?? 0);
  let pct = percentOf(SAMPLE_ROWS);
  const first = await sampleHits(db, teamId, def, cc, pct);
  let hits = first.hits;
  if (pct < 100 && (hits < RARE_HITS || sampleError(first, ((table?.pages ?? 0) * pct) / 100) > MAX_SAMPLE_ERROR)) {
    const more = percentOf(hits < RARE_HITS ? RARE_SAMPLE_ROWS : SAMPLE_ROWS);
    hits += (await sampleHits(db, teamId, def, cc, more)).hits;
    pct += more;
  }
  const n = Math.round((hits * 100) / pct);
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

export interface SampleHits {
  hits: number;
  /** The sum of the squares of each sampled page's matches (pages with none add nothing). */
  squares: number;
}

/**
 * The relative standard error of a figure scaled up from `pages` sampled pages, from the spread of the matches over
 * them (cluster sampling: each page is one draw; the pages with no match are those the sample holds beyond the ones
 * that matched).
 */
export function sampleError(s: SampleHits, pages: number): number {
  if (s.hits === 0) return Infinity;
  const m = Math.max(2, pages);
  const mean = s.hits / m;
  const variance = Math.max(0, s.squares - (s.hits * s.hits) / m) / (m - 1);
  return Math.sqrt(variance / m) / mean;
}

/** The percent of the leads' pages that holds about `leads` of the table's `tableRows`. */
export const samplePercent = (leads: number, tableRows: number) => Math.min(100, Math.max(0.01, (100 * leads) / Math.max(1, tableRows)));

/**
 * The sample's statement: the tree's matches among `pct` percent of the leads' pages, and how they spread over those
 * pages (SampleHits). To be run after SAMPLE_SETTINGS, in the same transaction.
 */
export function sampleStatement(teamId: number, def: Def, cc: CompileContext, pct: number): SQL {
  const from = segmentSource(teamId, def, cc, sql.raw(`leads l TABLESAMPLE SYSTEM (${pct.toFixed(4)})`));
  return sql`SELECT COALESCE(sum(n), 0)::int AS hits, COALESCE(sum(n * n), 0)::float8 AS squares
    FROM (SELECT count(*) AS n FROM ${from} GROUP BY (l.ctid::text::point)[0]) pages`;
}

async function sampleHits(db: DbOrTx, teamId: number, def: Def, cc: CompileContext, pct: number): Promise<SampleHits> {
  const counted = await db.transaction(async (tx) => {
    await tx.execute(SAMPLE_SETTINGS);
    return one<SampleHits>(tx, sampleStatement(teamId, def, cc, pct));
  });
  return counted ?? { hits: 0, squares: 0 };
}

export interface QuickCountOptions {
  /**
   * `db` is a pool whose transactions each take a connection of their own (PostgreSQL), so the sample may run
   * beside the capped count. Not on the embedded database: one connection, and it cannot cancel the count anyway.
   */
  concurrent?: boolean;
  /** The count's budget (tests shorten it). */
  budgetMs?: number;
}

/** Whether `p` settles (either way) within `ms`. */
const settlesWithin = (p: Promise<unknown>, ms: number) => {
  const settled = () => true;
  return Promise.race([p.then(settled, settled), new Promise<boolean>((done) => setTimeout(done, ms, false))]);
};

/**
 * The dialog's first answer: the count capped at PREVIEW_COUNT_CAP within the budget (exact, or "more than" the
 * cap), else — the count cancelled at the budget — an estimate from a sample, marked as such. `concurrent`: a count
 * still running after SAMPLE_HEAD_START_MS has the sample started beside it, so the estimate is ready by the time
 * the budget runs out.
 */
export async function quickCount(
  db: DbOrTx,
  teamId: number,
  filters: SegmentFilters,
  parentId: number | null,
  opts: QuickCountOptions = {},
): Promise<MatchCount> {
  const cc = await loadCompileContext(db, teamId);
  const def: Def = { parent_id: parentId, filters };
  const count = tally(db, segmentSource(teamId, def, cc), PREVIEW_COUNT_CAP, opts.budgetMs ?? QUICK_COUNT_BUDGET_MS);
  let sample: Promise<number> | null = null;
  if (opts.concurrent && !(await settlesWithin(count, SAMPLE_HEAD_START_MS))) {
    sample = estimate(db, teamId, def, cc);
    // When the count answers, the sample is not needed, nor is its failure anyone's.
    sample.catch(() => undefined);
  }
  try {
    return await count;
  } catch (e) {
    if (!timedOut(e)) throw e;
  }
  return { total: await (sample ?? estimate(db, teamId, def, cc)), total_blacklisted: 0, exact: false, estimated: true };
}
