import { smsLength } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type Hold, type HoldKind, type HoldOwner, holdFunds, settleHold } from "../../../billing";
import type { EmailSendAdapter, SendOutcome, SmsSendAdapter } from "../../../providers";
import type { Pacer } from "../../../shared/pacer";
import { type DbOrTx, one } from "../../../shared/rows";
import { gateApplies, type OutboundKind } from "../../gate/rules";
import type { SuppressionCheck } from "../../suppressions";

/*
 * The lane: the messages a gateway sends besides campaign steps — the answers replies earn, welcome messages, test
 * sends — sent by the gateway's dispatcher beside its campaign batches, through the same pace (one budget per
 * gateway, whatever the kind) and the same gate. Each kind keeps its own table; the state machine is shared:
 * `planned` → `submitting` (committed before the provider is called, its money held) → `accepted`, `rejected` or
 * `unknown` (maybe sent: never sent again). A message the provider proved it did not take (throttled), or one the
 * dispatcher did not start because its worker is stopping, goes back to `planned`. A process that dies mid-call leaves
 * `submitting`, which the next run turns `unknown` after a while, its hold charged — never a second message.
 */

/** A message taken for sending: committed `submitting`. */
export interface LaneMessage {
  kind: OutboundKind;
  id: number;
  team_id: number;
  /** The phone or address it goes to. */
  to: string;
  /** The number, provider-side pool or address it leaves from. */
  from: string;
  sender_kind: "number" | "pool";
  body: string;
  subject?: string | null;
  from_name?: string | null;
  reply_to?: string | null;
  unsubscribe_url?: string | null;
  /** When its sending window closes (ISO); null: no window. */
  not_after?: string | null;
}

/** What a send wrote on the row. `planned`: not taken, sent by a later run. */
export interface LaneOutcome {
  state: "planned" | "accepted" | "rejected" | "unknown";
  providerId: string | null;
  /** What it cost when it was (or may have been) sent; null otherwise. */
  cost: number | null;
  body: string;
  error: string | null;
}

/** One kind of lane message: its table's statements. */
export interface LaneKind {
  /** Its money on a platform gateway: its own hold, keyed by the row's id. */
  hold: HoldKind;
  /** The provider's message reference and the idempotency key are `${prefix}-${id}`. */
  prefix: string;
  /**
   * Takes up to `limit` due rows of the gateway FOR UPDATE SKIP LOCKED and commits them `submitting`; rows the gate
   * stops first (a suppressed phone, a lead without consent, a closed window) are refused or deferred with why.
   */
  take(db: Db, gatewayId: number, limit: number): Promise<LaneMessage[]>;
  /** Writes the outcome on the row if it is still `submitting`; answers whether it was. */
  record(tx: DbOrTx, m: LaneMessage, outcome: LaneOutcome): Promise<boolean>;
  /** Rows left `submitting` longer than `minutes` become `unknown`; answers them. */
  closeStale(tx: DbOrTx, minutes: number): Promise<{ id: number; team_id: number }[]>;
}

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

/** Takes and sends what is due of each kind, in order; answers how many were taken. */
export async function drainLane(run: LaneRun, kinds: readonly LaneKind[]): Promise<number> {
  let taken = 0;
  const checkStale = (run.staleCheckedAt ?? 0) < Date.now() - STALE_CHECK_MS;
  if (checkStale) run.staleCheckedAt = Date.now();
  for (const kind of kinds) {
    if (run.stopping?.aborted) break;
    if (checkStale) await closeStale(run.db, kind);
    if ((run.backoff?.get(kind) ?? 0) > Date.now()) continue;
    const batch = await kind.take(run.db, run.gatewayId, Math.max(LANE_BATCH, run.batchSize ?? 0));
    taken += batch.length;
    const outcomes: SendOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) outcomes.push(await sendOne(run, kind, batch[next++]!));
    };
    await Promise.all(Array.from({ length: Math.min(LANE_CONCURRENCY, batch.length) }, worker));
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
      const batch = await kind.take(db, gatewayId, LANE_BATCH);
      for (const m of batch) await record(db, kind, m, gone, null, 0, 0);
      if (batch.length < LANE_BATCH) break;
    }
}

const held = (message: string): SendOutcome => ({ kind: "throttled", retryAfterMs: 0, message });

/** Sends one message through the last checks; answers its outcome. */
async function sendOne(run: LaneRun, kind: LaneKind, m: LaneMessage): Promise<SendOutcome> {
  const channel = run.email ? "email" : "sms";
  const parts = channel === "sms" ? Math.max(1, smsLength(m.body).parts) : 1;
  // Platform gateways cost the team money (the plan's free SMS first for SMS), held before the provider is called.
  let hold: Hold | null = null;
  if (run.gatewayTeamId === null) {
    const owner: HoldOwner = { kind: kind.hold, refId: m.id };
    hold = await run.db.transaction((tx) =>
      holdFunds(tx, m.team_id, owner, { items: parts, unitPrice: run.unitCost, useFree: channel === "sms" }),
    );
    if (hold.items < parts) {
      const short = { kind: "rejected", code: "insufficient_funds", message: "Insufficient funds to send the message." } as const;
      await record(run.db, kind, m, short, hold, 0, parts);
      return short;
    }
  }
  if (run.stopping?.aborted) {
    const stopping = held("The worker stopped before its turn.");
    await record(run.db, kind, m, stopping, hold, 0, parts);
    return stopping;
  }
  const slot = await run.pacer.reserve(parts);
  const stopped = await lastLook(run, m);
  const outcome = stopped ?? (await call(run, kind, m));
  // Counted until the provider answered, and only when a request was made.
  slot.done(stopped === null);
  await record(run.db, kind, m, outcome, hold, run.unitCost * parts, parts);
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

/** The outcome on the row, and its money settled in the same transaction: charged when it was (or may have been) sent. */
async function record(
  db: Db,
  kind: LaneKind,
  m: LaneMessage,
  outcome: SendOutcome,
  hold: Hold | null,
  cost: number,
  parts: number,
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
    const moved = await kind.record(tx, m, written);
    if (hold) await settleHold(tx, m.team_id, hold, moved && taken ? Math.min(hold.items, parts) : 0);
  });
}

/** Messages left `submitting` by a process that died mid-call: maybe sent, so `unknown` and paid for, never resent. */
async function closeStale(db: Db, kind: LaneKind): Promise<void> {
  await db.transaction(async (tx) => {
    for (const s of await kind.closeStale(tx, STALE_SUBMITTING_MINUTES))
      await chargeStoredHold(tx, s.team_id, { kind: kind.hold, refId: s.id });
  });
}

async function chargeStoredHold(tx: DbOrTx, teamId: number, owner: HoldOwner): Promise<void> {
  const h = await one<{ id: number; items: number; free_items: number; amount: string; unit_price: string }>(
    tx,
    sql`SELECT id::float8 AS id, items, free_items, amount, unit_price FROM balance_holds
        WHERE team_id = ${teamId} AND kind = ${owner.kind} AND ref_id = ${owner.refId}`,
  );
  if (!h) return;
  const hold: Hold = { id: h.id, owner, items: h.items, free: h.free_items, amount: Number(h.amount), unitPrice: Number(h.unit_price) };
  await settleHold(tx, teamId, hold, h.items);
}
