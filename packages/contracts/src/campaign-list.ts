import { z } from "zod";
import { type CampaignStatus, CampaignStatusList, CampaignTypes } from "./campaigns";
import { ListQuery, PageMeta } from "./common";

/*
 * The campaign list (docs/product/campaigns.md): its query (paging, search, sort, types, the stat period or a custom
 * range, archived) and its row, one field per column of the 28. Figures come from the maintained counters.
 */

export const StatPeriods = ["today", "yesterday", "this_week", "last_week", "this_month", "last_month", "this_year", "all_time"] as const;
export type StatPeriod = (typeof StatPeriods)[number];

export const CampaignSortKeys = [
  "id",
  "name",
  "type",
  "status",
  "created_at",
  "started_at",
  "records",
  "sent",
  "delivered",
  "clicked",
  "cost",
  "revenue",
  "profit",
] as const;
export type CampaignSortKey = (typeof CampaignSortKeys)[number];

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "The date must be YYYY-MM-DD.")
  .refine((d) => !Number.isNaN(Date.parse(d)), "The date is invalid.");
const toList = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : v);
const toBool = (v: unknown) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v);

/** `period` defaults to today; `stat_from`/`stat_to` (both) replace it with a custom range. */
const StatPeriodFields = {
  period: z.enum(StatPeriods, { error: `The period must be one of: ${StatPeriods.join(", ")}.` }).default("today"),
  stat_from: Day.optional(),
  stat_to: Day.optional(),
};
export type StatPeriodQuery = { period: StatPeriod; stat_from?: string; stat_to?: string };

function checkRange(q: StatPeriodQuery, ctx: z.RefinementCtx) {
  if ((q.stat_from === undefined) !== (q.stat_to === undefined))
    ctx.addIssue({ code: "custom", path: [q.stat_from ? "stat_to" : "stat_from"], message: "Give both dates of the range." });
  if (q.stat_from && q.stat_to && q.stat_from > q.stat_to)
    ctx.addIssue({ code: "custom", path: ["stat_from"], message: "Date From cannot be after Date To." });
}

/** The list's filters besides its search: the types and the Archived switch (the cards read them too). */
const ListFilterFields = {
  types: z.preprocess(toList, z.array(z.enum(CampaignTypes, { error: "The type is invalid." }))).optional(),
  archived: z.preprocess(toBool, z.boolean()).default(false),
};

export const CampaignListQuery = ListQuery.extend({
  types: ListFilterFields.types,
  ...StatPeriodFields,
  archived: ListFilterFields.archived,
}).superRefine(checkRange);
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

/**
 * GET /api/campaigns/statistics/counters: the list's period (today by default) or its custom range, over the campaigns
 * the list shows — its type, search and Archived filters, never a deleted campaign.
 */
export const CampaignCountersQuery = z
  .object({
    ...StatPeriodFields,
    ...ListFilterFields,
    search: ListQuery.shape.search,
  })
  .superRefine(checkRange);
export type CampaignCountersQuery = z.infer<typeof CampaignCountersQuery>;

const figure = z.number();

/** A row: the 28 columns (Started Date … Status) and what the row links and filters by. */
export const CampaignRow = z.object({
  id: z.number().int(),
  started_at: z.string().nullable(),
  created_at: z.string(),
  name: z.string(),
  type: z.enum(CampaignTypes),
  type_label: z.string(),
  gateway_label: z.string().nullable(),
  /** From: the messaging service or the route the campaign sends from. */
  from_label: z.string().nullable(),
  pool_label: z.string().nullable(),
  records: figure,
  steps: z.number().int(),
  processed_count: figure,
  /** processed / (records × steps), capped at 100. */
  progress: figure,
  cost: figure,
  revenue: figure,
  profit: figure,
  sent: figure,
  delivered: figure,
  delivered_percent: figure,
  opened: figure,
  clicked: figure,
  clicked_percent: figure,
  errors: figure,
  spam: figure,
  unsubscribed: figure,
  unsubscribed_percent: figure,
  cool_offs: figure,
  cool_offs_inactive_device: figure,
  daily_limit: figure,
  status: z.enum(CampaignStatusList as [CampaignStatus, ...CampaignStatus[]]),
  status_label: z.string(),
  archived: z.boolean(),
});
export type CampaignRow = z.infer<typeof CampaignRow>;
export const CampaignPage = z.object({ data: z.array(CampaignRow), meta: PageMeta });
export type CampaignPage = z.infer<typeof CampaignPage>;

/** A share in percent with two decimals; 0 when there is nothing to divide by. */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** Progress of a row (docs/product/campaigns.md): processed / (records × steps), capped at 100. */
export const campaignProgress = (processed: number, records: number, steps: number): number =>
  Math.min(100, percentOf(processed, records * steps));
