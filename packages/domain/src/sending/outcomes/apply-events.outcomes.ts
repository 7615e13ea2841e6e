import { type MessageReason, type MessageState, MessageStateRank } from "@leadflow/contracts";
import type { CounterColumn } from "../../campaigns";
import type { DeliveryStatus } from "../../providers";

/*
 * What a provider's status callback means for the send ledger (docs/sending.md). The adapters already turned
 * the provider's codes into a DeliveryStatus (Twilio 30003/30005 inactive device, 30006 landline, 21610 opted out …);
 * this maps that onto a ledger state, the reason shown in the logs, and the suppression it commits.
 */

/** suppressions.reason values a callback writes. */
export type CallbackSuppressionReason = "provider_opt_out" | "bounce" | "complaint";

export interface CallbackOutcome {
  state: MessageState;
  reason?: MessageReason;
  /** Written team-wide for the row's address, whatever became of the row, when the row is of this channel. */
  suppress?: { channel: "sms" | "email"; reason: CallbackSuppressionReason };
}

/**
 * null: not a ledger state. Opens and clicks move no row: the applier marks an email's first open and click
 * (email-events.ts), where the tracking pixel and the short links mark theirs.
 */
export const CallbackOutcomes = {
  queued: { state: "accepted" },
  sent: { state: "sent" },
  delivered: { state: "delivered" },
  failed: { state: "failed" },
  undelivered: { state: "failed" },
  blocked_by_carrier: { state: "blocked" },
  inactive_device: { state: "inactive" },
  landline: { state: "failed", reason: "landline" },
  opted_out: { state: "failed", reason: "opted_out", suppress: { channel: "sms", reason: "provider_opt_out" } },
  bounced: { state: "bounced", suppress: { channel: "email", reason: "bounce" } },
  complained: { state: "complained", suppress: { channel: "email", reason: "complaint" } },
  opened: null,
  clicked: null,
} as const satisfies Record<DeliveryStatus, CallbackOutcome | null>;

/** The outcome of a stored payload's status; null for opens, clicks and anything an adapter should never have sent. */
export function callbackOutcome(status: unknown): CallbackOutcome | null {
  if (typeof status !== "string" || !Object.hasOwn(CallbackOutcomes, status)) return null;
  return CallbackOutcomes[status as DeliveryStatus];
}

/**
 * What a row in each state adds to the counters; states not listed add nothing here (the dispatcher counts what it
 * records: processed, cost, rejections). Counting by state, not by event, makes the counters a function of the
 * ledger: a move adds counted(new) − counted(old), so a recount always agrees, and a message is counted as sent once
 * whichever way it got past `sent` (accepted → delivered directly included). A complaint implies the delivery it
 * follows (the logs show it as delivered); a bounce reported after a delivery takes that delivery back.
 */
export const CountedAs: Partial<Record<MessageState, readonly CounterColumn[]>> = {
  sent: ["sent"],
  delivered: ["sent", "delivered"],
  failed: ["sent", "failed", "errors"],
  blocked: ["sent", "blocked"],
  inactive: ["sent", "inactive_device"],
  bounced: ["sent", "bounces"],
  complained: ["sent", "delivered", "complaints"],
};

/** The counter deltas of one row's move. */
export function countDeltas(from: MessageState, to: MessageState): Map<CounterColumn, number> {
  const deltas = new Map<CounterColumn, number>();
  for (const c of CountedAs[to] ?? []) deltas.set(c, (deltas.get(c) ?? 0) + 1);
  for (const c of CountedAs[from] ?? []) deltas.set(c, (deltas.get(c) ?? 0) - 1);
  return deltas;
}

export const rankOf = (state: MessageState): number => MessageStateRank[state];

/** From this rank on the provider has sent the message: sent_at is set. */
export const SentRank = MessageStateRank.sent;

/**
 * The states whose cost the `cost` counter holds: a message the provider may have (`unknown`) or did take, whatever
 * became of it. A row never handed over, or refused (billed nothing), counts none.
 */
const CostCountedStates: ReadonlySet<MessageState> = new Set([
  "unknown",
  "accepted",
  "sent",
  "delivered",
  "failed",
  "blocked",
  "inactive",
  "bounced",
  "complained",
]);
export const costCounted = (state: MessageState): boolean => CostCountedStates.has(state);
