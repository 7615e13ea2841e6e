import { randomUUID } from "node:crypto";
import {
  DEFAULT_LOOKUP_RATE,
  INSUFFICIENT_FUNDS,
  type LookupFreshness,
  LookupStatuses,
  type LookupType,
  LookupTypeGatewayKind,
} from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { affordableItems, type Hold, type HoldOwner, holdFunds, lookupPrices, releaseHolds } from "../billing";
import { loadGatewayForRun } from "../gateways/gateway-run";
import { lookupAdapterFor } from "../providers/provider-factory";
import { type LookupAdapter, ProviderError, type ProviderOptions } from "../providers/provider-types";
import type { LivePublisher } from "../shared/live";
import { one, rows, textArray } from "../shared/rows";
import { publishLookup } from "./lookup-events";
import { getFreshness } from "./lookup-freshness";
import { snapshotItems } from "./lookup-scope";
import { type Answered, type Batch, emptyBatch, holdsLease, type ProviderResult, settleBatch } from "./lookup-settle";
import { type Pacer, pacerFor } from "./pacer";

/*
 * Runs one lookup job while its status is 1 (running): snapshot the scope into the item ledger once, then batch
 * by batch: reuse fresh results for free, hold the money for the rest, ask the provider at the gateway's pace,
 * and settle the batch (results, timeline, counters, charge) in one transaction. Pause and stop are noticed
 * between batches. A runner holds a lease on the job, so a second runner (a retry, the sweep) backs off while
 * the first lives, and takes over when its lease runs out.
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

const LEASE_SECONDS = 60;

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

/** Thrown when the provider stays unreachable: the job stays running, its pending items unchecked, and retries later. */
export class ProviderDownError extends Error {}

export async function runLookupJob(deps: RunnerDeps, teamId: number, jobId: number): Promise<RunOutcome> {
  const { db } = deps;
  const owner = randomUUID();
  const lease = async () =>
    (
      await rows(
        db,
        sql`UPDATE lookup_jobs SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
            WHERE team_id = ${teamId} AND id = ${jobId} AND status = 1
              AND (lease_owner IS NULL OR lease_owner = ${owner} OR lease_until < now()) RETURNING id`,
      )
    ).length > 0;
  const job = await one<JobRow>(db, sql`SELECT * FROM lookup_jobs WHERE team_id = ${teamId} AND id = ${jobId}`);
  if (!job) return "gone";
  if (job.status !== LookupStatuses.running) return job.status === LookupStatuses.paused ? "paused" : "stopped";
  if (!(await lease())) return "leased";
  const release = () =>
    db.execute(
      sql`UPDATE lookup_jobs SET lease_owner = NULL, lease_until = NULL WHERE team_id = ${teamId} AND id = ${jobId} AND lease_owner = ${owner}`,
    );
  // The lease is renewed between batches, and by this heartbeat while a batch waits on a slow provider.
  const heartbeat = setInterval(
    () => {
      db.execute(
        sql`UPDATE lookup_jobs SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE team_id = ${teamId} AND id = ${jobId} AND lease_owner = ${owner}`,
      ).catch(() => undefined);
    },
    (LEASE_SECONDS * 1000) / 3,
  );
  try {
    return await runLeased(deps, job, lease, owner);
  } finally {
    clearInterval(heartbeat);
    await release();
  }
}

async function runLeased(deps: RunnerDeps, job: JobRow, lease: () => Promise<boolean>, owner: string): Promise<RunOutcome> {
  const { db } = deps;
  const teamId = job.team_id;
  const type = Number(job.type) as LookupType;
  const holder: HoldOwner = { kind: "lookup", refId: job.id };
  // Holds left by a runner that died mid-batch go back first; their items are still pending.
  await db.transaction((tx) => releaseHolds(tx, teamId, holder));
  if (!job.snapshot_at) {
    const added = await db.transaction((tx) =>
      snapshotItems(tx, teamId, job.id, type, {
        sourceId: job.source_id,
        listId: job.list_id,
        segmentId: job.segment_id,
        leadId: job.lead_id,
        importId: job.import_id,
      }),
    );
    // Fresh statistics, or the planner guesses at the new items and each batch's settle scans all of them
    // (0.8 s a batch at 100k items instead of 3 ms).
    if (added >= ANALYZE_AFTER) await db.execute(sql`ANALYZE lookup_items`);
  }
  const gateway = job.gateway_id ? await loadGatewayForRun(db, teamId, job.gateway_id) : null;
  const kind = LookupTypeGatewayKind[type];
  if (!gateway?.active || gateway.kind !== kind) {
    await finish(deps, job, LookupStatuses.stopped, "The gateway of this lookup is no longer available.");
    return "stopped";
  }
  const rate = gateway.rateLimit ?? DEFAULT_LOOKUP_RATE;
  const pacer = pacerFor(gateway.id, pacedRate(rate));
  const adapter = lookupAdapterFor(kind, gateway.adapter, {
    ...deps.providerOptions,
    pace: () => pacer.acquire(),
  }) as LookupAdapter<ProviderResult>;
  /** Items the provider failed to answer this run (429s, 5xx, timeouts after retries): passed over, still pending. */
  const deferred = new Set<string>();
  const batchSize = deps.batchSize ?? Math.min(500, Math.max(1, rate * 2));
  const freshness = await getFreshness(db, teamId);
  const force = job.force || gateway.isForce;
  const events = publishLookup(deps, teamId, job.id);

  type Asked = Awaited<ReturnType<typeof askProvider>>;
  interface InFlight {
    batch: Batch;
    hold: Hold | undefined;
    outOfFunds: boolean;
    values: string[];
    asking: Promise<Asked>;
  }
  const status = async (): Promise<RunOutcome> => {
    const s = await one<{ status: number }>(db, sql`SELECT status FROM lookup_jobs WHERE team_id = ${teamId} AND id = ${job.id}`);
    return !s ? "gone" : s.status === LookupStatuses.paused ? "paused" : s.status === LookupStatuses.running ? "leased" : "stopped";
  };

  /** Claims the next batch (less what is in flight or passed over), holds its money and starts asking the provider. */
  const start = async (inFlight: InFlight | null): Promise<InFlight | "empty" | "leased"> => {
    const exclude = new Set(deferred);
    for (const v of inFlight?.values ?? []) exclude.add(v);
    const items = await claim(db, teamId, job.id, type, batchSize, force ? null : freshness, exclude);
    if (!items.length) return "empty";
    const batch = emptyBatch();
    const ask: ClaimedItem[] = [];
    for (const it of items) {
      if (!it.present) batch.skipped.push(it.value);
      else if (it.fresh) batch.reused.push(it.value);
      else ask.push(it);
    }
    let asked = ask;
    let outOfFunds = false;
    let hold: Hold | undefined;
    if (ask.length) {
      const held = await db.transaction(async (tx) =>
        (await holdsLease(tx, teamId, job.id, owner))
          ? holdFunds(tx, teamId, holder, { items: ask.length, unitPrice: (await lookupPrices(tx))[type], useFree: true })
          : null,
      );
      // Another runner took the job over (this one's lease lapsed): it carries on; this one stops here.
      if (held === null) return "leased";
      hold = held;
      if (held.items < ask.length) {
        outOfFunds = true;
        asked = ask.slice(0, held.items);
      }
    }
    return { batch, hold, outOfFunds, values: items.map((i) => i.value), asking: askProvider(adapter, pacer, asked) };
  };

  /** Settles a batch once the provider answered it; what it tells the loop. */
  const settle = async (f: InFlight): Promise<"ok" | "leased" | "funds" | "down"> => {
    const r = await f.asking;
    f.batch.answered = r.answered;
    f.batch.failed = r.failed;
    for (const v of r.unanswered) deferred.add(v);
    const settled = await db.transaction((tx) => settleBatch(tx, { teamId, id: job.id, type }, f.batch, adapter.unitCost, owner, f.hold));
    // Taken over while asking the provider: the new runner released this batch's hold and redoes what is
    // still pending; nothing of this batch is written (the provider was asked twice, the team pays once).
    if (settled === null) return "leased";
    await events.progress();
    if (r.down || deferred.size > MAX_DEFERRED) {
      lastDown = r.down;
      return "down";
    }
    // The next batch's hold was taken before this one's unused money came back: out of funds only if still so.
    if (f.outOfFunds && (await affordableItems(db, teamId, type)) <= 0) return "funds";
    return "ok";
  };
  let lastDown: ProviderError | null = null;

  const outOfFunds = async (): Promise<RunOutcome> => {
    await finish(deps, job, LookupStatuses.stopped, INSUFFICIENT_FUNDS);
    await events.flush();
    await events.message(INSUFFICIENT_FUNDS, "error");
    return "stopped";
  };
  const down = async (): Promise<never> => {
    // Fail closed: the unanswered items stay pending (a DNC check is never taken as clean) and the job retries.
    await providerDown(db, teamId, job.id);
    await events.flush();
    throw new ProviderDownError(lastDown?.message ?? `The provider could not answer ${deferred.size} item(s); they are retried shortly.`);
  };

  // Pipelined: while one batch's answers are settled, the next batch is already being asked about, so the
  // provider sees a steady rate instead of a pause per batch.
  let prev: InFlight | null = null;
  for (;;) {
    if (!(await lease())) {
      // Paused, stopped or taken over: what is in flight is still settled (answered items are paid for once).
      if (prev) await settle(prev);
      await events.flush();
      return status();
    }
    const next = await start(prev);
    if (next === "leased") {
      if (prev) await prev.asking;
      return "leased";
    }
    if (prev) {
      const outcome = await settle(prev);
      if (outcome !== "ok") {
        // The next batch is in flight with money held: settle it too (it has no more to ask than it holds).
        const tail = next === "empty" || outcome === "leased" ? "ok" : await settle(next);
        if (outcome === "leased" || tail === "leased") {
          if (next !== "empty") await next.asking;
          return "leased";
        }
        if (outcome === "funds" || tail === "funds") return outOfFunds();
        return down();
      }
    }
    if (next === "empty") {
      if (deferred.size) return down();
      // Completed only if nothing arrived meanwhile (an API import adds items to its running job).
      const done = await rows(
        db,
        sql`UPDATE lookup_jobs SET status = 3, error = NULL, finished_at = now(), updated_at = now()
            WHERE team_id = ${teamId} AND id = ${job.id} AND status = 1
              AND NOT EXISTS (SELECT 1 FROM lookup_items WHERE team_id = ${teamId} AND job_id = ${job.id} AND state = 0)
            RETURNING id`,
      );
      prev = null;
      if (!done.length) continue;
      await events.flush();
      return "completed";
    }
    prev = next;
  }
}

/** Snapshots at least this big re-analyse the item ledger. */
const ANALYZE_AFTER = 10_000;
/** Past this many unanswered items in one run the provider counts as down. */
const MAX_DEFERRED = 1000;
/** Unanswered in a row that make a provider count as down at once (a 5xx storm, a dead host). */
const DOWN_AFTER = 10;

/**
 * The pace the pacer keeps for a gateway's limit: 3% under it from 20/s up, so requests that leave at the limit
 * and meet network jitter on the way still arrive under it at the provider.
 */
export function pacedRate(limit: number): number {
  return limit >= 20 ? Math.floor(limit * 0.97) : limit;
}

async function providerDown(db: Db, teamId: number, jobId: number) {
  await db.execute(
    sql`UPDATE lookup_jobs SET error = ${"The provider is not answering; the lookup retries shortly."}, updated_at = now()
        WHERE team_id = ${teamId} AND id = ${jobId}`,
  );
}

interface ClaimedItem {
  value: string;
  lead_id: number;
  present: boolean;
  fresh: boolean;
}

/** The next pending items (less those passed over), with whether each is still on its lead and its last result is fresh. */
async function claim(
  db: Db,
  teamId: number,
  jobId: number,
  type: LookupType,
  limit: number,
  fresh: LookupFreshness | null,
  passedOver: Set<string>,
) {
  const contact =
    type === 2
      ? sql`LEFT JOIN lead_emails c ON c.team_id = i.team_id AND c.email = i.value`
      : sql`LEFT JOIN lead_phones c ON c.team_id = i.team_id AND c.phone = i.value`;
  const checkedAt = type === 1 ? sql`c.looked_up_at` : type === 3 ? sql`c.dnc_checked_at` : sql`c.looked_up_at`;
  const days = !fresh ? null : type === 1 ? fresh.carrier_days : type === 3 ? fresh.dnc_days : fresh.email_days;
  const isFresh = days ? sql`(${checkedAt} > now() - make_interval(days => ${days}))` : sql`false`;
  return rows<ClaimedItem>(
    db,
    sql`SELECT i.value, i.lead_id, (c.lead_id IS NOT NULL) AS present, COALESCE(${isFresh}, false) AS fresh
        FROM lookup_items i ${contact}
        WHERE i.team_id = ${teamId} AND i.job_id = ${jobId} AND i.state = 0
          ${passedOver.size ? sql`AND NOT (i.value = ANY(${textArray(passedOver)}))` : sql``}
        ORDER BY i.value LIMIT ${limit}`,
  );
}

/**
 * Asks the provider about each item at the pacer's rate, a bounded number at a time. An item the provider refuses
 * (4xx) is failed; one it cannot answer after the adapter's retries is unanswered and stays pending. Ten
 * unanswered in a row, or all of them, mean the provider is down: the batch stops there.
 */
async function askProvider(adapter: LookupAdapter<ProviderResult>, pacer: Pacer, items: ClaimedItem[]) {
  const answered: Answered[] = [];
  const failed: { value: string; reason: string }[] = [];
  const unanswered: string[] = [];
  let down: ProviderError | null = null;
  let inARow = 0;
  const concurrency = Math.max(1, Math.min(64, pacer.rate));
  let next = 0;
  async function worker() {
    while (!down && next < items.length) {
      const it = items[next++]!;
      await pacer.acquire();
      try {
        answered.push({ value: it.value, leadId: Number(it.lead_id), result: await adapter.lookup(it.value) });
        inARow = 0;
      } catch (e) {
        if (e instanceof ProviderError && !e.retryable) {
          failed.push({ value: it.value, reason: e.message });
          inARow = 0;
        } else {
          unanswered.push(it.value);
          if (++inARow >= DOWN_AFTER) down = e instanceof ProviderError ? e : new ProviderError(String(e), true);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (!down && unanswered.length && !answered.length && !failed.length)
    down = new ProviderError("The provider answered none of the batch.", true);
  return { answered, failed, unanswered, down: down as ProviderError | null };
}

async function finish(deps: RunnerDeps, job: JobRow, status: number, error: string | null) {
  await deps.db.execute(
    sql`UPDATE lookup_jobs SET status = ${status}, error = ${error}, finished_at = now(), updated_at = now()
        WHERE team_id = ${job.team_id} AND id = ${job.id} AND status = 1`,
  );
}
