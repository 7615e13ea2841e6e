import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { teams } from "./accounts";
import { namedTeamRecord, parentId, parentTeamId, teamId, teamIndex, timestamps, ts } from "./columns";
import { gateways } from "./gateways";
import { lists } from "./sources";

/*
 * The settings campaigns send with (docs/sending.md): carrier groups, routes, pools, rules, keywords,
 * revenue trackings and the email groups. Every team-owned row carries `team_id`; a row of another team is a 404.
 */

/**
 * Carrier groups (platform data, not per team): a route sends each lead by the group its carrier belongs to.
 * `patterns` are lower-case substrings of the carrier names lookups record (`lead_phones.carrier_name`); the
 * group with `is_other` takes every carrier no other group names.
 */
export const carrierGroups = pgTable("carrier_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  patterns: text("patterns").array().notNull().default(sql`'{}'::text[]`),
  isOther: boolean("is_other").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A route, a route's group and a pool's sender send through a gateway, which cannot be deleted while they do. */
const sendsThrough = () => ({
  gatewayId: integer("gateway_id")
    .notNull()
    .references(() => gateways.id, { onDelete: "restrict" }),
  /** `phone` (a gateway number or alpha id) or `pool` (a provider-side pool of the gateway). */
  senderType: text("sender_type").notNull(),
  sender: text("sender").notNull(),
  senderName: text("sender_name").notNull().default(""),
});

/** A team's named record whose items are rows of their own table (a pool's senders, an email group's addresses). */
const namedTeamTable = <N extends string>(name: N) => pgTable(name, { ...namedTeamRecord(), ...timestamps() }, (t) => [teamIndex(name, t)]);

/** A campaign route: a default gateway/sender and per-carrier-group gateways/senders, each with its frequency per minute. */
export const campaignRoutes = pgTable(
  "campaign_routes",
  {
    ...namedTeamRecord(),
    ...sendsThrough(),
    /** Messages per minute. */
    frequency: integer("frequency").notNull(),
    ...timestamps(),
  },
  (t) => [teamIndex("campaign_routes", t), check("campaign_routes_frequency_nonneg", sql`${t.frequency} >= 0`)],
);

export const campaignRouteGroups = pgTable(
  "campaign_route_groups",
  {
    id: serial("id").primaryKey(),
    teamId: parentTeamId(),
    routeId: parentId("route_id", () => campaignRoutes.id),
    groupId: integer("group_id")
      .notNull()
      .references(() => carrierGroups.id, { onDelete: "restrict" }),
    ...sendsThrough(),
    frequency: integer("frequency").notNull(),
  },
  (t) => [
    // A group may have several senders (its leads split between them by frequency), each once.
    uniqueIndex("campaign_route_groups_route_group_sender_key").on(t.routeId, t.groupId, t.gatewayId, t.sender),
    check("campaign_route_groups_frequency_nonneg", sql`${t.frequency} >= 0`),
  ],
);

/** A pool of senders: a lead keeps the number it was first sent from (sticky), geomatched when possible. */
export const campaignPools = namedTeamTable("campaign_pools");

export const campaignPoolSenders = pgTable(
  "campaign_pool_senders",
  {
    id: serial("id").primaryKey(),
    teamId: parentTeamId(),
    poolId: parentId("pool_id", () => campaignPools.id),
    ...sendsThrough(),
  },
  (t) => [uniqueIndex("campaign_pool_senders_key").on(t.poolId, t.gatewayId, t.senderType, t.sender)],
);

/**
 * Rules (docs/sending.md): 1 Sms Cool Off, 2 SMS Inactive Device, 3 Email Cool Off, 4 Reset Frequency,
 * 5 Increase Frequency. `params` holds the type's integers (period; frequency_count, frequency_period, reset_time;
 * profit_percent, increase_percent, max_frequency). Coverage 1: the team's own campaigns.
 */
export const rules = pgTable(
  "rules",
  {
    ...namedTeamRecord(),
    type: smallint("type").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    coverage: smallint("coverage").notNull().default(1),
    params: jsonb("params").$type<Record<string, number | string>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [index("rules_team_idx").on(t.teamId, t.type, t.id)],
);

/**
 * SMS keywords. `team_id` NULL: a system keyword (STOP, START, HELP and their variants) every team has, shown
 * locked. `words` are stored normalised (upper case, trimmed); `phones` are E.164 numbers of the team's gateways
 * or `*` for all of them. A word belongs to at most one keyword per number (checked on save under the team's lock).
 */
export const smsKeywords = pgTable(
  "sms_keywords",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "cascade" }),
    words: text("words").array().notNull(),
    phones: text("phones").array().notNull().default(sql`'{*}'::text[]`),
    gatewayId: integer("gateway_id").references(() => gateways.id, { onDelete: "set null" }),
    responseMessage: text("response_message").notNull().default(""),
    /** reply, subscribe, unsubscribe, trigger (start a trigger campaign), and the system ones stop, start, help. */
    action: text("action").notNull(),
    listId: integer("list_id").references(() => lists.id, { onDelete: "set null" }),
    automationCampaignId: integer("automation_campaign_id"),
    /** A subscribe keyword that asks "Reply YES to confirm" first and subscribes on the YES (docs/opt-in.md). */
    doubleOptIn: boolean("double_opt_in").notNull().default(false),
    isSystem: boolean("is_system").notNull().default(false),
    ...timestamps(),
  },
  (t) => [teamIndex("sms_keywords", t)],
);

/**
 * Revenue trackings: a partner calls the postback URL (click id and amount macros, signed with `secret`) when a
 * click converts. `revenue` and `total_conversations` are maintained by the conversion writer.
 */
export const revenueTrackings = pgTable(
  "revenue_trackings",
  {
    ...namedTeamRecord(),
    /** The postback URL's token (public, unguessable) and the HMAC key partners may sign with. */
    token: text("token").notNull(),
    secret: text("secret").notNull(),
    revenue: numeric("revenue", { precision: 14, scale: 4, mode: "number" }).notNull().default(0),
    totalConversations: integer("total_conversations").notNull().default(0),
    ...timestamps(),
  },
  (t) => [teamIndex("revenue_trackings", t), uniqueIndex("revenue_trackings_token_key").on(t.token)],
);

/** Spam email groups: seed (trap) addresses an email campaign copies its messages to. */
export const spamEmailGroups = namedTeamTable("spam_email_groups");

export const spamEmailGroupEmails = pgTable(
  "spam_email_group_emails",
  {
    id: serial("id").primaryKey(),
    teamId: parentTeamId(),
    groupId: parentId("group_id", () => spamEmailGroups.id),
    email: text("email").notNull(),
  },
  (t) => [uniqueIndex("spam_email_group_emails_key").on(t.groupId, t.email)],
);

/** Sender email groups: the from names and user names (local parts) an email step rotates through. */
export const senderEmailGroups = namedTeamTable("sender_email_groups");

export const senderEmailUsernames = pgTable(
  "sender_email_usernames",
  {
    id: serial("id").primaryKey(),
    teamId: parentTeamId(),
    groupId: parentId("group_id", () => senderEmailGroups.id),
    fromName: text("from_name").notNull(),
    userName: text("user_name").notNull(),
  },
  (t) => [uniqueIndex("sender_email_usernames_key").on(t.groupId, t.userName)],
);

/**
 * Short-URL domains (docs/short-links.md): one host belongs to one team across the platform, so the
 * redirect handler can route by Host. `https_enabled` lets the TLS terminator's on-demand `ask` issue a certificate.
 */
export const shortUrlDomains = pgTable(
  "short_url_domains",
  {
    id: serial("id").primaryKey(),
    teamId: teamId(),
    /** The host, lower case, no scheme or path. */
    url: text("url").notNull(),
    /** enabled / disabled */
    access: text("access").notNull().default("enabled"),
    redirectTo: text("redirect_to"),
    filterRedirect: text("filter_redirect"),
    stateFilterRedirect: text("state_filter_redirect"),
    /** Where an expired link of this domain leads when its step names no expiry URL; null: Leadflow's own page. */
    expiredRedirect: text("expired_redirect"),
    sortOrder: integer("sort_order").notNull().default(0),
    httpsEnabled: boolean("https_enabled").notNull().default(false),
    /** The last DNS check: the addresses the host resolved to and whether they include the public IP. */
    dnsCheckedAt: ts("dns_checked_at"),
    dnsAddresses: text("dns_addresses").array(),
    dnsOk: boolean("dns_ok"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("short_url_domains_url_key").on(t.url)],
);

/**
 * Provider callbacks, verified, before they are applied (docs/sending.md): one row per provider event,
 * deduplicated by (gateway, event id); the engine's worker applies them in batches and sets `applied_at`.
 */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id"),
    gatewayId: integer("gateway_id").notNull(),
    /** status, inbound */
    kind: text("kind").notNull(),
    eventId: text("event_id").notNull(),
    messageId: text("message_id"),
    providerId: text("provider_id"),
    payload: jsonb("payload").notNull(),
    receivedAt: ts("received_at").notNull().defaultNow(),
    appliedAt: ts("applied_at"),
  },
  (t) => [
    uniqueIndex("provider_events_dedupe_key").on(t.gatewayId, t.eventId),
    index("provider_events_pending_idx").on(t.id).where(sql`${t.appliedAt} IS NULL`),
  ],
);
