import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import type { TeamCtx } from "@leadflow/domain";
import { record } from "../report";
import { backendName } from "../shared/fresh-database";
import { type DispatchWorker, startDispatchWorker } from "./dispatch-child-process";
import { inFlight, waitFor } from "./dispatch-child-setup";
import { PACING_RATES } from "./dispatch-pacing";
import { arrivalPace, tightestWindow } from "./dispatch-pacing-arrivals";
import { clearLane, feedLane, type LaneFeed, type LaneStates, laneOpen, laneStates } from "./dispatch-pacing-lane";
import { duePacingCampaign, type PacingTarget, pacingSeconds } from "./dispatch-pacing-setup";
import { statesOf } from "./dispatch-setup";
import type { RemoteFakeSms } from "./fake-sms-process";

/*
 * B9 pacing with three worker processes: three dispatch-child.ts processes run the same gateway's dispatcher at once,
 * as three job workers woken together would, against the fake Twilio in its own process. The gateway's Send rate is
 * R and each dispatcher derives its pace and batch from it, as in production. The lease keeps one dispatcher per
 * gateway: one process sends, the others answer `leased` and wait for a wake. The rows are planned and made due before
 * the processes start; from 30/s up, the gateway's other kinds — answers to replies and test SMS — are written while
 * the campaign sends (dispatch-pacing-lane.ts), and the one dispatcher sends them in its lane through the same pace.
 * Measured at the fake as dispatch-pacing.ts does (achieved first to last call, most calls in any one second), every
 * kind counted. Which processes sent is read from the ledger: a row's `claimed_by` is its dispatcher's lease owner,
 * which names the process. The takeover runs (a lease holder killed or stopped mid-run) are dispatch-takeover.ts.
 */

export const WORKERS = 3;
/** From this rate up, lane traffic is written beside the campaign. */
const LANE_FROM = 30;

/**
 * The rows `pacing R/s, 3 workers` at each rate. PostgreSQL only: the processes share the database (on PGlite, a note
 * says so).
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
    const p = await workersPacingRun(target, rate, { lane: rate >= LANE_FROM });
    const misses = [p.achieved < 0.97 * rate ? "achieved ≥ 97% of R" : null, p.maxInAnySecond > rate ? "≤ R in any 1 s" : null].filter(
      Boolean,
    );
    const lane = p.lane
      ? `, and meanwhile ${p.lane.answers} answers (STOP and HELP) and ${p.lane.tests} test SMS written for the gateway (a tenth of R a second, a burst mid-way), sent in the dispatcher's lane`
      : "";
    record({
      ...common,
      size: `pacing ${rate}/s, ${WORKERS} workers`,
      what: `Dispatcher pacing at a gateway Send rate of ${rate}/s: ${p.messages.toLocaleString("en")} campaign SMS (~${pacingSeconds(rate)} s)${lane}; ${WORKERS} worker processes running the gateway's dispatcher at once (pace and batch derived from the gateway), every gate on; calls timed at the fake, every kind`,
      ours:
        `achieved ${p.achieved.toFixed(p.achieved < 10 ? 3 : 1)}/s first to last call (${(p.spanMs / 1000).toFixed(2)} s${p.lane ? `, ${kindsText(p.kinds)}` : ""}); max ${p.maxInAnySecond} in any 1 s at the fake${p.lane ? ", every kind" : ""} (${rate + 1} calls within ${p.tightestMs.toFixed(1)} ms at the tightest, from +${(p.tightestAtMs / 1000).toFixed(2)} s${p.tightestAtMs === 0 ? ": the holder's first calls" : ""}); ` +
        `longest pause ${Math.round(p.longestGapMs)} ms; ${whoSent(p)}`,
      baseline: `R = ${rate}/s`,
      ratio: `${((p.achieved / rate) * 100).toFixed(1)}% of R — ${misses.length ? `misses: ${misses.join(", ")}` : "meets the goal"}`,
      goal: `achieved ≥ 97% of R; never more than R in any 1 s at the provider, whatever the kind, with ${WORKERS} worker processes`,
      figures: withoutCalls(p),
    });
  }
}

/** A run's figures for results.jsonl, without its every call and row. */
export function withoutCalls<T extends { calledAt: Call[]; pidOf: unknown; stateOf: unknown }>(run: T) {
  const { calledAt: _calls, pidOf: _pids, stateOf: _states, ...rest } = run;
  return rest;
}

/** Calls at the fake by kind: "campaign 300, answers 40, tests 13". */
export function kindsText(kinds: Record<string, number>): string {
  return Object.entries(kinds)
    .map(([k, n]) => `${k} ${n.toLocaleString("en")}`)
    .join(", ");
}

/** Which processes sent, and how the others found the lease. */
export function whoSent(p: WorkersPacingRun): string {
  const leased = p.outcomes.reduce((n, o) => n + (o.leased ?? 0), 0);
  return (
    `sent by ${p.sentBy.length} of ${WORKERS} processes (${p.sentBy.join(" + ")} rows), one at a time: the others answered \`leased\` ${leased} times` +
    (p.idleHolders ? `, ${p.idleHolders} took the lease once nothing was due (idle)` : "")
  );
}

/** One send as the fake saw it: its arrival (epoch ms) and what its callback address names. */
export interface Call {
  at: number;
  ref: string;
}

/** What a run's stop step answers: the process it signalled, when, and what it held then. */
export interface StopEvent {
  how: "SIGKILL" | "SIGTERM";
  pid: number;
  /** Epoch ms right before the signal, and when the process had exited. */
  at: number;
  exitedAt: number;
  atAccepted: number;
  /** Rows the process had claimed or committed `submitting` right before the signal. */
  held: number[];
}

export interface WorkersPacingRun {
  rate: number;
  messages: number;
  /** Calls that reached the fake (fewer than messages only after a kill), and by kind. */
  calls: number;
  kinds: Record<string, number>;
  /** From the workers' start until no row (and no lane message) was left in flight. */
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
   * Processes that held the lease before they were stopped: they sent (the ledger), were signalled holding it, or
   * their dispatcher answered anything but `leased`; of them, those that only took it once nothing was due (idle).
   */
  leaseHolders: number;
  idleHolders: number;
  /** Each process's outcomes, by outcome. */
  outcomes: Record<string, number>[];
  /** The lane messages written during the run, and their states at the end. */
  lane?: { answers: number; tests: number; states: LaneStates };
  states: Record<string, number>;
  statuses: Record<string, number>;
}

/**
 * One run at `rate` with WORKERS processes: with `lane`, lane messages are written while the campaign sends; with
 * `stop`, the lease holder gets that signal once STOP_AT_SHARE of the messages were accepted (`stopped` answers the
 * event, and the calls come back sorted for the takeover's reading).
 */
export async function workersPacingRun(
  target: PacingTarget,
  rate: number,
  opts: { lane?: boolean; stop?: "SIGKILL" | "SIGTERM" } = {},
): Promise<WorkersPacingRun & { calledAt: Call[]; stopped?: StopEvent; pidOf: Map<number, number>; stateOf: Map<number, string> }> {
  const { database, ctx, fake, gatewayId } = target;
  const url = database.pool!.options.connectionString!;
  await clearLane(database);
  const { campaignId, messages } = await duePacingCampaign(target, rate, "B9 (3 workers)");
  const t = performance.now();
  const workers = Array.from({ length: WORKERS }, () => startDispatchWorker(url, fake.baseUrls.twilio_messaging, "gateway", [gatewayId]));
  let feed: LaneFeed | undefined;
  let stopped: StopEvent | undefined;
  let wallMs: number;
  try {
    await Promise.all(workers.map((w) => w.started));
    const timeoutMs = (pacingSeconds(rate) + 60) * 1000;
    if (opts.lane) {
      const stepId = (await database.query<{ id: number }>("SELECT id FROM campaign_steps WHERE campaign_id = $1", [campaignId])).rows[0]!
        .id;
      feed = feedLane(database, ctx, { gatewayId, campaignId, stepId, rate }, Math.round(pacingSeconds(rate) * 0.6));
    }
    if (opts.stop) stopped = await stopHolder(database, workers, campaignId, gatewayId, opts.stop, messages, timeoutMs);
    await feed?.done;
    await waitFor(
      "every row answered",
      async () => (await inFlight(database, campaignId)) === 0 && (await laneOpen(database, gatewayId)) === 0,
      timeoutMs,
      100,
    );
    wallMs = performance.now() - t;
  } finally {
    await feed?.stop();
    await Promise.all(workers.map((w) => w.stop().catch(() => w.kill())));
  }
  const { times, refs, statuses } = await fake.arrivals();
  const calledAt: Call[] = times.map((at, i) => ({ at, ref: refs[i] ?? "" })).sort((a, b) => a.at - b.at);
  const sorted = calledAt.map((c) => c.at);
  const { spanMs, achieved, maxInAnySecond, longestGapMs, gaps } = arrivalPace(sorted, rate);
  const states = await statesOf(database, campaignId);
  const outcomes = workers.map((w) => tally(w.outcomes()));
  const { pidOf, stateOf } = await rowsOf(database, campaignId);
  const sentBy = new Map<number, number>();
  for (const pid of pidOf.values()) sentBy.set(pid, (sentBy.get(pid) ?? 0) + 1);
  const sending = new Set([...sentBy.keys(), ...(stopped ? [stopped.pid] : [])]);
  const idle = workers.filter((w, i) => !sending.has(w.pid) && Object.keys(outcomes[i]!).some((o) => o !== "leased"));
  const kinds = tally(calledAt.map((c) => kindOf(c.ref)));
  const lane = feed ? { answers: feed.answers, tests: feed.tests, states: await laneStates(database, gatewayId) } : undefined;
  const run = {
    rate,
    messages,
    calls: times.length,
    kinds,
    wallMs,
    spanMs,
    achieved,
    maxInAnySecond,
    ...tightestWindow(sorted, rate),
    longestGapMs,
    gaps,
    sentBy: [...sentBy.values()].sort((a, b) => b - a),
    leaseHolders: sending.size + idle.length,
    idleHolders: idle.length,
    outcomes,
    ...(lane ? { lane } : {}),
    states,
    statuses,
  };
  const laneCount = lane ? lane.answers + lane.tests : 0;
  const laneAccepted = lane ? (lane.states.answers.accepted ?? 0) + (lane.states.tests.accepted ?? 0) : 0;
  const answered = (states.accepted ?? 0) + (states.unknown ?? 0);
  const exact = opts.stop !== "SIGKILL";
  if (
    answered !== messages ||
    times.length > messages + laneCount ||
    (exact && times.length !== messages + laneCount) ||
    laneAccepted !== laneCount
  )
    throw new Error(
      `B9 (3 workers) at ${rate}/s: ${times.length} calls, ${JSON.stringify(states)} for ${messages}; lane ${JSON.stringify(lane ?? null)}`,
    );
  console.log(
    `  ${rate}/s, ${WORKERS} workers${opts.stop ? `, holder ${opts.stop}` : ""}: ${times.length} calls (${kindsText(kinds)}) in ${(spanMs / 1000).toFixed(2)} s, achieved ${run.achieved.toFixed(2)}/s, ` +
      `max ${run.maxInAnySecond} in 1 s (tightest ${rate + 1} within ${run.tightestMs.toFixed(1)} ms at +${Math.round(run.tightestAtMs)} ms), longest gap ${Math.round(longestGapMs)} ms; ` +
      `sent by ${run.sentBy.length} process(es) [${run.sentBy.join(", ")}], ${run.leaseHolders} held the lease; outcomes ${JSON.stringify(outcomes)}, rows ${JSON.stringify(states)}`,
  );
  return { ...run, calledAt, ...(stopped ? { stopped } : {}), pidOf, stateOf };
}

/** The share of the messages accepted before the lease holder is signalled. */
const STOP_AT_SHARE = 1 / 3;

/** Waits for a third of the messages accepted, then signals the process holding the lease and waits for its exit. */
async function stopHolder(
  database: Database,
  workers: DispatchWorker[],
  campaignId: number,
  gatewayId: number,
  how: "SIGKILL" | "SIGTERM",
  messages: number,
  timeoutMs: number,
): Promise<StopEvent> {
  const accepted = async () => (await statesOf(database, campaignId)).accepted ?? 0;
  await waitFor("a third of the messages accepted", async () => (await accepted()) >= messages * STOP_AT_SHARE, timeoutMs, 20);
  const holder = await leaseHolderPid(database, gatewayId);
  const victim = workers.find((w) => w.pid === holder);
  if (!victim) throw new Error(`B9 (3 workers): the lease is held by ${holder}, none of the workers`);
  const { rows } = await database.query<{ id: number }>(
    `SELECT id::float8 AS id FROM campaign_messages WHERE campaign_id = $1 AND state IN ('claimed', 'submitting')
       AND substring(claimed_by FROM ':([0-9]+):[^:]*$') = $2`,
    [campaignId, String(victim.pid)],
  );
  const atAccepted = await accepted();
  const at = Date.now();
  let exitedAt: number;
  if (how === "SIGKILL") {
    await victim.kill();
    exitedAt = Date.now();
  } else ({ exitedAt } = await victim.terminate());
  return { how, pid: victim.pid, at, exitedAt, atAccepted, held: rows.map((r) => r.id) };
}

/** What a call's callback address names: a ledger row (campaign), an answer, a test, a welcome. */
export function kindOf(ref: string): string {
  if (/^\d+$/.test(ref)) return "campaign";
  const prefix = /^([a-z]+)-/.exec(ref)?.[1];
  return prefix === "answer" ? "answers" : prefix === "test" ? "tests" : prefix === "welcome" ? "welcomes" : "other";
}

/** The process holding the gateway's lease, from its owner (`host:pid:random`). */
async function leaseHolderPid(database: Database, gatewayId: number): Promise<number | null> {
  const { rows } = await database.query<{ pid: string | null }>(
    "SELECT substring(lease_owner FROM ':([0-9]+):[^:]*$') AS pid FROM send_dispatchers WHERE id = $1 AND lease_until > now()",
    [gatewayId],
  );
  return rows[0]?.pid ? Number(rows[0].pid) : null;
}

/** Each row's process (rows handed to a provider keep `claimed_by`, which names it) and state. */
async function rowsOf(database: Database, campaignId: number): Promise<{ pidOf: Map<number, number>; stateOf: Map<number, string> }> {
  const { rows } = await database.query<{ id: number; pid: string | null; state: string }>(
    `SELECT id::float8 AS id, substring(claimed_by FROM ':([0-9]+):[^:]*$') AS pid, state FROM campaign_messages WHERE campaign_id = $1`,
    [campaignId],
  );
  const pidOf = new Map<number, number>();
  for (const r of rows) if (r.pid) pidOf.set(r.id, Number(r.pid));
  return { pidOf, stateOf: new Map(rows.map((r) => [r.id, r.state])) };
}

function tally(values: readonly string[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const o of values) t[o] = (t[o] ?? 0) + 1;
  return t;
}
