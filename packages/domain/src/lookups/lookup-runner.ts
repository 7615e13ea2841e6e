import {
  DEFAULT_LOOKUP_RATE,
  INSUFFICIENT_FUNDS,
  LookupItemStates,
  LookupStatuses,
  type LookupType,
  LookupTypeGatewayKind,
} from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { affordableItems, type Hold, type HoldOwner, holdFunds, lookupPrices, releaseHolds } from "../billing";
import { loadGatewayForRun } from "../gateways";
import { type LookupAdapter, lookupAdapterFor, type ProviderError, type ProviderOptions } from "../providers";
import { Lease } from "../shared/lease";
import type { LivePublisher } from "../shared/live";
import { type Pacer, pacerFor } from "../shared/pacer";
import { one, rows } from "../shared/rows";
import { type Asked, askProvider, pendingItems, sortItems } from "./lookup-batch";
import { publishLookup } from "./lookup-events";
import { runFreshness } from "./lookup-freshness";
import type { Batch, ClaimedItem, ProviderResult } from "./lookup-items";
import { snapshotItems } from "./lookup-scope";
import { settleBatch } from "./lookup-settle";

/*
 * Runs one lookup job while it is running, as a sequence of named states: take over (give back a dead runner's
 * holds), snapshot the scope into the item ledger once, then batch by batch — claim the next items, hold the money
 * for those the provider must answer, ask the provider at the gateway's pace, settle (results, timeline, counters,
 * charge) in one transaction — until the job finishes: completed, paused or stopped (noticed between batches), out
 * of funds, or the provider down (the job retries later). A runner holds a lease on the job, so a second runner (a
 * retry, the sweep) backs off while the first lives, and takes over when its lease runs out.
 */

export interface RunnerDeps {
  db: Db;
  live: LivePublisher;
  providerOptions?: ProviderOptions;
  /** Items per batch; default: two seconds of the gateway's rate (1–500), so progress moves every two seconds. */
  batchSize?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export type RunOutcome = "completed" | "paused" | "stopped" | "leased" | "gone" | "provider_down";

/** Thrown when the provider stays unreachable: the job stays running, its pending items unchecked, and retries later. */
export class ProviderDownError extends Error {}

const LEASE_SECONDS = 60;
/** Snapshots at least this big re-analyse the item ledger. */
const ANALYZE_AFTER = 10_000;
/** Past this many unanswered items in one run the provider counts as down. */
const MAX_DEFERRED = 1000;

interface JobRow {
  team_id: number;
  id: number;
  type: LookupType;
  status: number;
  gateway_id: number | null;
  force: boolean;
  source_id: number | null;
  list_id: number | null;
  segment_id: number | null;
  lead_id: number | null;
  import_id: number | null;
  snapshot_at: string | null;
}

/** What every state of one run reads: the job, its lease, the provider it asks, and what the provider left unanswered. */
interface LookupRun {
  deps: RunnerDeps;
  job: JobRow;
  type: LookupType;
  lease: Lease;
  holder: HoldOwner;
  /** The gateway's provider type: a certificate check takes the certificates it can check. */
  gatewayType: string;
  adapter: LookupAdapter<ProviderResult, unknown>;
  pacer: Pacer;
  batchSize: number;
  /** How old a result may be and still be reused; null when the job or gateway forces fresh lookups. */
  freshness: Awaited<ReturnType<typeof runFreshness>> | null;
  events: ReturnType<typeof publishLookup>;
  /** Items the provider failed to answer this run (429s, 5xx, timeouts after retries): passed over, still pending. */
  deferred: Set<string>;
  lastDown: ProviderError | null;
}

/** A batch claimed, its money held and its provider calls under way. */
interface InFlight {
  batch: Batch;
  hold: Hold | undefined;
  outOfFunds: boolean;
  values: string[];
  asking: Promise<Asked>;
}

type Settled = "ok" | "leased" | "funds" | "down";

export async function runLookupJob(deps: RunnerDeps, teamId: number, jobId: number): Promise<RunOutcome> {
  const { db } = deps;
  const job = await one<JobRow>(db, sql`SELECT * FROM lookup_jobs WHERE team_id = ${teamId} AND id = ${jobId}`);
  if (!job) return "gone";
  if (job.status !== LookupStatuses.running) return job.status === LookupStatuses.paused ? "paused" : "stopped";
  const lease = new Lease({ table: "lookup_jobs", teamId, id: jobId }, LEASE_SECONDS);
  if (!(await keepsRunning(db, lease))) return "leased";
  // The lease is renewed between batches, and by this heartbeat while a batch waits on a slow provider.
  const stopHeartbeat = lease.heartbeat(db);
  try {
    await takeOver(db, job);
    const run = await open(deps, job, lease);
    if (!run) {
      await finish(db, job, LookupStatuses.stopped, "The gateway of this lookup is no longer available.");
      return "stopped";
    }
    await snapshot(db, job, run.gatewayType);
    return await pipeline(run);
  } finally {
    stopHeartbeat();
    await lease.release(db);
  }
}

/** Claims the lease again while the job is running: false once it was paused, stopped or taken over. */
async function keepsRunning(db: Db, lease: Lease): Promise<boolean> {
  return (await lease.claim(db, { when: sql`status = ${LookupStatuses.running}` })) !== undefined;
}

/** Holds left by a runner that died mid-batch go back first; their items are still pending. */
async function takeOver(db: Db, job: JobRow): Promise<void> {
  await db.transaction((tx) => releaseHolds(tx, job.team_id, { kind: "lookup", refId: job.id }));
}

/** The scope's values become the job's item ledger, once per job. */
async function snapshot(db: Db, job: JobRow, gatewayType: string): Promise<void> {
  if (job.snapshot_at) return;
  const scope = { sourceId: job.source_id, listId: job.list_id, segmentId: job.segment_id, leadId: job.lead_id, importId: job.import_id };
  const added = await db.transaction((tx) => snapshotItems(tx, job.team_id, job.id, Number(job.type) as LookupType, scope, gatewayType));
  // Fresh statistics, or the planner guesses at the new items and each batch's settle scans all of them
  // (0.8 s a batch at 100k items instead of 3 ms).
  if (added >= ANALYZE_AFTER) await db.execute(sql`ANALYZE lookup_items`);
}

/** The provider side of the run: the job's gateway, if still usable, paced at its rate. */
async function open(deps: RunnerDeps, job: JobRow, lease: Lease): Promise<LookupRun | null> {
  const { db } = deps;
  const teamId = job.team_id;
  const type = Number(job.type) as LookupType;
  const gateway = job.gateway_id ? await loadGatewayForRun(db, teamId, job.gateway_id) : null;
  const kind = LookupTypeGatewayKind[type];
  if (!gateway?.active || gateway.kind !== kind) return null;
  const rate = gateway.rateLimit ?? DEFAULT_LOOKUP_RATE;
  const pacer = pacerFor(gateway.id, pacedRate(rate));
  const adapter = lookupAdapterFor(kind, gateway.adapter, {
    ...deps.providerOptions,
    pace: () => pacer.acquire(),
  }) as LookupAdapter<ProviderResult, unknown>;
  const freshness = await runFreshness(db, teamId);
  return {
    deps,
    job,
    type,
    lease,
    holder: { kind: "lookup", refId: job.id },
    gatewayType: gateway.adapter.type,
    adapter,
    pacer,
    batchSize: deps.batchSize ?? Math.min(500, Math.max(1, rate * 2)),
    freshness: job.force || gateway.isForce ? null : freshness,
    events: publishLookup(deps, teamId, job.id),
    deferred: new Set(),
    lastDown: null,
  };
}

/**
 * Pipelined: while one batch's answers are settled, the next batch is already being asked about, so the provider
 * sees a steady rate instead of a pause per batch.
 */
async function pipeline(run: LookupRun): Promise<RunOutcome> {
  let prev: InFlight | null = null;
  for (;;) {
    if (!(await keepsRunning(run.deps.db, run.lease))) return windDown(run, prev);
    const next = await claimBatch(run, prev);
    if (next === "leased") {
      if (prev) await prev.asking;
      return "leased";
    }
    if (prev) {
      const ended = await settlePair(run, prev, next);
      if (ended) return ended;
    }
    if (next === "empty") {
      if (await complete(run)) return "completed";
      prev = null;
      continue;
    }
    prev = next;
  }
}

/** Paused, stopped or taken over: what is in flight is still settled (answered items are paid for once). */
async function windDown(run: LookupRun, inFlight: InFlight | null): Promise<RunOutcome> {
  if (inFlight) await settle(run, inFlight);
  await run.events.flush();
  const s = await one<{ status: number }>(
    run.deps.db,
    sql`SELECT status FROM lookup_jobs WHERE team_id = ${run.job.team_id} AND id = ${run.job.id}`,
  );
  return !s ? "gone" : s.status === LookupStatuses.paused ? "paused" : s.status === LookupStatuses.running ? "leased" : "stopped";
}

/** Claims the next batch (less what is in flight or passed over), holds its money and starts asking the provider. */
async function claimBatch(run: LookupRun, inFlight: InFlight | null): Promise<InFlight | "empty" | "leased"> {
  const exclude = new Set(run.deferred);
  for (const v of inFlight?.values ?? []) exclude.add(v);
  const items = await pendingItems(run.deps.db, run.job, run.type, run.batchSize, run.freshness, exclude);
  if (!items.length) return "empty";
  const { batch, ask } = sortItems(items);
  const held = await hold(run, ask);
  // Another runner took the job over (this one's lease lapsed): it carries on; this one stops here.
  if (held === "leased") return "leased";
  return {
    batch,
    hold: held.hold,
    outOfFunds: held.items < ask.length,
    values: items.map((i) => i.value),
    asking: askProvider(run.adapter, run.pacer, ask.slice(0, held.items)),
  };
}

/** Holds the money for the items the provider must answer, as far as the balance goes; only while the lease is this runner's. */
async function hold(run: LookupRun, ask: ClaimedItem[]): Promise<{ hold?: Hold; items: number } | "leased"> {
  if (!ask.length) return { items: 0 };
  const teamId = run.job.team_id;
  const held = await run.deps.db.transaction(async (tx) =>
    (await run.lease.holds(tx))
      ? holdFunds(tx, teamId, run.holder, { items: ask.length, unitPrice: (await lookupPrices(tx))[run.type], useFree: true })
      : null,
  );
  return held === null ? "leased" : { hold: held, items: held.items };
}

/** Settles a batch once the provider answered it; what it tells the loop. */
async function settle(run: LookupRun, f: InFlight): Promise<Settled> {
  const r = await f.asking;
  f.batch.answered = r.answered;
  f.batch.failed = r.failed;
  for (const v of r.unanswered) run.deferred.add(v);
  const job = { teamId: run.job.team_id, id: run.job.id, type: run.type };
  const settled = await run.deps.db.transaction((tx) => settleBatch(tx, job, f.batch, run.adapter.unitCost, run.lease, f.hold));
  // Taken over while asking the provider: the new runner released this batch's hold and redoes what is
  // still pending; nothing of this batch is written (the provider was asked twice, the team pays once).
  if (settled === null) return "leased";
  await run.events.progress();
  if (r.down || run.deferred.size > MAX_DEFERRED) {
    run.lastDown = r.down;
    return "down";
  }
  // The next batch's hold was taken before this one's unused money came back: out of funds only if still so.
  if (f.outOfFunds && (await affordableItems(run.deps.db, job.teamId, run.type)) <= 0) return "funds";
  return "ok";
}

/** Settles the previous batch; if that ends the run, the next one (in flight with money held) is settled too. */
async function settlePair(run: LookupRun, prev: InFlight, next: InFlight | "empty"): Promise<RunOutcome | null> {
  const outcome = await settle(run, prev);
  if (outcome === "ok") return null;
  // The next batch has no more to ask than it holds, so settling it cannot run out of money on its own.
  const tail = next === "empty" || outcome === "leased" ? "ok" : await settle(run, next);
  if (outcome === "leased" || tail === "leased") {
    if (next !== "empty") await next.asking;
    return "leased";
  }
  if (outcome === "funds" || tail === "funds") return outOfFunds(run);
  return down(run);
}

/** Nothing left to claim: completed, unless items arrived meanwhile (an API import adds items to its running job). */
async function complete(run: LookupRun): Promise<boolean> {
  if (run.deferred.size) return down(run);
  const { team_id: teamId, id } = run.job;
  const done = await rows(
    run.deps.db,
    sql`UPDATE lookup_jobs SET status = ${LookupStatuses.completed}, error = NULL, finished_at = now(), updated_at = now()
        WHERE team_id = ${teamId} AND id = ${id} AND status = ${LookupStatuses.running}
          AND NOT EXISTS (SELECT 1 FROM lookup_items WHERE team_id = ${teamId} AND job_id = ${id} AND state = ${LookupItemStates.pending})
        RETURNING id`,
  );
  if (!done.length) return false;
  await run.events.flush();
  return true;
}

async function outOfFunds(run: LookupRun): Promise<RunOutcome> {
  await finish(run.deps.db, run.job, LookupStatuses.stopped, INSUFFICIENT_FUNDS);
  await run.events.flush();
  await run.events.message(INSUFFICIENT_FUNDS, "error");
  return "stopped";
}

/** Fails closed: the unanswered items stay pending (a DNC check is never taken as clean) and the job retries. */
async function down(run: LookupRun): Promise<never> {
  await run.deps.db.execute(
    sql`UPDATE lookup_jobs SET error = ${"The provider is not answering; the lookup retries shortly."}, updated_at = now()
        WHERE team_id = ${run.job.team_id} AND id = ${run.job.id}`,
  );
  await run.events.flush();
  throw new ProviderDownError(
    run.lastDown?.message ?? `The provider could not answer ${run.deferred.size} item(s); they are retried shortly.`,
  );
}

async function finish(db: Db, job: JobRow, status: number, error: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE lookup_jobs SET status = ${status}, error = ${error}, finished_at = now(), updated_at = now()
        WHERE team_id = ${job.team_id} AND id = ${job.id} AND status = ${LookupStatuses.running}`,
  );
}

/**
 * The pace the pacer keeps for a gateway's limit: 3% under it from 20/s up, so requests that leave at the limit
 * and meet network jitter on the way still arrive under it at the provider.
 */
export function pacedRate(limit: number): number {
  return limit >= 20 ? Math.floor(limit * 0.97) : limit;
}
