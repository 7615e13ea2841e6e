import { z } from "zod";
import { IdList, requiredString, text } from "./common";

/*
 * Campaigns (docs/product/campaigns.md): types, statuses and the one table of status moves, the
 * Create/Edit Campaign dialog's schema, the list's query and row, and the bulk actions' bodies.
 */

// ── Types and statuses ───────────────────────────────────────────────────────────────────────────────────────

export const CampaignTypes = ["sms", "automation", "email", "email_automation"] as const;
export type CampaignType = (typeof CampaignTypes)[number];
export const CampaignTypeLabels = {
  sms: "Sms",
  automation: "SMS Trigger",
  email: "Email",
  email_automation: "Email Trigger",
} as const satisfies Record<CampaignType, string>;
/** The channel a type sends on: its steps are of that kind. */
export const CampaignChannel = { sms: "sms", automation: "sms", email: "email", email_automation: "email" } as const satisfies Record<
  CampaignType,
  "sms" | "email"
>;
export const isTriggerType = (t: CampaignType) => t === "automation" || t === "email_automation";

export const CampaignStatuses = {
  draft: "draft",
  scheduled: "scheduled",
  active: "active",
  paused: "paused",
  processing: "processing",
  completed: "completed",
  failed: "failed",
  stop: "stop",
} as const;
export type CampaignStatus = keyof typeof CampaignStatuses;
export const CampaignStatusList = Object.keys(CampaignStatuses) as CampaignStatus[];
export const CampaignStatusLabels = {
  draft: "Draft",
  scheduled: "Scheduled",
  active: "Active",
  paused: "Paused",
  processing: "Processing",
  completed: "Completed",
  failed: "Failed",
  stop: "Stop",
} as const satisfies Record<CampaignStatus, string>;

/** What a person may set by hand (Set status); scheduled, processing, completed and failed are the engine's. */
export const CampaignManualStatuses = ["draft", "active", "paused", "stop"] as const satisfies readonly CampaignStatus[];
export type CampaignManualStatus = (typeof CampaignManualStatuses)[number];

/**
 * The one table of allowed status moves, by a person or the engine. Active on a campaign whose schedule lies ahead
 * is stored as scheduled. Draft is reachable only before the campaign first went Active; stop is final.
 */
export const CampaignStatusMoves = {
  draft: ["active", "scheduled", "stop"],
  scheduled: ["draft", "active", "paused", "stop"],
  active: ["paused", "processing", "completed", "failed", "stop"],
  paused: ["active", "scheduled", "completed", "stop"],
  processing: ["active", "paused", "completed", "failed", "stop"],
  completed: ["active", "scheduled"],
  failed: ["active", "scheduled", "stop"],
  stop: [],
} as const satisfies Record<CampaignStatus, readonly CampaignStatus[]>;
export const canMoveCampaign = (from: CampaignStatus, to: CampaignStatus): boolean =>
  (CampaignStatusMoves[from] as readonly CampaignStatus[]).includes(to);

/** Edit Campaign is disabled in these (docs/product/campaigns.md). */
export const CampaignEditLockedStatuses = ["active", "completed", "failed"] as const satisfies readonly CampaignStatus[];

export const CampaignSenderTypes = ["gateway", "route", "pool"] as const;
export type CampaignSenderType = (typeof CampaignSenderTypes)[number];
/** Sender type choices per channel: email campaigns send through a gateway only. */
export const CampaignSenderTypesByChannel = { sms: CampaignSenderTypes, email: ["gateway"] } as const;

export const CampaignTriggers = ["campaign_click", "two_fa_link_view", "campaign_daily_limit", "keyword"] as const;
export type CampaignTrigger = (typeof CampaignTriggers)[number];
export const CampaignTriggerLabels = {
  campaign_click: "Campaign click",
  two_fa_link_view: "2FA link view",
  campaign_daily_limit: "Campaign daily limit",
  keyword: "Keyword",
} as const satisfies Record<CampaignTrigger, string>;

/** Frequency periods in minutes (per minute is the engine's unit). */
export const CampaignFrequencyPeriods = { 1: "Minute", 60: "Hour", 1440: "Day", 10080: "Week" } as const;
export const CampaignFrequencyPeriodList = [1, 60, 1440, 10080] as const;

/** Fields locked once the campaign has started (docs/product/campaigns.md), server-side too. */
export const CampaignLockedFields = [
  "type",
  "triggers",
  "sender_type",
  "route_id",
  "pool_id",
  "only_verified_leads",
  "daytime_limitation",
  "run_daily_from",
  "run_daily_to",
] as const;

export const CampaignLimits = {
  name: 191,
  frequency: 100_000,
  dailyLimit: 10_000_000,
  spamInterval: 10_080,
  testSmsPerDay: 25,
  testEmailsPerDay: 50,
} as const;

// ── Create / Edit ────────────────────────────────────────────────────────────────────────────────────────────

const id = (field: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: `The ${field} is invalid.` })
      .int(`The ${field} is invalid.`)
      .positive(`The ${field} is invalid.`)
      .max(2_147_483_647)
      .nullable(),
  );
const whole = (field: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: `The ${field} must be a whole number.` })
      .int(`The ${field} must be a whole number.`)
      .min(min, `The ${field} must be at least ${min}.`)
      .max(max, `The ${field} may not be greater than ${max}.`)
      .nullable(),
  );
const flag = z.boolean().default(false);
const DailyTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "The time must be HH:MM.")
  .transform((s) => s.slice(0, 5));
const isZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const CampaignFields = z.object({
  name: requiredString("The name field is required.")
    .trim()
    .min(1, "The name field is required.")
    .max(CampaignLimits.name, `The name may not be greater than ${CampaignLimits.name} characters.`),
  type: z.enum(CampaignTypes, { error: "The type must be sms, automation, email or email_automation." }),
  sender_type: z.enum(CampaignSenderTypes, { error: "The sender type must be gateway, route or pool." }).default("gateway"),
  setting_gateway_id: id("gateway").default(null),
  route_id: id("route").default(null),
  pool_id: id("pool").default(null),
  ms_sid: text()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  ms_name: text()
    .trim()
    .max(191)
    .nullish()
    .transform((v) => v || null),
  started_at: z.iso
    .datetime({ offset: true, error: "The start must be a date and time." })
    .nullish()
    .transform((v) => v ?? null),
  started_at_tz: z.string().trim().refine(isZone, "The time zone is invalid.").default("UTC"),
  daytime_limitation: flag,
  run_daily_from: DailyTime.nullish().transform((v) => v ?? null),
  run_daily_to: DailyTime.nullish().transform((v) => v ?? null),
  need_send_by_timezones: flag,
  frequency_count: whole("frequency count", 1, CampaignLimits.frequency).default(null),
  frequency_period: z
    .preprocess((v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v), z.number().nullable())
    .refine((v) => v === null || (CampaignFrequencyPeriodList as readonly number[]).includes(v), "The frequency period is invalid.")
    .default(null),
  daily_limit: whole("daily limit", 0, CampaignLimits.dailyLimit).default(null),
  cool_off_rule_id: id("cool off rule").default(null),
  inactive_device_rule_id: id("inactive device rule").default(null),
  set_frequency_rule_id: id("set frequency rule").default(null),
  increase_frequency_rule_id: id("increase frequency rule").default(null),
  only_verified_leads: flag,
  lookup_gateway_id: id("lookup gateway").default(null),
  /** Only leads with consent proof: a consent record, its certificate verified, the number not reassigned since. */
  only_consent_proof: flag,
  triggers: z
    .array(z.enum(CampaignTriggers, { error: "The trigger is invalid." }))
    .max(CampaignTriggers.length)
    .default([]),
  send_test_spam_emails: flag,
  spam_email_groups: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(100).default([]),
  send_spam_email_interval: whole("spam email interval", 1, CampaignLimits.spamInterval).default(null),
  reply_to: z
    .email("The reply to must be an email address.")
    .nullish()
    .or(z.literal(""))
    .transform((v) => v || null),
});

/** POST /api/campaigns and PUT /api/campaigns/{id}: the whole dialog. Cross-field rules name the field they fail on. */
export const SaveCampaign = CampaignFields.superRefine((c, ctx) => {
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const channel = CampaignChannel[c.type];
  if (!(CampaignSenderTypesByChannel[channel] as readonly string[]).includes(c.sender_type))
    fail("sender_type", "Email campaigns send through a gateway.");
  if (c.sender_type === "gateway" && c.setting_gateway_id === null) fail("setting_gateway_id", "The gateway field is required.");
  if (c.sender_type === "route" && c.route_id === null) fail("route_id", "The route field is required.");
  if (c.sender_type === "pool" && c.pool_id === null) fail("pool_id", "The pool field is required.");
  if (c.pool_id !== null && c.ms_sid !== null) fail("ms_sid", "Choose a pool or a messaging service, not both.");
  if (c.daytime_limitation) {
    if (!c.run_daily_from) fail("run_daily_from", "The daily start time is required.");
    if (!c.run_daily_to) fail("run_daily_to", "The daily end time is required.");
    if (c.run_daily_from && c.run_daily_from === c.run_daily_to) fail("run_daily_to", "The daily window must not be empty.");
  }
  if ((c.frequency_count === null) !== (c.frequency_period === null))
    fail(c.frequency_count === null ? "frequency_count" : "frequency_period", "Set both the frequency count and its period.");
  if (c.only_verified_leads && c.lookup_gateway_id === null) fail("lookup_gateway_id", "The lookup gateway field is required.");
  if (isTriggerType(c.type) && c.triggers.length === 0) fail("triggers", "Choose at least one trigger.");
  if (!isTriggerType(c.type) && c.triggers.length > 0) fail("triggers", "Only trigger campaigns have triggers.");
  if (c.send_test_spam_emails) {
    if (channel !== "email") fail("send_test_spam_emails", "Only email campaigns send test spam emails.");
    if (c.spam_email_groups.length === 0) fail("spam_email_groups", "Choose at least one spam email group.");
    if (c.send_spam_email_interval === null) fail("send_spam_email_interval", "The spam email interval is required.");
  }
});
export type SaveCampaign = z.infer<typeof SaveCampaign>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────

const Label = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const Campaign = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CampaignTypes),
  type_label: z.string(),
  status: z.enum(CampaignStatusList as [CampaignStatus, ...CampaignStatus[]]),
  status_label: z.string(),
  sender_type: z.enum(CampaignSenderTypes),
  setting_gateway_id: z.number().int().nullable(),
  gateway_label: z.string().nullable(),
  route_id: z.number().int().nullable(),
  route_label: z.string().nullable(),
  pool_id: z.number().int().nullable(),
  pool_label: z.string().nullable(),
  ms_sid: z.string().nullable(),
  ms_name: z.string().nullable(),
  started_at: z.string().nullable(),
  started_at_tz: z.string(),
  daytime_limitation: z.boolean(),
  run_daily_from: z.string().nullable(),
  run_daily_to: z.string().nullable(),
  need_send_by_timezones: z.boolean(),
  frequency_count: z.number().int().nullable(),
  frequency_period: z.number().int().nullable(),
  frequency_period_label: z.string().nullable(),
  daily_limit: z.number().int().nullable(),
  cool_off_rule_id: z.number().int().nullable(),
  inactive_device_rule_id: z.number().int().nullable(),
  set_frequency_rule_id: z.number().int().nullable(),
  increase_frequency_rule_id: z.number().int().nullable(),
  cool_off_rule: Label,
  inactive_device_rule: Label,
  only_verified_leads: z.boolean(),
  lookup_gateway_id: z.number().int().nullable(),
  only_consent_proof: z.boolean(),
  triggers: z.array(z.enum(CampaignTriggers)),
  click_automation_campaign_id: z.number().int().nullable(),
  send_test_spam_emails: z.boolean(),
  spam_email_groups: z.array(z.number().int()),
  send_spam_email_interval: z.number().int().nullable(),
  reply_to: z.string().nullable(),
  is_started: z.boolean(),
  archived: z.boolean(),
  /** Audience size (records counter) and top-level steps. */
  records: z.number(),
  steps: z.number().int(),
  processed_count: z.number(),
  /**
   * What one SMS part (SMS types) or one email (email types) costs through the campaign's sender, in dollars: the
   * gateway's price, the pool's gateway's, or the dearest of a route's gateways; null while no sender is chosen.
   */
  part_price: z.number().nullable(),
  /** Why the engine set the status (auto-fail's threshold, out of funds), shown on the campaign page; null otherwise. */
  status_reason: z.string().nullable(),
  /** When Expire All Links ran: every link of the campaign sent before it redirects as expired. */
  links_expired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;
export const OneCampaign = z.object({ data: Campaign });
export const CampaignSaved = z.object({ message: z.string(), data: Campaign });
export type CampaignSaved = z.infer<typeof CampaignSaved>;

/**
 * Auto-fail (docs/sending.md): a campaign fails when a fifth of what it sent failed after 1,000 sent, or half of the
 * provider's final answers once 50 are in — a bad list or a blocked sender stops before it costs more.
 */
export const CampaignAutoFail = { minSent: 1000, sentShare: 0.2, minOutcomes: 50, outcomeShare: 0.5 } as const;

export const CampaignMessages = {
  created: "Campaign has been created.",
  updated: "Campaign has been updated.",
  deleted: "Campaign has been deleted.",
  copied: "Campaigns have been copied.",
  archived: "Campaigns have been archived.",
  unarchived: "Campaigns have been removed from the archive.",
  clickTrigger: "Click trigger has been set.",
  linksExpired: "Links have been expired.",
} as const;

// ── Bulk actions ─────────────────────────────────────────────────────────────────────────────────────────────

export const CampaignBatchStatus = z.object({
  ids: IdList,
  status: z.enum(CampaignManualStatuses, { error: `The status must be one of: ${CampaignManualStatuses.join(", ")}.` }),
});
export type CampaignBatchStatus = z.infer<typeof CampaignBatchStatus>;
export const CampaignBatchResult = z.object({ info: z.array(z.string()), errors: z.array(z.string()) });
export type CampaignBatchResult = z.infer<typeof CampaignBatchResult>;

export const CampaignClickTrigger = z.object({
  campaigns: IdList,
  click_automation_campaign_id: id("click trigger campaign"),
});
export type CampaignClickTrigger = z.infer<typeof CampaignClickTrigger>;

export const CampaignIdsAnswer = z.object({ message: z.string(), ids: z.array(z.number().int()) });
export type CampaignIdsAnswer = z.infer<typeof CampaignIdsAnswer>;

export const CampaignNames = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.enum(CampaignTypes), status: z.string() })),
});
export type CampaignNames = z.infer<typeof CampaignNames>;
export const CampaignNamesQuery = z.object({
  types: z.preprocess((v) => (typeof v === "string" ? v.split(",") : v), z.array(z.enum(CampaignTypes))).optional(),
});

export const ListByTriggerQuery = z.object({ trigger: z.enum(CampaignTriggers, { error: "The trigger is invalid." }) });

/** The list's cards per channel: the maintained counters summed over the list's period (today by default, UTC days). */
const ChannelToday = z.object({
  sent: z.number(),
  delivered: z.number(),
  delivered_percent: z.number(),
  clicked: z.number(),
  clicked_percent: z.number(),
  cost: z.number(),
});
export const CampaignTodayCounters = z.object({ data: z.object({ sms: ChannelToday, email: ChannelToday }) });
export type CampaignTodayCounters = z.infer<typeof CampaignTodayCounters>;

/** `GET /api/config`: the status lists (key, label). */
export const CampaignStatusOption = z.object({ key: z.string(), label: z.string() });
export const campaignStatusOptions = (keys: readonly CampaignStatus[]) => keys.map((key) => ({ key, label: CampaignStatusLabels[key] }));

// ── Audience ─────────────────────────────────────────────────────────────────────────────────────────────────

export const CampaignAudienceKinds = ["segment", "source", "list"] as const;
export type CampaignAudienceKind = (typeof CampaignAudienceKinds)[number];
/** POST /api/campaigns/{id}/segments|sources|lists: `id` adds one, `ids` replaces the selection of that kind. */
export const AttachAudience = z.union([
  z.object({ ids: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(1000) }),
  z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);
export type AttachAudience = z.infer<typeof AttachAudience>;
export const AudienceItem = z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable() });
export type AudienceItem = z.infer<typeof AudienceItem>;
export const AudienceItems = z.object({ data: z.array(AudienceItem) });
export type AudienceItems = z.infer<typeof AudienceItems>;
