import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import type { TeamCtx } from "@leadflow/domain";
import { record } from "../report";
import { backendName } from "../shared/fresh-database";
import { endDeadLeases, startDispatchWorker } from "./dispatch-child-process";
import { inFlight, waitFor } from "./dispatch-child-setup";
import { PACING_RATES } from "./dispatch-pacing";
import { arrivalPace, tightestWindow } from "./dispatch-pacing-arrivals";
import { duePacingCampaign, type PacingTarget, pacingSeconds } from "./dispatch-pacing-setup";
import { statesOf } from "./dispatch-setup";
import type { RemoteFakeSms } from "./fake-sms-process";

/*
 * B9 pacing with three worker processes: three dispatch-child.ts processes run the same gateway's dispatcher at once,
 * as three job workers woken together would, against the fake Twilio in its own process. The gateway's Send rate is
 * R and each dispatcher derives its pace and batch from it, as in production. The lease keeps one dispatcher per
 * gateway: one process sends, the others answer `leased` and look again every half second. The rows are planned and
 * made due before the processes start; measured at the fake as dispatch-pacing.ts does (achieved first to last
 * call, most calls in any one second). Which processes sent is read from the ledger: a row's `claimed_by` is its
 * dispatcher's lease owner, which names the process.
 *
 * The takeover run kills the process holding the lease (SIGKILL) once mid-run; the supervisor's part then ends its
 * lease (dispatch-child-process.ts `endDeadLeases`) — without it the next process waits out the lease, up to 60 s.
 * The dead one's batch in flight becomes `unknown` (maybe sent, never resent), so fewer calls reach the fake.
 */

export const WORKERS = 3;
/** The takeover run: its rate, and the share of its messages accepted before the holder is killed. */
export const TAKEOVER_RATE = 30;
const KILL_AT_SHARE = 1 / 3;

/**
 * The rows `pacing R/s, 3 workers` at each rate, then `takeover 30/s, 3 workers`. PostgreSQL only: the processes
 * share the database (on PGlite, a note says so).
 */
export async function workersPacingBench(
  database: Database,
  ctx: TeamCtx,
  sourceListId: number,
  fake: RemoteFakeSms,
  gatewayId: number,
  command: string,
  rates: readonly number[] = PACING_RATES,
): Promise<void> {
  if (backendName() !== "postgres") {
    console.log(
      `B9 with ${WORKERS} worker processes skipped: the processes share one database, which needs PostgreSQL (set TEST_DATABASE_URL).`,
    );
    return;
  }
  const common = { id: "B9", backend: backendName(), command };
  const target: PacingTarget = { database, ctx, sourceListId, fake, gatewayId };
  for (const rate of rates) {
    const p = await workersPacingRun(target, rate);
    const misses = [p.achieved < 0.97 * rate ? "achieved ≥ 97% of R" : null, p.maxInAnySecond > rate ? "≤ R in any 1 s" : null].filter(
      Boolean,
    );
    record({
      ...common,
      size: `pacing ${rate}/s, ${WORKERS} workers`,
      what: `Dispatcher pacing at a gateway Send rate of ${rate}/s: ${p.messages.toLocaleString("en")} SMS (~${pacingSeconds(rate)} s), ${WORKERS} worker processes running the gateway's dispatcher at once (pace and batch derived from the gateway), every gate on; calls timed at the fake`,
      ours:
        `achieved ${p.achieved.toFixed(p.achieved < 10 ? 3 : 1)}/s first to last call (${(p.spanMs / 1000).toFixed(2)} s); max ${p.maxInAnySecond} in any 1 s at the fake (${rate + 1} calls within ${p.tightestMs.toFixed(1)} ms at the tightest, from +${(p.tightestAtMs / 1000).toFixed(2)} s${p.tightestAtMs === 0 ? ": the holder's first calls" : ""}); ` +
        `longest pause ${Math.round(p.longestGapMs)} ms; ${whoSent(p)}`,
      baseline: `R = ${rate}/s`,
      ratio: `${((p.achieved / rate) * 100).toFixed(1)}% of R — ${misses.length ? `misses: ${misses.join(", ")}` : "meets the goal"}`,
      goal: `achieved ≥ 97% of R; never more than R in any 1 s, with ${WORKERS} worker processes`,
      figures: { ...p },
    });
  }
  const k = await workersPacingRun(target, TAKEOVER_RATE, true);
  const tookOver = k.sentBy.length >= 2;
  const misses = [
    tookOver ? null : "no other process sent after the kill",
    k.maxInAnySecond > TAKEOVER_RATE ? "≤ R in any 1 s" : null,
  ].filter(Boolean);
  record({
    ...common,
    size: `takeover ${TAKEOVER_RATE}/s, ${WORKERS} workers`,
    what: `Lease takeover at ${TAKEOVER_RATE}/s, ${k.messages} SMS, ${WORKERS} worker processes: the one holding the gateway's lease killed (SIGKILL) after ${k.killed!.atAccepted} were accepted, its lease ended by the supervisor 0.3 s later (without it: up to 60 s); calls timed at the fake`,
    ours:
      `no call at the fake for ${Math.round(k.killed!.takeoverMs)} ms across the takeover; ${k.calls} calls, ${k.killed!.unknown} rows left unknown (the dead one's batches marked submitting: never resent, reconciliation settles them); ` +
      `max ${k.maxInAnySecond} in any 1 s; achieved ${k.achieved.toFixed(1)}/s first to last call; ${whoSent(k)}`,
    baseline: `R = ${TAKEOVER_RATE}/s; lease 60 s`,
    ratio: `takeover in ${(k.killed!.takeoverMs / 1000).toFixed(2)} s — ${misses.length ? `misses: ${misses.join(", ")}` : "meets the goal"}`,
    goal: "another worker process takes over; never more than R in any 1 s",
    figures: { ...k },
  });
}

/** Which processes sent, and how the others found the lease. */
function whoSent(p: WorkersPacingRun): string {
  const leased = p.outcomes.reduce((n, o) => n + (o.leased ?? 0), 0);
  return (
    `sent by ${p.sentBy.length} of ${WORKERS} processes (${p.sentBy.join(" + ")} rows), one at a time: the others answered \`leased\` ${leased} times` +
    (p.idleHolders ? `, ${p.idleHolders} took the lease once nothing was due (idle)` : "")
  );
}

export interface WorkersPacingRun {
  rate: number;
  messages: number;
  /** Calls that reached the fake (fewer than messages only after a kill). */
  calls: number;
  /** From the workers' start until no row was left in flight. */
  wallMs: number;
  spanMs: number;
  achieved: number;
  maxInAnySecond: number;
  /**
   * The shortest time spanned by R + 1 consecutive calls (under 1000 ms: a second held more than R), and when it
   * began, from the first call: at 0, the first calls reached the fake late (the process's sending path still cold).
   */
  tightestMs: number;
  tightestAtMs: number;
  longestGapMs: number;
  /** Pauses over twice the spacing (between batches, a takeover). */
  gaps: number;
  /** Rows claimed by each process that sent (from the ledger), largest first. */
  sentBy: number[];
  /**
   * Processes that held the lease before they were stopped: they sent (the ledger), were killed holding it, or
   * their dispatcher answered anything but `leased`; of them, those that only took it once nothing was due (idle).
   */
  leaseHolders: number;
  idleHolders: number;
  /** Each process's outcomes, by outcome. */
  outcomes: Record<string, number>[];
  /** The takeover run: the gap at the fake around the kill and the rows the dead one left `unknown`. */
  killed?: { atAccepted: number; takeoverMs: number; unknown: number };
  states: Record<string, number>;
  statuses: Record<string, number>;
}

/** One run at `rate` with WORKERS processes; with `kill`, the lease holder is killed a third of the way through. */
export async function workersPacingRun(target: PacingTarget, rate: number, kill = false): Promise<WorkersPacingRun> {
  const { database, fake, gatewayId } = target;
  const url = database.pool!.options.connectionString!;
  const { campaignId, messages } = await duePacingCampaign(target, rate, "B9 (3 workers)");
  const t = performance.now();
  const workers = Array.from({ length: WORKERS }, () => startDispatchWorker(url, fake.baseUrls.twilio_messaging, "gateway", [gatewayId]));
  let killed: { atAccepted: number; pid: number } | undefined;
  let wallMs: number;
  try {
    await Promise.all(workers.map((w) => w.started));
    const timeoutMs = (pacingSeconds(rate) + 60) * 1000;
    if (kill) {
      const accepted = async () => (await statesOf(database, campaignId)).accepted ?? 0;
      await waitFor("a third of the messages accepted", async () => (await accepted()) >= messages * KILL_AT_SHARE, timeoutMs);
      const holder = await leaseHolderPid(database, gatewayId);
      const victim = workers.find((w) => w.pid === holder);
      if (!victim) throw new Error(`B9 (3 workers): the lease is held by ${holder}, none of the workers`);
      killed = { atAccepted: await accepted(), pid: victim.pid };
      await victim.kill();
      await endDeadLeases(database, [gatewayId]);
    }
    await waitFor("every row answered", async () => (await inFlight(database, campaignId)) === 0, timeoutMs, 100);
    wallMs = performance.now() - t;
  } finally {
    await Promise.all(workers.map((w) => w.stop().catch(() => w.kill())));
  }
  const { times, statuses } = await fake.arrivals();
  const { spanMs, achieved, maxInAnySecond, longestGapMs, gaps } = arrivalPace(times, rate);
  const states = await statesOf(database, campaignId);
  const outcomes = workers.map((w) => tally(w.outcomes()));
  const sentBy = await rowsByProcess(database, campaignId);
  const sending = new Set([...sentBy.keys(), ...(killed ? [killed.pid] : [])]);
  const idle = workers.filter((w, i) => !sending.has(w.pid) && Object.keys(outcomes[i]!).some((o) => o !== "leased"));
  const run: WorkersPacingRun = {
    rate,
    messages,
    calls: times.length,
    wallMs,
    spanMs,
    achieved,
    maxInAnySecond,
    ...tightestWindow(times, rate),
    longestGapMs,
    gaps,
    sentBy: [...sentBy.values()].sort((a, b) => b - a),
    leaseHolders: sending.size + idle.length,
    idleHolders: idle.length,
    outcomes,
    ...(killed ? { killed: { atAccepted: killed.atAccepted, takeoverMs: longestGapMs, unknown: states.unknown ?? 0 } } : {}),
    states,
    statuses,
  };
  const answered = (states.accepted ?? 0) + (states.unknown ?? 0);
  if (answered !== messages || times.length > messages || (!kill && times.length !== messages))
    throw new Error(`B9 (3 workers) at ${rate}/s: ${times.length} calls, ${JSON.stringify(states)} for ${messages}`);
  console.log(
    `  ${rate}/s, ${WORKERS} workers${kill ? ", holder killed" : ""}: ${times.length} calls in ${(spanMs / 1000).toFixed(2)} s, achieved ${run.achieved.toFixed(2)}/s, ` +
      `max ${run.maxInAnySecond} in 1 s (tightest ${rate + 1} within ${run.tightestMs.toFixed(1)} ms at +${Math.round(run.tightestAtMs)} ms), longest gap ${Math.round(longestGapMs)} ms; ` +
      `sent by ${run.sentBy.length} process(es) [${run.sentBy.join(", ")}], ${run.leaseHolders} held the lease; outcomes ${JSON.stringify(outcomes)}, rows ${JSON.stringify(states)}`,
  );
  return run;
}

/** The process holding the gateway's lease, from its owner (`host:pid:random`). */
async function leaseHolderPid(database: Database, gatewayId: number): Promise<number | null> {
  const { rows } = await database.query<{ pid: string | null }>(
    "SELECT substring(lease_owner FROM ':([0-9]+):[^:]*$') AS pid FROM send_dispatchers WHERE id = $1 AND lease_until > now()",
    [gatewayId],
  );
  return rows[0]?.pid ? Number(rows[0].pid) : null;
}

/** Rows each process's dispatcher claimed, by process id (rows handed to a provider keep `claimed_by`). */
async function rowsByProcess(database: Database, campaignId: number): Promise<Map<number, number>> {
  const { rows } = await database.query<{ pid: string; n: number }>(
    `SELECT substring(claimed_by FROM ':([0-9]+):[^:]*$') AS pid, count(*)::int AS n FROM campaign_messages
     WHERE campaign_id = $1 AND claimed_by IS NOT NULL GROUP BY 1`,
    [campaignId],
  );
  return new Map(rows.map((r) => [Number(r.pid), r.n]));
}

function tally(outcomes: readonly string[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const o of outcomes) t[o] = (t[o] ?? 0) + 1;
  return t;
}
