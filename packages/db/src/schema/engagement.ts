import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { campaigns } from "./campaigns";
import { parentId, parentTeamId, timestamps, ts } from "./columns";

/*
 * What leads do with the messages (docs/short-links.md): the hits on short links and tracking pixels, the replies, the
 * welcome messages and the conversions partners post back. Written in batches beside the counters they feed; the
 * redirect service never writes here on its hot path (its clicks are buffered and flushed).
 */

/**
 * A hit on a message's short link (`click`) or its tracking pixel (`open`), one row each, flagged or not. `reason` NULL:
 * a counted click or open that went to the target; else why it was not counted or went elsewhere (a bot, a link
 * preview, a HEAD request, a mail scanner, an expired link, desktop traffic, a state the step filters, after the first
 * click) — the Redirects tab's audit trail. `hit_id` is the public id `{click_id}` carries (what a postback names).
 */
export const messageHits = pgTable(
  "message_hits",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    hitId: text("hit_id").notNull(),
    /** click, open */
    kind: text("kind").notNull(),
    teamId: parentTeamId(),
    campaignId: parentId("campaign_id", () => campaigns.id),
    stepId: integer("step_id").notNull(),
    partId: integer("part_id").notNull(),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    /** The short link's code (clicks). */
    code: text("code"),
    reason: text("reason"),
    /** What the classifier matched (the bot's name, the preview agent, the state), for the audit trail. */
    reasonDetail: text("reason_detail"),
    clickUrl: text("click_url"),
    redirectUrl: text("redirect_url"),
    ip: text("ip"),
    country: text("country"),
    region: text("region"),
    city: text("city"),
    isp: text("isp"),
    asname: text("asname"),
    /** The network is a mobile carrier's. */
    mobile: boolean("mobile"),
    /** The address is a known hosting, VPN or proxy range. */
    proxy: boolean("proxy"),
    userAgent: text("user_agent"),
    referer: text("referer"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("message_hits_hit_id_key").on(t.hitId),
    // The Clicks and Open at tabs (counted hits) and the Redirects tab (the rest), newest first.
    index("message_hits_counted_idx").on(t.campaignId, t.kind, t.id).where(sql`${t.reason} IS NULL`),
    index("message_hits_flagged_idx").on(t.campaignId, t.kind, t.id).where(sql`${t.reason} IS NOT NULL`),
    index("message_hits_message_idx").on(t.messageId),
    index("message_hits_lead_idx").on(t.teamId, t.leadId),
  ],
);

/**
 * An inbound SMS (a reply), deduplicated by the provider's message id per gateway. The lead is found by the normalised
 * phone, the campaign by the last message sent to that phone from that number. `intent` is what the text meant (stop,
 * start, help, keyword, fuzzy_stop, none); `answer_*` the one answer sent (a STOP confirmation, the help text, a
 * keyword's reply), sent once: `answer_state` moves planned → submitting → accepted / rejected / unknown.
 */
export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    teamId: parentTeamId(),
    gatewayId: integer("gateway_id").notNull(),
    eventId: text("event_id").notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }).notNull().default(0),
    leadId: bigint("lead_id", { mode: "number" }),
    campaignId: integer("campaign_id"),
    stepId: integer("step_id"),
    partId: integer("part_id"),
    messageId: bigint("message_id", { mode: "number" }),
    intent: text("intent").notNull().default("none"),
    keywordId: integer("keyword_id"),
    /** A fuzzy opt-out ("stop please", "wrong number"): suppressed, and shown for a person to confirm. */
    needsReview: boolean("needs_review").notNull().default(false),
    answerMessage: text("answer_message"),
    answerState: text("answer_state"),
    answerProviderId: text("answer_provider_id"),
    answerCost: numeric("answer_cost", { precision: 12, scale: 6, mode: "number" }),
    answeredAt: ts("answered_at"),
    /** Why the answer was not sent (the phone opted out meanwhile, no money, the provider's refusal). */
    answerError: text("answer_error"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("inbound_messages_event_key").on(t.gatewayId, t.eventId),
    // The Incoming Messages tab (updated_at descending).
    index("inbound_messages_campaign_idx").on(t.campaignId, t.updatedAt, t.id),
    // A phone's replies (HELP at most once a day; the lead page).
    index("inbound_messages_from_idx").on(t.teamId, t.fromNumber, t.createdAt),
    // Answers waiting to be sent, by the gateway whose dispatcher sends them.
    index("inbound_messages_answer_idx").on(t.gatewayId, t.id).where(sql`${t.answerState} = 'planned'`),
  ],
);

/**
 * Welcome messages (step option `need_send_welcome_message`): one per lead per campaign at most (the unique key), sent
 * through the step's sender before the lead's first message of the campaign; listed in the Welcome Messages tab.
 */
export const welcomeMessages = pgTable(
  "welcome_messages",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    teamId: parentTeamId(),
    campaignId: parentId("campaign_id", () => campaigns.id),
    stepId: integer("step_id").notNull(),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    gatewayId: integer("gateway_id"),
    toNumber: text("to_number").notNull(),
    /** The number or short code it went from. */
    shortCode: text("short_code"),
    message: text("message").notNull(),
    /** planned, submitting, accepted, rejected, unknown */
    state: text("state").notNull().default("planned"),
    providerId: text("provider_id"),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }),
    errorMessage: text("error_message"),
    sentAt: ts("sent_at"),
    /** Not before: a welcome waits for its recipient's sending window like any campaign message. */
    dueAt: ts("due_at").notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("welcome_messages_lead_key").on(t.campaignId, t.leadId),
    index("welcome_messages_campaign_idx").on(t.campaignId, t.updatedAt, t.id),
    // Welcomes waiting to be sent, by the gateway whose dispatcher sends them.
    index("welcome_messages_due_idx").on(t.gatewayId, t.dueAt, t.id).where(sql`${t.state} = 'planned'`),
  ],
);

/**
 * A conversion a partner posted back for a click: idempotent by (tracking, transaction id). `attribution` NULL: the
 * click counted; else the hit's reason it is counted apart under (bot, expired, state_filter).
 */
export const revenueConversions = pgTable(
  "revenue_conversions",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    teamId: parentTeamId(),
    trackingId: integer("tracking_id").notNull(),
    hitId: text("hit_id").notNull(),
    transactionId: text("transaction_id").notNull(),
    amount: numeric("amount", { precision: 14, scale: 4, mode: "number" }).notNull(),
    campaignId: integer("campaign_id"),
    stepId: integer("step_id"),
    partId: integer("part_id"),
    messageId: bigint("message_id", { mode: "number" }),
    leadId: bigint("lead_id", { mode: "number" }),
    attribution: text("attribution"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("revenue_conversions_key").on(t.trackingId, t.transactionId),
    index("revenue_conversions_campaign_idx").on(t.campaignId, t.id),
    index("revenue_conversions_lead_idx").on(t.teamId, t.leadId),
  ],
);
