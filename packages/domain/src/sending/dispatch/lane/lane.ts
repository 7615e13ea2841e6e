import { smsLength } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { type Hold, type HoldOwner, holdFunds, settleHold } from "../../../billing";
import type { EmailSendAdapter, SendOutcome, SmsSendAdapter } from "../../../providers";
import type { Pacer } from "../../../shared/pacer";
import { gateApplies } from "../../gate/rules";
import type { SuppressionCheck } from "../../suppressions";
import { HandOverMark } from "../hand-over-mark";
import { IDLE, laneMarkOwner, settleStoredHolds } from "./lane-hand-over";
import type { LaneKind, LaneMessage, LaneOutcome } from "./lane-types";

/*
 * The lane: the messages a gateway sends besides campaign steps — the answers replies earn, welcome messages, test
 * sends — sent by the gateway's dispatcher beside its campaign batches, through the same pace (one budget per
 * gateway, whatever the kind) and the same gate. Each kind keeps its own table; the state machine is shared:
 * `planned` → `submitting` (committed before the provider is called, its money held) → `accepted`, `rejected` or
 * `unknown` (maybe sent: never sent again). A message the provider proved it did not take (throttled), or one the
 * dispatcher did not start because its worker is stopping, goes back to `planned`. A take is committed `submitting`
 * as a whole, so each kind has a handed-over mark (lane-hand-over.ts): a process that dies mid-take leaves rows the
 * take-over sends back to `planned` (past the mark: never handed over, sent once by the next holder) and the few up
 * to it `unknown`, their holds charged — never a second message. A row still `submitting` after a while (its outcome
 * could not be written) turns `unknown` too.
 */

/** What the lane needs of its dispatcher. */
export interface LaneRun {
  db: Db;
  gatewayId: number;
  /** The gateway's team; null for a platform gateway, whose messages cost the team money. */
  gatewayTeamId: number | null;
  sms: SmsSendAdapter | null;
  email: EmailSendAdapter | null;
  pacer: Pacer;
  unitCost: number;
  suppressions: SuppressionCheck;
  stopping?: AbortSignal;
  /** When this run last turned stale `submitting` rows `unknown` (once a minute is enough). */
  staleCheckedAt?: number;
  /** How many of a kind one drain takes: a welcome follows each campaign message, so as many as a batch holds. */
  batchSize?: number;
  /** A kind whose message the provider throttled is left alone until then (epoch ms): its wait, not a retry loop. */
  backoff?: Map<LaneKind, number>;
  /** Each kind's handed-over mark, opened at the run's first drain. */
  marks?: Map<LaneKind, HandOverMark>;
}

/** A `submitting` message older than this had its process die mid-call. */
const STALE_SUBMITTING_MINUTES = 10;
const STALE_CHECK_MS = 60_000;
/** How long a kind waits after the provider throttled one of its messages (it names no wait of its own). */
const THROTTLE_WAIT_MS = 30_000;
/** Messages of one kind taken at once, at least: a run takes as many as a batch of its campaigns (`LaneRun.batchSize`). */
export const LANE_BATCH = 25;
/** Lane calls in flight at once, as the campaign batches' (each still waits for its pace slot). */
const LANE_CONCURRENCY = 8;
/**
 * How far ahead each write of a kind's mark reaches, in messages: a kill leaves at most this many (and the calls in
 * flight) `unknown` without having been handed over, at a write every four to eight messages.
 */
const LANE_MARK_STEP = LANE_CONCURRENCY;

/** Takes and sends what is due of each kind, in order; answers how many were taken. */
export async function drainLane(run: LaneRun, kinds: readonly LaneKind[]): Promise<number> {
  let taken = 0;
  const checkStale = (run.staleCheckedAt ?? 0) < Date.now() - STALE_CHECK_MS;
  if (checkStale) run.staleCheckedAt = Date.now();
  const marks = (run.marks ??= await openMarks(run, kinds));
  for (const kind of kinds) {
    if (run.stopping?.aborted) break;
    if (checkStale) await closeStale(run.db, kind);
    if ((run.backoff?.get(kind) ?? 0) > Date.now()) continue;
    const mark = marks.get(kind)!;
    const batch = await takeMarked(run, kind, mark);
    taken += batch.length;
    const outcomes: SendOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const place = next++;
        outcomes.push(await sendOne(run, kind, batch[place]!, place, mark));
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(LANE_CONCURRENCY, batch.length) }, worker));
      if (batch.length) await mark.finish();
    } catch (e) {
      // An outcome that could not be written leaves its row `submitting`: the next take would restart the mark
      // under it, so this run takes no more of the kind (the next run's take-over judges the row by the mark).
      (run.backoff ??= new Map()).set(kind, Number.POSITIVE_INFINITY);
      throw e;
    }
    const wait = outcomes.reduce(
      (most, o) => (o.kind === "throttled" && !run.stopping?.aborted ? Math.max(most, o.retryAfterMs ?? THROTTLE_WAIT_MS) : most),
      0,
    );
    if (wait > 0) (run.backoff ??= new Map()).set(kind, Date.now() + wait);
  }
  return taken;
}

/** A gateway that can no longer send (deleted, inactive): what waits for it is refused, saying why. */
export async function refuseLane(db: Db, gatewayId: number, kinds: readonly LaneKind[]): Promise<void> {
  const gone = { kind: "rejected", code: "gateway", message: "The integration can no longer send." } as const;
  for (const kind of kinds)
    for (;;) {
      const taken = await db.transaction((tx) => kind.take(tx, gatewayId, LANE_BATCH));
      const batch = kind.render ? await kind.render(db, taken) : taken;
      for (const m of batch) await record(db, kind, m, gone, null, 0, 0, null);
      if (batch.length < LANE_BATCH) break;
    }
}

/** The run's marks, one per kind, opened at once (a take-over after this takes them all). */
async function openMarks(run: LaneRun, kinds: readonly LaneKind[]): Promise<Map<LaneKind, HandOverMark>> {
  const marks = new Map(kinds.map((k) => [k, new HandOverMark(run.db, run.gatewayId, laneMarkOwner(k), LANE_MARK_STEP)]));
  await Promise.all([...marks.values()].map((m) => m.open(IDLE)));
  return marks;
}

/**
 * A take committed with its mark restarted in the same transaction, sorted as it is sent (ascending id); nothing when
 * a take-over took the mark (the take is rolled back: its rows stay `planned`).
 */
async function takeMarked(run: LaneRun, kind: LaneKind, mark: HandOverMark): Promise<LaneMessage[]> {
  if (!mark.live) return [];
  await mark.settled();
  const limit = Math.max(LANE_BATCH, run.batchSize ?? 0);
  const taken = await run.db
    .transaction(async (tx) => {
      const batch = (await kind.take(tx, run.gatewayId, limit)).sort((a, b) => a.id - b.id);
      if (
        batch.length &&
        !(await mark.restart(
          tx,
          batch.map((m) => m.id),
        ))
      )
        throw new MarkTaken();
      return batch;
    })
    .catch((e) => {
      if (e instanceof MarkTaken) return [];
      throw e;
    });
  if (!kind.render || taken.length === 0) return taken;
  try {
    return await kind.render(run.db, taken);
  } catch (e) {
    // Committed and never started: left to the next run's take-over (past the mark), not restarted under.
    (run.backoff ??= new Map()).set(kind, Number.POSITIVE_INFINITY);
    throw e;
  }
}

class MarkTaken extends Error {}

const held = (message: string): SendOutcome => ({ kind: "throttled", retryAfterMs: 0, message });

/** Sends the message at `place` of its take through the last checks and its mark; answers its outcome. */
async function sendOne(run: LaneRun, kind: LaneKind, m: LaneMessage, place: number, mark: HandOverMark): Promise<SendOutcome> {
  const channel = run.email ? "email" : "sms";
  const parts = channel === "sms" ? Math.max(1, smsLength(m.body).parts) : 1;
  if (run.stopping?.aborted) {
    const stopping = held("The worker stopped before its turn.");
    await record(run.db, kind, m, stopping, null, 0, parts, mark);
    return stopping;
  }
  // Its place persisted as startable before anything is written of it: a run that may no longer start it writes
  // nothing on a row a take-over sent back (the new holder's now); a take-over knows the others may have gone.
  if (!(await mark.mayStart(place))) {
    const fenced = held("This dispatcher may no longer send (its lease was lost).");
    await record(run.db, kind, m, fenced, null, 0, parts, mark);
    return fenced;
  }
  // Platform gateways cost the team money (the plan's free SMS first for SMS), held before the provider is called.
  let hold: Hold | null = null;
  if (run.gatewayTeamId === null) {
    const owner: HoldOwner = { kind: kind.hold, refId: m.id };
    hold = await run.db.transaction((tx) =>
      holdFunds(tx, m.team_id, owner, { items: parts, unitPrice: run.unitCost, useFree: channel === "sms" }),
    );
    if (hold.items < parts) {
      const short = { kind: "rejected", code: "insufficient_funds", message: "Insufficient funds to send the message." } as const;
      await record(run.db, kind, m, short, hold, 0, parts, mark);
      return short;
    }
  }
  if (run.stopping?.aborted) {
    const stopping = held("The worker stopped before its turn.");
    await record(run.db, kind, m, stopping, hold, 0, parts, mark);
    return stopping;
  }
  const slot = await run.pacer.reserve(parts);
  const stopped = await lastLook(run, m);
  const outcome = stopped ?? (await call(run, kind, m));
  // Counted until the provider answered, and only when a request was made.
  slot.done(stopped === null);
  await record(run.db, kind, m, outcome, hold, run.unitCost * parts, parts, mark);
  return outcome;
}

/**
 * Right before the call: the worker stopping holds it back; an address suppressed since it was taken gets nothing
 * (but the one confirmation of an opt-out); a window that closed while it waited sends it back to wait.
 */
async function lastLook(run: LaneRun, m: LaneMessage): Promise<SendOutcome | null> {
  if (run.stopping?.aborted) return held("The worker stopped before its turn.");
  if (gateApplies(m.kind, "suppression")) {
    const channel = run.email ? "email" : "sms";
    const out = await run.suppressions.suppressed(m.team_id, channel, m.to).catch(() => null);
    if (out === null) return held("The suppressions could not be read.");
    if (out) return { kind: "rejected", code: "suppressed", message: "The recipient opted out before the message left." };
  }
  if (m.not_after && m.not_after !== "infinity" && Date.parse(m.not_after) < Date.now())
    return held("Its sending window closed before its turn came.");
  return null;
}

async function call(run: LaneRun, kind: LaneKind, m: LaneMessage): Promise<SendOutcome> {
  const ref = `${kind.prefix}-${m.id}`;
  try {
    if (run.sms) {
      return await run.sms.send({
        messageId: ref,
        to: m.to,
        from: m.from,
        senderKind: m.sender_kind,
        body: m.body,
        idempotencyKey: ref,
        ...(m.not_after && m.not_after !== "infinity"
          ? { validitySeconds: Math.max(60, Math.floor((Date.parse(m.not_after) - Date.now()) / 1000)) }
          : {}),
      });
    }
    if (run.email) {
      return await run.email.send({
        messageId: ref,
        to: m.to,
        from: m.from,
        ...(m.from_name ? { fromName: m.from_name } : {}),
        ...(m.reply_to ? { replyTo: m.reply_to } : {}),
        subject: m.subject ?? "",
        html: m.body,
        idempotencyKey: ref,
        tags: { message: ref },
        ...(m.unsubscribe_url ? { unsubscribeUrl: m.unsubscribe_url } : {}),
      });
    }
    return { kind: "rejected", code: "channel", message: "The gateway cannot send this kind of message." };
  } catch (e) {
    return { kind: "unknown", message: e instanceof Error ? e.message : "The provider could not be reached." };
  }
}

/**
 * The outcome on the row, and its money settled in the same transaction: charged when it was (or may have been) sent.
 * A message sent back to `planned` only while this run holds its mark: after a take-over the row is the new holder's
 * (sent back, maybe taken again) or `unknown` — either way not this run's to move.
 */
async function record(
  db: Db,
  kind: LaneKind,
  m: LaneMessage,
  outcome: SendOutcome,
  hold: Hold | null,
  cost: number,
  parts: number,
  mark: HandOverMark | null,
): Promise<void> {
  const taken = outcome.kind === "accepted" || outcome.kind === "unknown";
  const providerCost = outcome.kind === "accepted" && outcome.cost !== undefined ? outcome.cost : cost;
  const written: LaneOutcome = {
    state: outcome.kind === "throttled" ? "planned" : outcome.kind,
    providerId: outcome.kind === "accepted" ? outcome.providerId : null,
    cost: taken ? providerCost : null,
    body: m.body,
    error: outcome.kind === "accepted" ? null : outcome.message,
  };
  await db.transaction(async (tx) => {
    const mine = written.state !== "planned" || mark === null || (await mark.held(tx));
    const moved = mine && (await kind.record(tx, m, written));
    if (hold) await settleHold(tx, m.team_id, hold, moved && taken ? Math.min(hold.items, parts) : 0);
  });
}

/** Messages left `submitting` whose outcome was never written: maybe sent, so `unknown` and paid for, never resent. */
async function closeStale(db: Db, kind: LaneKind): Promise<void> {
  await db.transaction(async (tx) => settleStoredHolds(tx, kind.hold, await kind.closeStale(tx, STALE_SUBMITTING_MINUTES), true));
}
