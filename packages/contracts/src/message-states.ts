import type { StepStatus } from "./campaign-steps";

/*
 * The send ledger's states (docs/sending.md) and how they read as the product's message statuses. A ledger
 * row moves planned → claimed → submitting → accepted → sent → delivered, or ends in one of the terminal states;
 * `unknown` waits for reconciliation. Callbacks move a row only to a higher rank.
 */

export const MessageStates = [
  "planned",
  "claimed",
  "submitting",
  "unknown",
  "accepted",
  "sent",
  "delivered",
  "failed",
  "blocked",
  "inactive",
  "bounced",
  "complained",
  "rejected",
  "skipped",
  "cancelled",
] as const;
export type MessageState = (typeof MessageStates)[number];

/** Nothing more happens to a row in these states (a complaint may still follow a delivery: see the ranks). */
export const FinalMessageStates = [
  "delivered",
  "failed",
  "blocked",
  "inactive",
  "bounced",
  "complained",
  "rejected",
  "skipped",
  "cancelled",
] as const satisfies readonly MessageState[];

/**
 * Rows not final yet: the campaign completes when none is left — except `sent` rows closed without a receipt
 * (reason `no_receipt`, see ClosedWithoutReceipt), which a late callback may still move on.
 */
export const OpenMessageStates = [
  "planned",
  "claimed",
  "submitting",
  "unknown",
  "accepted",
  "sent",
] as const satisfies readonly MessageState[];

/** The reason of a `sent` row reconciliation closed: no final word came within a day; it counts as final. */
export const ClosedWithoutReceipt = "no_receipt" satisfies MessageReason;

/**
 * Ranks: an update applies only when it raises the rank: a status only moves forward. The provider's outcomes share one
 * rank, so the first final word wins; a complaint outranks the delivery it follows. Rows never sent (rejected, skipped,
 * cancelled) are final before any callback could name them.
 */
export const MessageStateRank = {
  planned: 0,
  claimed: 1,
  submitting: 2,
  unknown: 3,
  accepted: 4,
  sent: 5,
  delivered: 6,
  failed: 6,
  blocked: 6,
  inactive: 6,
  bounced: 7,
  complained: 8,
  rejected: 9,
  skipped: 9,
  cancelled: 9,
} as const satisfies Record<MessageState, number>;

/** Why a row was skipped, cancelled or deferred: shown in Skipped Logs. */
export const MessageReasons = {
  cool_off_period: "Cool-off period",
  cool_off_inactive_device: "Cool-off: inactive device",
  daily_limit: "Daily limit reached",
  unsubscribed: "Unsubscribed",
  suppressed: "Suppressed",
  blacklisted: "Blacklisted",
  federal_dnc: "Federal DNC",
  state_dnc: "State DNC",
  landline: "Landline",
  unverified: "Not verified",
  bounced: "Bounced address",
  complained: "Complained address",
  invalid_address: "Invalid address",
  no_address: "No phone or email",
  no_sender: "No sender can send to it",
  outside_window: "No allowed sending window",
  campaign_failed: "Campaign failed",
  campaign_stopped: "Campaign stopped",
  opted_out: "Opted out at the provider",
  no_receipt: "No receipt from the provider",
  // Consent proof (a campaign's "Only leads with consent proof") and the team's DNC freshness rule: docs/compliance.md.
  no_consent: "No consent record",
  consent_incomplete: "Consent record incomplete",
  certificate_pending: "Consent certificate not checked yet",
  certificate_unverified: "Consent certificate not verified",
  reassigned: "Number reassigned since consent",
  dnc_stale: "No recent DNC check",
} as const;
export type MessageReason = keyof typeof MessageReasons;

/** Each ledger state in the product's words: the logs' Status Type, never the code. */
export const MessageStateLabels = {
  planned: "Planned",
  claimed: "Being sent",
  submitting: "Handing to the provider",
  unknown: "Waiting for the provider's word",
  accepted: "Accepted by the provider",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  blocked: "Blocked by carrier",
  inactive: "Inactive device",
  bounced: "Bounced",
  complained: "Complaint",
  rejected: "Refused by the provider",
  skipped: "Skipped",
  cancelled: "Cancelled",
} as const satisfies Record<MessageState, string>;

/** The product's SMS message statuses (pending, queued, sent, delivered, …): the codes the logs' API answers. */
export const SmsStatusOf = {
  planned: "pending",
  claimed: "pending",
  submitting: "queued",
  unknown: "queued",
  accepted: "queued",
  sent: "sent",
  delivered: "delivered",
  failed: "failed",
  blocked: "blocked_by_carrier",
  inactive: "inactive_device",
  bounced: "failed",
  complained: "delivered",
  rejected: "failed",
  skipped: "cancelled",
  cancelled: "cancelled",
} as const satisfies Record<MessageState, string>;
export type SmsStatus = (typeof SmsStatusOf)[MessageState];

/** The SMS statuses as a person reads them. */
export const SmsStatusLabels = {
  pending: "Pending",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  blocked_by_carrier: "Blocked by carrier",
  inactive_device: "Inactive device",
  cancelled: "Cancelled",
} as const satisfies Record<SmsStatus, string>;

/**
 * The product's email statuses: Pending 1, Error 2, Sent 3, Delivered 4, Cancelled 5, Complaint 6, Bounce 7, Queued 8.
 */
export const EmailStatusOf = {
  planned: 1,
  claimed: 1,
  submitting: 8,
  unknown: 8,
  accepted: 3,
  sent: 3,
  delivered: 4,
  failed: 2,
  blocked: 2,
  inactive: 2,
  bounced: 7,
  complained: 6,
  rejected: 2,
  skipped: 5,
  cancelled: 5,
} as const satisfies Record<MessageState, number>;
export type EmailStatusNumber = (typeof EmailStatusOf)[MessageState];

/** The email statuses' names (Pending 1 … Queued 8). */
export const EmailMessageStatusLabels = {
  1: "Pending",
  2: "Error",
  3: "Sent",
  4: "Delivered",
  5: "Cancelled",
  6: "Complaint",
  7: "Bounce",
  8: "Queued",
} as const satisfies Record<EmailStatusNumber, string>;

/** A message's status as the logs show it, by channel. */
export const messageStatusLabel = (channel: "sms" | "email", state: MessageState): string =>
  channel === "email" ? EmailMessageStatusLabels[EmailStatusOf[state]] : SmsStatusLabels[SmsStatusOf[state]];

/**
 * Where a message's step stands for its lead (Message Logs' Step Status): pending until the message is handed over,
 * sending while the provider has it without a final word, completed once the word came (or none will: `no_receipt`).
 */
export function messageStepStatus(state: MessageState, reason: string | null): StepStatus {
  if (state === "sent") return reason === ClosedWithoutReceipt ? "completed" : "sending";
  return MessageStepStatusOf[state];
}

const MessageStepStatusOf = {
  planned: "pending",
  claimed: "pending",
  submitting: "sending",
  unknown: "sending",
  accepted: "sending",
  sent: "sending",
  delivered: "completed",
  failed: "completed",
  blocked: "completed",
  inactive: "completed",
  bounced: "completed",
  complained: "completed",
  rejected: "completed",
  skipped: "completed",
  cancelled: "completed",
} as const satisfies Record<MessageState, StepStatus>;
