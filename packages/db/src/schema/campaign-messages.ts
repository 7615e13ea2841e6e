import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { campaigns } from "./campaigns";
import { parentId, parentTeamId, timestamps, ts } from "./columns";

/*
 * The send ledger (docs/sending.md): one row per (campaign, step, lead), the only record of what was, is being or
 * will be sent. Message, Queued and Skipped Logs are views of it; counters are written beside every change of it.
 * States and ranks are the contracts' MessageStates; the unique key is what makes a second send impossible.
 */
export const campaignMessages = pgTable(
  "campaign_messages",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    teamId: parentTeamId(),
    campaignId: parentId("campaign_id", () => campaigns.id),
    /** The top-level step; `part_id` the split part the lead drew (its step id), else the step's own id. */
    stepId: integer("step_id").notNull(),
    partId: integer("part_id").notNull(),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    /** sms, email */
    channel: text("channel").notNull(),
    /** E.164 phone or lower-case email: cool-offs, opt-outs and suppressions key on it, across leads and campaigns. */
    address: text("address").notNull(),
    state: text("state").notNull().default("planned"),
    /** Why it was skipped, cancelled or deferred (MessageReasons). */
    reason: text("reason"),
    gatewayId: integer("gateway_id"),
    /** The number, pool or address it goes from; a pool's number is chosen once per lead (sticky). */
    sender: text("sender"),
    /** number (a phone or alpha id) or pool (a provider-side pool: the provider picks the number). */
    senderKind: text("sender_kind"),
    /** The recipient's zone and where it came from (lead, lookup, zip, area_code, unknown). */
    timeZone: text("time_zone"),
    timeZoneSource: text("time_zone_source"),
    usState: text("us_state"),
    /** The recipient's country (ISO 3166 alpha-2) by its number or the lead's data; null for email or unknown. */
    country: text("country"),
    /** Not before: the schedule, the step's delay and the quiet hours. */
    dueAt: ts("due_at").notNull(),
    /** Not after: the allowed window's end less a margin; passed → deferred to the next window, never dropped. */
    notAfter: ts("not_after"),
    /** The dispatcher (its lease owner) that claimed it: a runner taken over writes nothing to its rows. */
    claimedBy: text("claimed_by"),
    body: text("body"),
    subject: text("subject"),
    parts: smallint("parts"),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }),
    /** The balance hold that pays for it (platform gateways): settled from the outcomes, or on a take-over. */
    holdId: bigint("hold_id", { mode: "number" }),
    /** Sent as the provider's idempotency key; stable across attempts. */
    idempotencyKey: uuid("idempotency_key"),
    providerId: text("provider_id"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    submittedAt: ts("submitted_at"),
    /** Its place in its dispatcher's sending order (with `send_dispatchers.handing_upto`: was it ever handed over?). */
    sendSeq: bigint("send_seq", { mode: "number" }),
    /** When the provider was last asked about it (reconciliation of unknown and receipt-less rows). */
    checkedAt: ts("checked_at"),
    sentAt: ts("sent_at"),
    deliveredAt: ts("delivered_at"),
    /** The first counted open and click (Message Logs), and the revenue its conversions brought. */
    openedAt: ts("opened_at"),
    clickedAt: ts("clicked_at"),
    revenue: numeric("revenue", { precision: 14, scale: 4, mode: "number" }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("campaign_messages_key").on(t.campaignId, t.stepId, t.leadId),
    // The dispatcher's claim: a gateway's due rows.
    index("campaign_messages_due_idx").on(t.gatewayId, t.dueAt, t.id).where(sql`${t.state} = 'planned'`),
    // Rows whose window closed before their turn (moved to their next window before each claim).
    index("campaign_messages_missed_idx").on(t.gatewayId, t.notAfter).where(sql`${t.state} = 'planned'`),
    // Callbacks without our id find the row by the provider's.
    index("campaign_messages_provider_idx").on(t.gatewayId, t.providerId).where(sql`${t.providerId} IS NOT NULL`),
    // Completion and the engine read a campaign's rows by state.
    index("campaign_messages_campaign_state_idx").on(t.campaignId, t.state, t.id),
    // The three log tabs read a campaign's rows in their order (campaign-logs/log-kinds.ts): a page at any depth of a
    // million-message campaign reads its own entries. Message Logs: sent first; Queued: due first; Skipped: latest.
    index("campaign_messages_log_sent_idx").on(t.campaignId, t.submittedAt, t.id).where(sql`${t.submittedAt} IS NOT NULL`),
    index("campaign_messages_log_queued_idx").on(t.campaignId, t.dueAt, t.id).where(sql`${t.state} IN ('planned', 'claimed')`),
    index("campaign_messages_log_skipped_idx").on(t.campaignId, t.updatedAt, t.id).where(sql`${t.state} IN ('skipped', 'cancelled')`),
    // Reconciliation: rows waiting for the provider's word, oldest first.
    index("campaign_messages_waiting_idx").on(t.gatewayId, t.updatedAt).where(sql`${t.state} IN ('unknown', 'accepted', 'sent')`),
    // Opt-outs cancel an address's open rows team-wide.
    index("campaign_messages_address_idx").on(t.teamId, t.address),
    check(
      "campaign_messages_state_known",
      sql`${t.state} IN ('planned','claimed','submitting','unknown','accepted','sent','delivered','failed','blocked','inactive','bounced','complained','rejected','skipped','cancelled')`,
    ),
  ],
);

/**
 * What the team's rules remember of an address across every campaign (docs/sending.md): when it was last
 * sent to, and when its last outcome was an inactive device. Two leads with one phone share it.
 */
export const addressActivity = pgTable(
  "address_activity",
  {
    teamId: integer("team_id").notNull(),
    channel: text("channel").notNull(),
    address: text("address").notNull(),
    lastSentAt: ts("last_sent_at"),
    inactiveAt: ts("inactive_at"),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.channel, t.address] })],
);

/**
 * The team-wide suppression list (opt-out wins): an address here gets nothing from any campaign or sender, whatever
 * became of the lead or the number it wrote to. STOP, unsubscribe links, complaints, hard bounces and provider opt-outs
 * write it; START lifts an SMS one.
 */
export const suppressions = pgTable(
  "suppressions",
  {
    teamId: integer("team_id").notNull(),
    channel: text("channel").notNull(),
    address: text("address").notNull(),
    /** stop, unsubscribe, complaint, bounce, provider_opt_out, manual */
    reason: text("reason").notNull(),
    /** The campaign whose message led to it, when one did. */
    campaignId: integer("campaign_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.channel, t.address] })],
);

/**
 * One dispatcher per gateway at a time, whatever the number of processes: a lease row per gateway (`id` is the
 * gateway's; `team_id` its team, 0 for a platform gateway), taken and fenced like imports' and lookup jobs' leases.
 */
export const sendDispatchers = pgTable("send_dispatchers", {
  id: integer("id").primaryKey(),
  teamId: integer("team_id").notNull().default(0),
  leaseOwner: text("lease_owner"),
  leaseUntil: ts("lease_until"),
  /**
   * The advisory lock key the holder's process keeps on a connection of its own while it lives: PostgreSQL lets it go
   * when that connection drops, so a take-over needs no lease to lapse (docs/sending.md, Leadership).
   */
  holderKey: bigint("holder_key", { mode: "number" }),
  /** When the last holder let the lease go, and the times (epoch ms) of its calls in the second before: the next holder's pace starts from them. */
  releasedAt: ts("released_at"),
  recentCalls: doublePrecision("recent_calls").array(),
  /**
   * Raised by a wake that found the lease taken: the holder, once it has let go, runs again when this moved during its
   * run, so a message written just after its last look is not left for the next tick.
   */
  wanted: bigint("wanted", { mode: "number" }).notNull().default(0),
});

/**
 * Each dispatcher run's handed-over mark, written ahead of its calls: `owner` starts no message past `upto` in its
 * sending order (`campaign_messages.send_seq`), so a row of its beyond that was never handed to the provider. A row of
 * its own (not the lease row, which each claim locks): the writes never wait. A take-over closes the dead one's mark.
 */
export const sendHandOver = pgTable(
  "send_hand_over",
  {
    gatewayId: integer("gateway_id").notNull(),
    owner: text("owner").notNull(),
    upto: bigint("upto", { mode: "number" }).notNull().default(-1),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.owner] })],
);

/**
 * Short links (docs/short-links.md): one code per message and link, written when the message is rendered; the redirect
 * service reads them by code (cached) and never writes here on the hot path.
 */
export const campaignLinks = pgTable(
  "campaign_links",
  {
    code: text("code").primaryKey(),
    teamId: integer("team_id").notNull(),
    campaignId: integer("campaign_id").notNull(),
    stepId: integer("step_id").notNull(),
    partId: integer("part_id").notNull(),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    /** The target with `{click_id}` and the revenue token left for the redirect to fill. */
    redirectTo: text("redirect_to").notNull(),
    /** The first counted click (after it, `redirect_link_after_first_click` applies); set by the click flush. */
    firstClickedAt: ts("first_clicked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("campaign_links_message_idx").on(t.messageId), index("campaign_links_campaign_idx").on(t.campaignId, t.createdAt)],
);

/**
 * A campaign's send rate and daily limit across every dispatcher that sends for it (a pool or route spans gateways):
 * a token bucket refilled at the campaign's frequency, and the count sent on the campaign's local day. The claim
 * locks the row, so two dispatchers never spend the same allowance.
 */
export const campaignPacing = pgTable("campaign_pacing", {
  campaignId: integer("campaign_id")
    .primaryKey()
    .references(() => campaigns.id, { onDelete: "cascade" }),
  tokens: numeric("tokens", { precision: 14, scale: 4, mode: "number" }).notNull().default(0),
  refilledAt: ts("refilled_at").notNull().defaultNow(),
  /** The campaign's local day the count is of (YYYY-MM-DD in its time zone). */
  day: text("day"),
  sentToday: integer("sent_today").notNull().default(0),
  /** The local day the Reset Frequency rule last put the frequency back (rule 4). */
  resetDay: text("reset_day"),
  /** When the Increase Frequency rule last raised it (rule 5): at most once an hour. */
  increasedAt: ts("increased_at"),
});

/**
 * Each sender's provider outcomes by hour (maintained in the transaction that applies callbacks): what the health
 * check reads to see a number whose messages carriers started to block.
 */
export const senderOutcomes = pgTable(
  "sender_outcomes",
  {
    gatewayId: integer("gateway_id").notNull(),
    sender: text("sender").notNull(),
    hour: ts("hour").notNull(),
    delivered: integer("delivered").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    blocked: integer("blocked").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.sender, t.hour] })],
);

/** Senders taken out of rotation because carriers filter them; a person puts them back (or they expire). */
export const pausedSenders = pgTable(
  "paused_senders",
  {
    gatewayId: integer("gateway_id").notNull(),
    sender: text("sender").notNull(),
    reason: text("reason").notNull(),
    pausedAt: ts("paused_at").notNull().defaultNow(),
    /** When it goes back into rotation by itself. */
    until: ts("until").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.sender] })],
);
