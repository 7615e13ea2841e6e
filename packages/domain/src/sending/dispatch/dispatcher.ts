import { DEFAULT_SEND_RATE } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { sendPrices } from "../../billing";
import { CounterBatch, utcDay } from "../../campaigns";
import { callbackSecretFor, loadGatewayForCallback, type RunGateway } from "../../gateways";
import { emailSendAdapterFor, type ProviderOptions, sendUnitCost, smsSendAdapterFor } from "../../providers";
import { Lease } from "../../shared/lease";
import type { LivePublisher } from "../../shared/live";
import { createPacer, type Pacer } from "../../shared/pacer";
import { bigintArray, type DbOrTx, one, rows } from "../../shared/rows";
import { publishCampaigns } from "../counters/campaign-events";
import { failCampaignsOverThreshold } from "../outcomes/auto-fail";
import { completeFinishedCampaigns } from "../outcomes/campaign-progress";
import { planAfterTaken } from "../plan/plan-after";
import { SuppressionCheck, type SuppressionWatch } from "../suppressions";
import { takeAllowances } from "./allowance";
import { type BatchHolds, holdForBatch, returnUncovered, settleBatch, settleIdleHolds } from "./charges";
import { type ClaimedRow, claimDue, deferMissedWindows } from "./dispatch-claim";
import { markSubmitting, recordOutcomes, type SendResult } from "./dispatch-record";
import { type Rendered, renderBatch } from "./dispatch-render";
import { sendingDomainOf } from "./dispatch-render-email";
import { type SendRun, sendAll } from "./dispatch-send";
import { HandOverMark, returnNeverHanded } from "./hand-over-mark";
import { drainLane, type LaneRun, refuseLane } from "./lane/lane";
import { laneAnswers } from "./lane/lane-answers";
import { laneOptIns } from "./lane/lane-opt-ins";
import { laneReplies } from "./lane/lane-replies";
import { laneSpamTests } from "./lane/lane-spam-tests";
import { laneTests } from "./lane/lane-tests";
import type { LaneKind } from "./lane/lane-types";
import { laneWelcomes } from "./lane/lane-welcomes";
import { markAhead } from "./mark-ahead";
import { type SenderPaces, senderPaces } from "./sender-pacing";

/*
 * One gateway's dispatcher: while it holds the gateway's lease — one dispatcher per gateway whatever the number of
 * processes, so the gateway's pace holds across all of them — it claims due rows, renders them, commits them as
 * `submitting`, calls the provider at the gateway's pace, and records the outcomes, batch after batch, until nothing
 * is due. Beside the batches it sends the gateway's other messages (answers, welcomes, tests: lane.ts) through the
 * same pace: it is the only sender of its gateway. A dispatcher that finds the lease of a dead one takes over: its
 * `claimed` rows go back to `planned` (never sent), its `submitting` rows become `unknown` (maybe sent: reconciled
 * from callbacks, never resent). Stopping (the worker's SIGTERM) starts nothing more, hands unsent rows back, lets the
 * lease go and wakes a dispatcher elsewhere.
 */

export interface DispatchDeps {
  db: Db;
  /** The app's public base URL (callbacks, links). */
  publicUrl: string;
  providerOptions?: ProviderOptions;
  /** Rows per batch (default a second of the gateway's pace, 10–500: outcomes, auto-fail and live progress each second). */
  batchSize?: number;
  /** Calls in flight at once. */
  concurrency?: number;
  /** Where the campaigns' progress goes live (CampaignProgress, CampaignStatus); none in tests that don't look. */
  live?: LivePublisher;
  /** A test's clock for the pacer. */
  pacer?: Pacer;
  /**
   * Wakes gateways' dispatchers: others' (the daily-limit trigger enrolled leads into their campaigns), or this
   * gateway's own in another process when this one stops.
   */
  wake?: (gatewayIds: readonly number[]) => Promise<void>;
  /** This process's liveness key: a lease it holds is taken over the moment the process ends (leadership.ts). */
  livenessKey?: () => number | null;
  /** Aborted when the worker stops: nothing more is handed over, unsent rows go back, the lease is let go. */
  stopping?: AbortSignal;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
  /**
   * The process's watch over the suppression list (suppression-watch.ts): with it, the check right before each call
   * is a lookup of what was suppressed since the claim; without it, a read of the list per round of calls.
   */
  suppressionWatch?: SuppressionWatch;
}

export type DispatchOutcome = "idle" | "leased" | "gone" | "lost" | "stopped";

const LEASE_SECONDS = 60;
/** The longest the dispatcher sleeps for a campaign's next token before looking again. */
const MAX_WAIT_MS = 5_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/**
 * No rate + 1 calls within this window. The pacer counts each call until its answer, so a call delayed on its way is
 * still counted where the provider sees it; the few milliseconds over a second cover the two clocks' rounding.
 */
export const SEND_WINDOW_MS = 1005;
/**
 * The lane's kinds in the order each drain takes them: answers first (a STOP's confirmation is due at once), then the
 * inbox's replies (a person is watching the thread).
 */
const LANE_KINDS: readonly LaneKind[] = [laneAnswers, laneReplies, laneOptIns, laneTests, laneWelcomes, laneSpamTests];
/** While a campaign waits for its next token, the lane is looked at this often. */
const LANE_POLL_MS = 500;
/** While batches go out and the lane had nothing, it is looked at this often (a STOP's confirmation waits no longer). */
const LANE_EVERY_MS = 200;

interface Dispatch extends SendRun {
  deps: DispatchDeps;
  gateway: RunGateway & { teamId: number | null };
  lease: Lease;
  batchSize: number;
  unitCost: number;
  mark: HandOverMark;
  /** Whether the message at a place in the sending order may start (the mark, asked ahead when the calls run fast). */
  mayStart: (seq: number) => Promise<boolean>;
  lane: LaneRun;
}

/** The lease row as the last holder left it: whether it let go, and the calls of its last second. */
interface Predecessor {
  lease_owner: string | null;
  recent_calls: number[] | null;
}

/**
 * Runs the gateway's dispatcher until nothing is due. A wake that finds the lease taken raises `wanted` and tries once
 * more (the holder may have let go meanwhile); the holder reads `wanted` after letting go and runs again when it
 * moved — so a message written after the holder's last look, whose wake found it still holding, is never left waiting.
 */
export async function runDispatcher(deps: DispatchDeps, gatewayId: number): Promise<DispatchOutcome> {
  for (;;) {
    const run = await holdAndRun(deps, gatewayId);
    if (run.outcome !== "idle" || !run.wantedMeanwhile || deps.stopping?.aborted) return run.outcome;
  }
}

interface Held {
  outcome: DispatchOutcome;
  /** Whether a wake found the lease taken while this run held it. */
  wantedMeanwhile: boolean;
}

async function holdAndRun(deps: DispatchDeps, gatewayId: number): Promise<Held> {
  const { db } = deps;
  const ended = (outcome: DispatchOutcome): Held => ({ outcome, wantedMeanwhile: false });
  if (deps.stopping?.aborted) return ended("stopped");
  const gateway = await loadGatewayForCallback(db, gatewayId);
  if (!gateway?.active || (gateway.kind !== "sms" && gateway.kind !== "email")) {
    await refuseLane(db, gatewayId, LANE_KINDS);
    return ended("gone");
  }
  await db.execute(
    sql`INSERT INTO send_dispatchers (id, team_id) VALUES (${gateway.id}, ${gateway.teamId ?? 0}) ON CONFLICT (id) DO NOTHING`,
  );
  const before = await one<Predecessor>(db, sql`SELECT lease_owner, recent_calls FROM send_dispatchers WHERE id = ${gateway.id}`);
  const lease = new Lease(
    { table: "send_dispatchers", teamId: gateway.teamId ?? 0, id: gateway.id },
    LEASE_SECONDS,
    () => deps.livenessKey?.() ?? null,
  );
  const claim = () => lease.claim<{ wanted: number }>(db, { returning: sql`wanted` });
  let held = await claim();
  if (!held) {
    await db.execute(sql`UPDATE send_dispatchers SET wanted = wanted + 1 WHERE id = ${gateway.id}`);
    held = await claim();
    if (!held) return ended("leased");
  }
  const stopHeartbeat = lease.heartbeat(db);
  let run: Dispatch | undefined;
  let unwatch: (() => Promise<void>) | undefined;
  let outcome: DispatchOutcome = "lost";
  try {
    unwatch = await deps.suppressionWatch?.acquire();
    await takeOver(db, gateway.id, lease.owner);
    run = await open(deps, gateway, lease);
    followPredecessor(run, before, lease.owner);
    await run.mark.open();
    await warmUp(run);
    outcome = await loop(run);
  } finally {
    stopHeartbeat();
    await unwatch?.();
    const recent = run?.pacer.recent() ?? [];
    await lease.release(
      db,
      sql`holder_key = NULL, released_at = now(), recent_calls = ${
        recent.length
          ? sql`ARRAY[${sql.join(
              recent.map((t) => sql`${t}`),
              sql`, `,
            )}]::float8[]`
          : sql`NULL`
      }`,
    );
    // A stopping worker's gateway is another process's to carry on at once, not at the next minute's tick.
    if (deps.stopping?.aborted) await deps.wake?.([gateway.id]).catch(() => undefined);
  }
  const after = await one<{ wanted: number }>(db, sql`SELECT wanted FROM send_dispatchers WHERE id = ${gateway.id}`);
  return { outcome, wantedMeanwhile: Number(after?.wanted ?? 0) !== Number(held.wanted) };
}

/**
 * The pace goes on from the last holder's: the calls it made in its last second count in this one's first. A holder
 * that did not let go (a dead process, a lapsed lease) may have called right up to now: the first second is its.
 */
function followPredecessor(run: Dispatch, before: Predecessor | undefined, owner: string): void {
  if (before?.lease_owner && before.lease_owner !== owner) run.pacer.seed(Array(run.pacer.rate).fill(Date.now()));
  else if (before?.recent_calls?.length) run.pacer.seed(before.recent_calls.map(Number));
}

async function open(deps: DispatchDeps, gateway: RunGateway & { teamId: number | null }, lease: Lease): Promise<Dispatch> {
  const batchSize = deps.batchSize ?? Math.min(500, Math.max(10, rate(gateway)));
  // Written a tenth of a batch ahead (about ten small writes a batch), and further by time when the calls outrun the
  // pace (mark-ahead.ts): a dispatcher that dies leaves that much maybe-sent but never handed over, besides its calls in
  // flight.
  const step = Math.max(5, Math.ceil(batchSize / 10));
  const mark = new HandOverMark(deps.db, gateway.id, lease.owner, step);
  const secret = await callbackSecretFor(deps.db, gateway.id);
  const ctx = { gatewayId: gateway.id, publicUrl: deps.publicUrl, callbackSecret: secret };
  const channel = gateway.kind as "sms" | "email";
  const sms = channel === "sms" ? smsSendAdapterFor(gateway.adapter, ctx, deps.providerOptions) : null;
  const email = channel === "email" ? emailSendAdapterFor(gateway.adapter, ctx, deps.providerOptions) : null;
  const pacer = deps.pacer ?? createPacer(rate(gateway), undefined, SEND_WINDOW_MS);
  const suppressions = new SuppressionCheck(deps.db);
  // The platform's price on its own gateways (charged to the team); the provider's list price on a team's own.
  const unitCost = gateway.teamId === null ? (await sendPrices(deps.db))[channel] : (sendUnitCost(channel, gateway.type) ?? 0);
  return {
    deps,
    lane: {
      db: deps.db,
      gatewayId: gateway.id,
      gatewayTeamId: gateway.teamId,
      sms,
      email,
      pacer,
      unitCost,
      suppressions,
      batchSize,
      ...(deps.stopping ? { stopping: deps.stopping } : {}),
    },
    suppressions,
    ...(deps.suppressionWatch ? { watch: deps.suppressionWatch } : {}),
    ...(deps.stopping ? { stopping: deps.stopping } : {}),
    db: deps.db,
    gatewayId: gateway.id,
    publicUrl: deps.publicUrl,
    concurrency: deps.concurrency ?? 8,
    failing: new Set(),
    gateway,
    lease,
    sms,
    email,
    pacer,
    senders: await senderPaces(deps.db, gateway.id),
    batchSize,
    mark,
    mayStart: markAhead(mark, step, rate(gateway)),
    unitCost,
    secret,
  };
}

/** The gateway's send rate per second (its Send rate, DEFAULT_SEND_RATE when empty). */
const rate = (gateway: RunGateway): number => Math.max(1, gateway.rateLimit ?? DEFAULT_SEND_RATE);

/**
 * One read of the provider's account before the first send (its connection check), so the connection is open when the
 * paced sends start: a first send that also opened the connection would reach the provider late and land in the same
 * second as the ones after it (the provider counts arrivals). Its failure is the sends' business, not this one's.
 */
async function warmUp(run: Dispatch): Promise<void> {
  const adapter = run.sms ?? run.email;
  await adapter?.testConnection(AbortSignal.timeout(WARM_UP_MS)).catch(() => undefined);
}
const WARM_UP_MS = 5_000;

/**
 * A dead dispatcher's rows: `claimed` ones were never handed to a provider and go back to `planned`, as do
 * `submitting` ones past its handed-over mark; the other `submitting` ones may have been, and become `unknown` for
 * reconciliation. Rows this dispatcher claimed before a restart count alike.
 */
async function takeOver(db: Db, gatewayId: number, owner: string): Promise<void> {
  await db.execute(
    sql`UPDATE campaign_messages SET state = 'planned', claimed_by = NULL, updated_at = now()
        WHERE gateway_id = ${gatewayId} AND state = 'claimed' AND claimed_by IS DISTINCT FROM ${owner}`,
  );
  // Maybe sent: counted as handed over (processed, cost) now; once only — an outcome
  // recorded later for such a row counts nothing more (dispatch-record.ts).
  await db.transaction(async (tx) => {
    await returnNeverHanded(tx, gatewayId, owner);
    const lost = await rows<{ team_id: number; campaign_id: number; step_id: number; part_id: number; cost: number | null }>(
      tx,
      sql`UPDATE campaign_messages SET state = 'unknown', error_message = 'The dispatcher stopped while the provider was called.', updated_at = now()
          WHERE gateway_id = ${gatewayId} AND state = 'submitting' AND claimed_by IS DISTINCT FROM ${owner}
          RETURNING team_id, campaign_id, step_id, part_id, cost::float8 AS cost`,
    );
    const counters = new CounterBatch();
    const day = utcDay();
    for (const r of lost) {
      const key = { teamId: r.team_id, campaignId: r.campaign_id, stepId: r.step_id, partId: r.part_id, day };
      counters.add(key, "processed").add(key, "cost", r.cost ?? 0);
    }
    await counters.write(tx);
  });
  // Its holds: those whose rows all have their answer are settled now; those with rows now `unknown` stay held until
  // reconciliation says whether the provider took them.
  await db.transaction((tx) => settleIdleHolds(tx, gatewayId));
}

type Prepared =
  | { kind: "lost" }
  | { kind: "idle" }
  /** Due rows held back by their campaign's frequency: its next token comes in `ms`. */
  | { kind: "wait"; ms: number }
  | {
      kind: "batch";
      claimed: ClaimedRow[];
      rendered: Rendered[];
      holds: BatchHolds;
      marked: Set<number>;
      seqOf: Map<number, number>;
      /** The suppression watch's stamp taken before the claim read the list (the checks before each call ask since). */
      since: number | null;
    };

/**
 * Batch after batch until nothing is due. Pipelined: while one batch is at the provider, the next is claimed,
 * rendered and committed as `submitting`, and the one before is recorded — so the gateway's pace has no gap between
 * batches. The claim never takes a row of a batch in flight (they are not `planned`), and the cool-off gate counts
 * messages in flight to an address as sent. The lane drains beside the batches, through the same pace; the run ends
 * when neither has anything due.
 */
async function loop(run: Dispatch): Promise<DispatchOutcome> {
  const { db } = run.deps;
  const touched = new Set<number>();
  let recording: Promise<void> = Promise.resolve();
  let recordedSinceLook = false;
  let lane: Promise<number> | null = null;
  /** When the last drain started, and whether it found anything. */
  let laneAt = Number.NEGATIVE_INFINITY;
  let laneFound = false;
  /** Starts a drain of the lane unless one runs; answers it. */
  const drain = (): Promise<number> => {
    if (!lane) laneAt = Date.now();
    lane ??= drainLane(run.lane, LANE_KINDS)
      .catch((e) => {
        run.deps.log?.(`gateway ${run.gatewayId}: the lane failed: ${e instanceof Error ? e.message : e}`);
        return 0;
      })
      .then((n) => {
        laneFound = n > 0;
        return n;
      })
      .finally(() => {
        lane = null;
      });
    return lane;
  };
  // Beside the batches, the lane is looked at again at once while it finds messages, else every LANE_EVERY_MS: an
  // empty look costs a statement per kind, and batches follow each other faster than anything there needs.
  const laneDue = () => laneFound || Date.now() - laneAt >= LANE_EVERY_MS;
  const stopping = () => run.stopping?.aborted === true;
  void drain();
  let next = prepareBatch(run);
  let failed = true;
  try {
    const outcome = await pipeline();
    failed = false;
    return outcome;
  } finally {
    // Whatever ended the loop (an error included), the last outcomes are written before the lease is let go.
    await recording.catch(() => undefined);
    const left = await next.catch(() => null);
    // A batch committed ahead that the end left unsent goes back (never handed over).
    if (left?.kind === "batch") await recordBatch(run, left, notStarted(left)).catch(() => undefined);
    await lane;
    if (stopping()) await handBackClaimed(db, run.gatewayId, run.lease.owner);
    // A claim that an error cut off before its batch was committed (the record beside it failed): never handed over.
    else if (failed) await handBackClaimed(db, run.gatewayId, run.lease.owner).catch(() => undefined);
  }

  async function pipeline(): Promise<DispatchOutcome> {
    for (;;) {
      const cur = await next;
      if (cur.kind === "lost") {
        await recording;
        return "lost";
      }
      if (stopping()) {
        await recording;
        if (cur.kind === "batch") await recordBatch(run, cur, notStarted(cur));
        next = Promise.resolve({ kind: "idle" });
        return "stopped";
      }
      if (cur.kind === "idle" || cur.kind === "wait") {
        await recording;
        // What the last recording planned (a next step without delay) or freed may be due now, and the lane may have
        // more: look once more.
        const laneTook = (await (lane ?? Promise.resolve(0))) + (await drain());
        if (recordedSinceLook || laneTook > 0) {
          recordedSinceLook = false;
          next = prepareBatch(run);
          continue;
        }
        if (cur.kind === "idle") break;
        await sleep(Math.min(cur.ms, MAX_WAIT_MS, LANE_POLL_MS));
        if (!(await run.lease.renew(db))) return "lost";
        next = prepareBatch(run);
        continue;
      }
      for (const r of cur.claimed) touched.add(r.campaign_id);
      let nearlyDone = () => {};
      const nearly = new Promise<void>((resolve) => {
        nearlyDone = resolve;
      });
      const sending = sendAll(
        run,
        cur.rendered.filter((r) => cur.marked.has(r.row.id)),
        () => nearlyDone(),
        (r) => run.mayStart(cur.seqOf.get(r.row.id) ?? Number.POSITIVE_INFINITY),
        cur.since,
      );
      if (laneDue()) void drain();
      // The next batch is claimed and rendered while this one sends and the one before is recorded, and committed as
      // submitting once this one is nearly out and that record is done; the batches are recorded in order.
      next = prepareBatch(run, nearly, recording);
      const results = await sending;
      recording = recording.then(() => recordBatch(run, cur, results));
      // Its failure surfaces where it is awaited (the next prepare, or the end), never as an unhandled rejection.
      recording.catch(() => undefined);
      recordedSinceLook = true;
    }
    await publish(run.deps, await completeFinishedCampaigns(db, [...touched]));
    return "idle";
  }
}

/** A committed batch none of whose messages was handed over: each goes back to `planned`, its money given back. */
function notStarted(batch: Extract<Prepared, { kind: "batch" }>): SendResult[] {
  return batch.rendered
    .filter((r) => batch.marked.has(r.row.id))
    .map((rendered) => ({
      rendered,
      outcome: { kind: "throttled", retryAfterMs: 0, message: "Held back: the worker stopped before its turn." },
    }));
}

/** Rows this run claimed and did not commit as `submitting` (the worker is stopping): back to `planned` at once. */
async function handBackClaimed(db: Db, gatewayId: number, owner: string): Promise<void> {
  await db.execute(
    sql`UPDATE campaign_messages SET state = 'planned', claimed_by = NULL, updated_at = now()
        WHERE gateway_id = ${gatewayId} AND state = 'claimed' AND claimed_by = ${owner}`,
  );
}

/**
 * Claims due rows through the gates and the allowances and renders them — while the batch before the one sending is
 * still being recorded; once `ready` (the batch sending is nearly out) and that record `recorded` (its money settled),
 * holds their money and marks them submitting — a dispatcher that dies leaves claimed rows to go back, not maybe-sent
 * ones.
 */
async function prepareBatch(
  run: Dispatch,
  ready: Promise<void> = Promise.resolve(),
  recorded: Promise<void> = Promise.resolve(),
): Promise<Prepared> {
  const { db } = run.deps;
  if (run.stopping?.aborted) return { kind: "idle" };
  // Before the claim's statement takes its snapshot of the suppression list: what arrives after it is checked per call.
  const since = run.watch?.stamp() ?? null;
  const claim = await db.transaction(async (tx) => {
    if (!(await run.lease.holds(tx))) return null;
    // The claim runs beside the record of an earlier batch, and both add to `campaign_counters`: the rows both may
    // touch (a message's campaign, step, part and day) each writes in one statement, in key order, and the claim's is
    // its last; the record's other writes are rows the claim never locks — so neither can wait on the other in a
    // circle.
    const counters = new CounterBatch();
    await deferMissedWindows(tx, run.gateway.id, Date.now(), counters);
    const allowances = await takeAllowances(tx, run.gateway.id, Date.now(), counters);
    const rows = await withinSenderPaces(
      tx,
      run.senders,
      await claimDue(tx, run.gateway.id, run.lease.owner, run.batchSize, allowances.quota, counters),
    );
    const perCampaign = new Map<number, number>();
    for (const r of rows) perCampaign.set(r.campaign_id, (perCampaign.get(r.campaign_id) ?? 0) + 1);
    await allowances.spend(tx, perCampaign);
    await counters.write(tx);
    return { rows, waitMs: allowances.waitMs, triggered: allowances.triggered };
  });
  if (claim === null) return { kind: "lost" };
  const others = claim.triggered.filter((id) => id !== run.gateway.id);
  if (others.length && run.deps.wake) await run.deps.wake(others);
  const claimed = claim.rows;
  if (claimed.length === 0) return claim.waitMs === null ? { kind: "idle" } : { kind: "wait", ms: claim.waitMs };
  const rendered = await renderBatch(db, claimed, {
    publicUrl: run.deps.publicUrl,
    unitCost: run.unitCost,
    signingSecret: run.secret,
    emailDomain: () => sendingDomainOf(run.gateway.id, run.email),
  });
  // The record before settles its holds first: this batch's hold sees the balance that record gave back.
  await Promise.all([ready, recorded]);
  // A worker stopping meanwhile commits nothing more: the claimed rows go back (the loop's end hands them back).
  if (run.stopping?.aborted) return { kind: "idle" };
  // Money first (platform gateways): what the balance does not cover is not sent, and its campaign pauses.
  const prepared = await db.transaction(async (tx) => {
    if (!(await run.lease.holds(tx))) return null;
    const holds = await holdForBatch(tx, run.gateway, rendered, run.unitCost);
    await returnUncovered(tx, holds.uncovered);
    const covered = rendered.filter((r) => !holds.uncovered.includes(r));
    // Their places in the sending order: the order sendAll starts them in.
    const first = run.mark.assign(covered.length);
    const seqOf = new Map(covered.map((r, i) => [r.row.id, first + i]));
    return { holds, seqOf, marked: await markSubmitting(tx, run.lease.owner, covered, holds.holdOf, seqOf) };
  });
  if (prepared === null) return { kind: "lost" };
  return { kind: "batch", claimed, rendered, since, ...prepared };
}

/**
 * Records a batch's outcomes, settles its money and plans the next steps and the welcome messages, in one transaction
 * — even if the lease lapsed meanwhile: they are what the provider said, and only ever raise a row's state; a
 * dispatcher that took over has turned these rows `unknown`, which an outcome resolves. Then auto-fail (rejections count as failures) and live progress.
 */
async function recordBatch(run: Dispatch, batch: Extract<Prepared, { kind: "batch" }>, results: SendResult[]): Promise<void> {
  const { db } = run.deps;
  await db.transaction(async (tx) => {
    const accepted = await recordOutcomes(tx, run.lease.owner, results);
    await settleBatch(tx, batch.holds, results);
    await planAfterTaken(
      tx,
      accepted.map((r) => r.row),
    );
  });
  const batchCampaigns = [...new Set(batch.claimed.map((r) => r.campaign_id))];
  await failCampaignsOverThreshold(db, batchCampaigns);
  await publish(run.deps, batchCampaigns);
}

/** Claimed rows over a paced sender's share of one batch go back to wait for the next (in the claim's transaction). */
async function withinSenderPaces(tx: DbOrTx, paces: SenderPaces, claimed: ClaimedRow[]): Promise<ClaimedRow[]> {
  const taken = new Map<string, number>();
  const kept: ClaimedRow[] = [];
  const back: number[] = [];
  for (const r of claimed) {
    const key = r.sender ?? "";
    const n = (taken.get(key) ?? 0) + 1;
    taken.set(key, n);
    if (n <= paces.capOf(r.sender)) kept.push(r);
    else back.push(r.id);
  }
  if (back.length)
    await tx.execute(sql`UPDATE campaign_messages SET state = 'planned', claimed_by = NULL WHERE id = ANY(${bigintArray(back)})`);
  return kept;
}

/** The batch's campaigns move live on the list and their pages (after the commit: never inside a transaction). */
async function publish(deps: DispatchDeps, campaignIds: number[]): Promise<void> {
  if (deps.live && campaignIds.length)
    await publishCampaigns({ db: deps.db, live: deps.live, ...(deps.log ? { log: deps.log } : {}) }, campaignIds);
}

/** Gateways with due rows of active campaigns, or lane messages waiting: what the tick starts a dispatcher for. */
export async function gatewaysWithDueRows(db: Db): Promise<number[]> {
  const found = await rows<{ gateway_id: number }>(
    db,
    sql`SELECT DISTINCT m.gateway_id FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id AND c.status = 'active'
        WHERE m.state = 'planned' AND m.due_at <= now() AND m.gateway_id IS NOT NULL
        UNION SELECT gateway_id FROM inbound_messages WHERE answer_state = 'planned'
        UNION SELECT gateway_id FROM welcome_messages WHERE state = 'planned' AND due_at <= now() AND gateway_id IS NOT NULL
        UNION SELECT gateway_id FROM campaign_test_sends WHERE state = 'planned' AND gateway_id IS NOT NULL
        UNION SELECT gateway_id FROM campaign_spam_tests WHERE state = 'planned'
        UNION SELECT gateway_id FROM conversation_replies WHERE state = 'planned' AND due_at <= now()
        UNION SELECT gateway_id FROM opt_in_requests WHERE send_state = 'planned'`,
  );
  return found.map((r) => r.gateway_id);
}
