import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
} from "drizzle-orm/pg-core";
import { counter, namedTeamRecord, parentId, parentTeamId, teamIndex, timestamps, ts } from "./columns";

const money = (name: string) => numeric(name, { precision: 16, scale: 4, mode: "number" }).notNull().default(0);

/*
 * Campaigns (docs/product/campaigns.md, docs/sending.md): the campaign and its settings, its steps (a split's parts are
 * steps under it), its audience, and the counters every figure on the list and the cards is read from. The send ledger
 * (`campaign_messages`) is the engine's. Statuses and kinds are text keys of the contracts' `as const` maps. Gateway,
 * route, pool and rule ids are checked by the domain on save and before Active, not by foreign keys: deleting a gateway
 * must not delete or block the campaigns that sent through it.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    ...namedTeamRecord(),
    /** sms, automation, email, email_automation */
    type: text("type").notNull(),
    status: text("status").notNull().default("draft"),
    /** gateway, route, pool */
    senderType: text("sender_type").notNull().default("gateway"),
    gatewayId: integer("gateway_id"),
    routeId: integer("route_id"),
    poolId: integer("pool_id"),
    /** A Twilio Messaging Service of the gateway (its pool): the provider picks the number. */
    msSid: text("ms_sid"),
    msName: text("ms_name"),
    startedAt: ts("started_at"),
    /** IANA zone the schedule was entered in. */
    startedAtTz: text("started_at_tz").notNull().default("UTC"),
    daytimeLimitation: boolean("daytime_limitation").notNull().default(false),
    runDailyFrom: time("run_daily_from"),
    runDailyTo: time("run_daily_to"),
    needSendByTimezones: boolean("need_send_by_timezones").notNull().default(false),
    frequencyCount: integer("frequency_count"),
    /** Minutes. */
    frequencyPeriod: integer("frequency_period"),
    dailyLimit: integer("daily_limit"),
    coolOffRuleId: integer("cool_off_rule_id"),
    inactiveDeviceRuleId: integer("inactive_device_rule_id"),
    setFrequencyRuleId: integer("set_frequency_rule_id"),
    increaseFrequencyRuleId: integer("increase_frequency_rule_id"),
    onlyVerifiedLeads: boolean("only_verified_leads").notNull().default(false),
    /** Only leads with consent proof: a record, a verified certificate if it names one, not reassigned since. */
    onlyConsentProof: boolean("only_consent_proof").notNull().default(false),
    lookupGatewayId: integer("lookup_gateway_id"),
    /** Trigger kinds a trigger campaign starts on (campaign_click, two_fa_link_view, campaign_daily_limit, keyword). */
    triggers: text("triggers").array().notNull().default(sql`'{}'::text[]`),
    /** The trigger campaign a click in this campaign starts (set in bulk from the list). */
    clickAutomationCampaignId: integer("click_automation_campaign_id"),
    sendTestSpamEmails: boolean("send_test_spam_emails").notNull().default(false),
    spamEmailGroupIds: integer("spam_email_group_ids").array().notNull().default(sql`'{}'::int[]`),
    /** Minutes between copies to the spam groups. */
    sendSpamEmailInterval: integer("send_spam_email_interval"),
    replyTo: text("reply_to"),
    /** Set when it first goes Active; from then on the sending fields are locked. */
    isStarted: boolean("is_started").notNull().default(false),
    archivedAt: ts("archived_at"),
    /** Why the engine set the status (auto-fail's threshold, out of funds); cleared by a status set by hand. */
    statusReason: text("status_reason"),
    /** Expire All Links: a link of this campaign sent before this moment redirects as expired. */
    linksExpiredAt: ts("links_expired_at"),
    /**
     * Set while the audience is being planned after a first slice went out (sending starts within two seconds of
     * Active at any audience size): the campaign cannot complete before the rest is planned.
     */
    planningSince: ts("planning_since"),
    /**
     * While planning in slices of lead ids: the last lead id whose slice is planned and committed. A planning that
     * stopped (its process gone) resumes after it rather than reading the planned slices again.
     */
    plannedThrough: bigint("planned_through", { mode: "number" }),
    /**
     * The audience's size (its lists', sources' and segments' maintained counters summed) when it was last planned:
     * a different sum means leads joined or left, and the tick plans the campaign again (joining leads are added,
     * silently while paused).
     */
    audienceSeen: bigint("audience_seen", { mode: "number" }),
    /** A campaign that has started is only hidden: its messages stay on the lead timelines. */
    deletedAt: ts("deleted_at"),
    ...timestamps(),
  },
  (t) => [
    index("campaigns_team_created_idx").on(t.teamId, t.createdAt),
    index("campaigns_team_started_idx").on(t.teamId, t.startedAt),
    index("campaigns_status_idx").on(t.status, t.id).where(sql`${t.deletedAt} IS NULL`),
    check("campaigns_daily_limit_nonneg", sql`${t.dailyLimit} IS NULL OR ${t.dailyLimit} >= 0`),
  ],
);

/** A row of a campaign (a step, its audience, its counters): the campaign's team, and the campaign it goes with. */
const ofCampaign = () => ({ teamId: parentTeamId(), campaignId: parentId("campaign_id", () => campaigns.id) });

/**
 * A step, or a part of a split step (`parent_step_id`). The engine filters on the columns; the rest of the SMS and
 * email extras are `options`, validated by the contracts' step schema.
 */
export const campaignSteps = pgTable(
  "campaign_steps",
  {
    id: serial("id").primaryKey(),
    ...ofCampaign(),
    parentStepId: integer("parent_step_id"),
    position: integer("position").notNull().default(0),
    /** sms, email, split */
    type: text("type").notNull(),
    name: text("name").notNull(),
    delay: integer("delay").notNull().default(0),
    /** min, hours, days */
    delayTimePeriod: text("delay_time_period").notNull().default("min"),
    status: text("status").notNull().default("pending"),
    startedAt: ts("started_at"),
    message: text("message").notNull().default(""),
    subject: text("subject"),
    redirectTo: text("redirect_to"),
    shortUrlDomainId: integer("short_url_domain_id"),
    /** Trigger campaigns this step's links start (a click, a 2FA link view, a T-Mobile limit). */
    clickAutomationCampaignId: integer("click_automation_campaign_id"),
    twoFaAutomationCampaignId: integer("two_fa_automation_campaign_id"),
    tmoLimitAutomationCampaignId: integer("tmo_limit_automation_campaign_id"),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    index("campaign_steps_campaign_idx").on(t.campaignId, t.parentStepId, t.position),
    teamIndex("campaign_steps", t),
    check("campaign_steps_delay_nonneg", sql`${t.delay} >= 0`),
  ],
);

/** The segments, sources and lists a campaign sends to. */
export const campaignAudiences = pgTable(
  "campaign_audiences",
  {
    ...ofCampaign(),
    /** segment, source, list */
    kind: text("kind").notNull(),
    refId: integer("ref_id").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.kind, t.refId] }), index("campaign_audiences_team_ref_idx").on(t.teamId, t.kind, t.refId)],
);

/**
 * Maintained counters: every writer of the ledger adds its deltas per (campaign, step, part, day),
 * one write per key per batch. `step_id` / `part_id` 0: not by step (the audience snapshot's `records`). `day` is
 * the UTC day. The list, the cards and the statistics sum these rows; nothing counts messages per request.
 */
export const campaignCounters = pgTable(
  "campaign_counters",
  {
    ...ofCampaign(),
    stepId: integer("step_id").notNull().default(0),
    partId: integer("part_id").notNull().default(0),
    day: date("day", { mode: "string" }).notNull(),
    records: counter("records"),
    processed: counter("processed"),
    sent: counter("sent"),
    delivered: counter("delivered"),
    failed: counter("failed"),
    errors: counter("errors"),
    opened: counter("opened"),
    clicked: counter("clicked"),
    spam: counter("spam"),
    unsubscribed: counter("unsubscribed"),
    coolOffs: counter("cool_offs"),
    coolOffsInactiveDevice: counter("cool_offs_inactive_device"),
    dailyLimit: counter("daily_limit"),
    blocked: counter("blocked"),
    inactiveDevice: counter("inactive_device"),
    cancelled: counter("cancelled"),
    bounces: counter("bounces"),
    complaints: counter("complaints"),
    conversations: counter("conversations"),
    cost: money("cost"),
    revenue: money("revenue"),
    revenueByBot: money("revenue_by_bot"),
    revenueByExpired: money("revenue_by_expired"),
    revenueByStateFilter: money("revenue_by_state_filter"),
    /** What the lookups the campaign started (only verified leads) charged: profit is revenue − cost − this. */
    lookupCost: money("lookup_cost"),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.stepId, t.partId, t.day] }),
    // The list's period filter and today's cards read a team's rows of some days.
    index("campaign_counters_team_day_idx").on(t.teamId, t.day),
  ],
);

/** Test SMS and emails of a campaign's steps: capped per team per day; never counted in the campaign's figures. */
export const campaignTestSends = pgTable(
  "campaign_test_sends",
  {
    id: serial("id").primaryKey(),
    ...ofCampaign(),
    stepId: integer("step_id"),
    /** sms, email */
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    /** The provider's answer, as shown in the alert. */
    result: text("result").notNull().default(""),
    /**
     * planned → submitting → accepted / rejected / unknown, or cancelled when no dispatcher took it in time: a test
     * goes out through its gateway's dispatcher like every message (docs/sending.md, One door).
     */
    state: text("state").notNull().default("planned"),
    gatewayId: integer("gateway_id"),
    /** The number, provider-side pool or address it leaves from, and how the provider reads it (number, pool). */
    sender: text("sender"),
    senderKind: text("sender_kind"),
    fromName: text("from_name"),
    replyTo: text("reply_to"),
    subject: text("subject"),
    body: text("body"),
    unsubscribeUrl: text("unsubscribe_url"),
    parts: smallint("parts").notNull().default(1),
    providerId: text("provider_id"),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("campaign_test_sends_campaign_idx").on(t.campaignId, t.channel, t.createdAt),
    // The team's daily cap on tests.
    index("campaign_test_sends_team_idx").on(t.teamId, t.channel, t.createdAt),
    index("campaign_test_sends_planned_idx").on(t.gatewayId, t.id).where(sql`${t.state} = 'planned'`),
  ],
);

/**
 * The Statistics tab's chart: what happened to a campaign's messages per hour (UTC), written in the same statement
 * as `campaign_counters` (counters.ts) from the same deltas. Only the charted figures; the summary reads the daily
 * counters.
 */
export const campaignCounterHours = pgTable(
  "campaign_counter_hours",
  {
    ...ofCampaign(),
    hour: ts("hour").notNull(),
    sent: counter("sent"),
    delivered: counter("delivered"),
    failed: counter("failed"),
    errors: counter("errors"),
    blocked: counter("blocked"),
    inactiveDevice: counter("inactive_device"),
    cancelled: counter("cancelled"),
    bounces: counter("bounces"),
    complaints: counter("complaints"),
    opened: counter("opened"),
    clicked: counter("clicked"),
    unsubscribed: counter("unsubscribed"),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.hour] })],
);

/**
 * The Logs tab (docs/product/campaigns.md): what changed on a campaign, newest first. `attributes` are the
 * changed fields with their new values; `user_id` who did it (null: the engine, e.g. completed or auto-failed).
 */
export const campaignLogs = pgTable(
  "campaign_logs",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    ...ofCampaign(),
    /** created, updated, status, step_created, step_updated, step_deleted, audience, links_expired, segment … */
    type: text("type").notNull(),
    attributes: jsonb("attributes").$type<{ name: string; value_to: string | null }[]>().notNull().default([]),
    userId: integer("user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("campaign_logs_campaign_idx").on(t.campaignId, t.id)],
);
