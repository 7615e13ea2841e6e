/*
 * The send ledger's states (CAMPAIGNS.md §3) and how they read as the spec's message statuses (spec 3 §4). A ledger
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
 * Ranks: an update applies only when it raises the rank (I6). The provider's outcomes share one rank, so the first
 * final word wins; a complaint outranks the delivery it follows. Rows never sent (rejected, skipped, cancelled) are
 * final before any callback could name them.
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
} as const;
export type MessageReason = keyof typeof MessageReasons;

/** The spec's SMS message statuses (pending, queued, sent, delivered, …) as the logs show them. */
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

/** The spec's email statuses: Pending 1, Error 2, Sent 3, Delivered 4, Cancelled 5, Complaint 6, Bounce 7, Queued 8. */
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
