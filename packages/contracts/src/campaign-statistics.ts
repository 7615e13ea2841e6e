import { z } from "zod";

/*
 * A campaign's Statistics tab (docs/product/campaigns.md): the summary, the
 * chart, the By Step table with each split's A/B comparison, and the Lead Engagement Statistic. Every figure is read
 * from the maintained counters (and, for the leads block, the engagement tables), never by counting the send ledger.
 * Days are UTC days, as the counters keep them.
 */

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "The date must be YYYY-MM-DD.")
  .refine((d) => !Number.isNaN(Date.parse(d)), "The date is invalid.");

const range = { date_from: Day.optional(), date_to: Day.optional() };

/** Statistics by date: the range's order is a field error on Date From. */
const ordered = (q: { date_from?: string; date_to?: string }, ctx: z.RefinementCtx) => {
  if (q.date_from && q.date_to && q.date_from > q.date_to)
    ctx.addIssue({ code: "custom", path: ["date_from"], message: "Date From cannot be after Date To." });
};

/** Both dates optional and inclusive: either side left open reads all time on that side. */
export const StatisticQuery = z.object(range).superRefine(ordered);
export type StatisticQuery = z.infer<typeof StatisticQuery>;

/** The Lead Engagement Statistic's filter: a top-level step or a split's part (its step id), and the same range. */
export const StatisticLeadsQuery = z
  .object({ ...range, step_id: z.coerce.number().int().positive().max(2_147_483_647).optional() })
  .superRefine(ordered);
export type StatisticLeadsQuery = z.infer<typeof StatisticLeadsQuery>;

/** Campaigns in these statuses have nothing to build a statistic from (docs/product/campaigns.md). */
export const StatisticUnavailableStatuses = ["draft", "scheduled"] as const;

const channel = z.enum(["sms", "email"]);
const money = z.number();
const count = z.number();

/** The summary's figures (docs/product/campaigns.md), plus the raw money figures the formatted ones are made from. */
export const CampaignStatistic = z.object({
  /** False while the campaign is draft or scheduled: every figure is then 0. */
  available: z.boolean(),
  channel,
  cost: money,
  /** Counted revenue (a counted click's conversions): what profit is made of. */
  revenue: money,
  revenue_by_bot: money,
  revenue_by_expired: money,
  revenue_by_state_filter: money,
  /** What the lookups the campaign started charged (only verified leads); campaign-wide. */
  lookup_cost: money,
  /** revenue − cost − lookup_cost (the campaign list's Profit). */
  profit: money,
  cost_formatted: z.string(),
  /** Counted revenue and the revenue counted apart (bot, expired, state filter) together. */
  total_revenue_formatted: z.string(),
  profit_formatted: z.string(),
  revenue_formatted: z.string(),
  revenue_by_bot_formatted: z.string(),
  revenue_by_expired_formatted: z.string(),
  revenue_by_state_filter_formatted: z.string(),
  sent: count,
  delivered: count,
  /** Shares are of sent, in percent with two decimals, as the campaign list gives them. */
  delivered_percent: count,
  opened: count,
  opened_percent: count,
  clicked: count,
  clicked_percent: count,
  /** Every message that did not reach the lead by an error: errors, blocked, inactive device and bounces. */
  total_errors: count,
  /** Failed sends and provider refusals (the list's Error). */
  errors: count,
  spam_count: count,
  unsubscribed: count,
  unsubscribed_percent: count,
  cool_offs: count,
  cool_offs_inactive_device: count,
  daily_limit: count,
  blocked: count,
  inactive_device: count,
  cancelled: count,
  bounces: count,
  complaints: count,
  /** Revenue conversions (revenue_conversions), not replies: what the card names Conversions. */
  total_conversations: count,
  /**
   * Clicks the redirect did not count, by why (message_hits.reason: bots, link previews, HEAD requests, prefetches,
   * mail scanners, expired links, filtered desktop or state clicks) — the line under Clicked.
   */
  filtered_clicks: z.object({
    total: count,
    by_reason: z.array(z.object({ reason: z.string(), label: z.string(), count })),
  }),
  /**
   * Messages skipped for consent (a campaign's "Only leads with consent proof", the team's DNC freshness rule), by
   * reason — the line under Skipped. Read from the ledger's skipped rows, as the skipped logs are.
   */
  consent_skips: z
    .object({
      total: count,
      by_reason: z.array(z.object({ reason: z.string(), label: z.string(), count })),
    })
    .optional(),
});
export type CampaignStatistic = z.infer<typeof CampaignStatistic>;

/**
 * Chart statuses per channel in the product's order (docs/product/campaigns.md), keyed by the hourly counters' columns.
 */
export const StatisticChartSeries = {
  sms: [
    { key: "delivered", label: "Delivered" },
    { key: "blocked", label: "Blocked by carrier" },
    { key: "inactive_device", label: "Inactive device" },
    { key: "failed", label: "Failed" },
    { key: "sent", label: "Sent" },
  ],
  email: [
    { key: "errors", label: "Error" },
    { key: "sent", label: "Sent" },
    { key: "delivered", label: "Delivered" },
    { key: "cancelled", label: "Cancelled" },
    { key: "bounces", label: "Bounced" },
    { key: "complaints", label: "Complaint" },
  ],
} as const satisfies Record<"sms" | "email", readonly { key: string; label: string }[]>;
export type StatisticChartKey = (typeof StatisticChartSeries)[keyof typeof StatisticChartSeries][number]["key"];
export const StatisticChartKeys = [
  ...new Set([...StatisticChartSeries.sms, ...StatisticChartSeries.email].map((s) => s.key)),
] as StatisticChartKey[];

/** The chart buckets by hour while the span is at most this long, by day beyond it. */
export const StatisticHourlySpanHours = 72;

export const StatisticChartPoint = z.object({
  /** The bucket's start, ISO UTC. */
  at: z.string(),
  /** `YYYY-MM-DD HH:00` (hour buckets) or `YYYY-MM-DD` (day buckets), UTC. */
  label: z.string(),
  /** What happened in the bucket, per series key (0 where nothing did). */
  values: z.record(z.string(), z.number()),
});
export type StatisticChartPoint = z.infer<typeof StatisticChartPoint>;

export const CampaignStatisticChart = z.object({
  available: z.boolean(),
  channel,
  bucket: z.enum(["hour", "day"]),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Every bucket of the range, zero-filled; empty when nothing happened and no range was asked for. */
  points: z.array(StatisticChartPoint),
});
export type CampaignStatisticChart = z.infer<typeof CampaignStatisticChart>;

/** A part's share of the A/B test: its click rate and money, and its chance to beat the best other part. */
export const SplitPartComparison = z.object({
  id: z.number().int(),
  name: z.string(),
  sent: count,
  clicked: count,
  /** clicked / sent in percent. */
  click_rate: count,
  cost: money,
  revenue: money,
  profit: money,
  /** P(this part's click rate > the best other part's), two-proportion z-test; null without another part. */
  win_probability: z.number().nullable(),
  /** The part with the highest win probability, when it is above 0.5 (equal parts have no leader). */
  leader: z.boolean(),
});
export type SplitPartComparison = z.infer<typeof SplitPartComparison>;

/** Below this many sent per part a comparison is shown as not conclusive. */
export const SplitMinSentPerPart = 100;

export const SplitComparison = z.object({
  step_id: z.number().int(),
  name: z.string(),
  /** Every part has at least SplitMinSentPerPart sent. */
  enough_data: z.boolean(),
  parts: z.array(SplitPartComparison),
});
export type SplitComparison = z.infer<typeof SplitComparison>;

export const StepStatisticRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** sms, email, split */
  type: z.string(),
  /** The split step a part belongs to; null for a top-level step. */
  parent_step_id: z.number().int().nullable(),
  clicked: count,
  /** The step's ledger rows handled so far (sent, refused, skipped or cancelled); queued rows join as they are handled. */
  records: count,
  sent: count,
  delivered: count,
  errors: count,
  clicked_percent: count,
  cost: money,
  revenue: money,
  /** revenue − cost (lookups are campaign-wide, not a step's). */
  profit: money,
});
export type StepStatisticRow = z.infer<typeof StepStatisticRow>;

export const CampaignStepStatistics = z.object({
  available: z.boolean(),
  /** The General / By Step switch: more than one step, a split counting as its parts (at least 2). */
  show_switch: z.boolean(),
  /** Top-level steps in order, each split followed by its parts. */
  data: z.array(StepStatisticRow),
  splits: z.array(SplitComparison),
});
export type CampaignStepStatistics = z.infer<typeof CampaignStepStatistics>;

export const LeadEngagementKinds = ["clicked", "opened", "replied", "unsubscribed", "converted", "never_engaged"] as const;
export type LeadEngagementKind = (typeof LeadEngagementKinds)[number];

export const LeadEngagementItem = z.object({
  key: z.enum(LeadEngagementKinds),
  count,
  /** Of the leads sent to, in percent. */
  percent: count,
});

export const CampaignLeadEngagement = z.object({
  available: z.boolean(),
  channel,
  step_id: z.number().int().nullable(),
  /** Leads sent to in the range (and step): what the shares are of. */
  sent_to: count,
  /** Opened only for email campaigns. */
  items: z.array(LeadEngagementItem),
  /** The filter's choices: top-level steps in order, each split followed by its parts. */
  steps: z.array(z.object({ id: z.number().int(), name: z.string(), parent_step_id: z.number().int().nullable() })),
});
export type CampaignLeadEngagement = z.infer<typeof CampaignLeadEngagement>;
