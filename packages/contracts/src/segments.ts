import { z } from "zod";
import { ListQuery, pageOf, requiredString, text } from "./common";
import { CertificateStatuses, CertificateStatusLabels, RndResultLabels, RndResults } from "./consent-capture";
import { EmailStatusLabels, LeadStatusLabels, LeadStatusValue, PhoneStatusLabels } from "./imports";
import { LeadTablePage, ListLeadsQuery } from "./leads";
import { LookupTypeValue } from "./lookups";

/*
 * Audiences and segments (docs/audiences.md). An audience is a top-level segment; a child segment selects within its
 * parent's leads. A segment is a filter tree, and its membership is materialised (`segment_leads`) so pages,
 * exports and campaigns read it by key.
 *
 * The filter tree is the one contract the filter builder (web) and the compiler (server) share: the field tables
 * below say which expressions each field takes and what its values are, and `filterRowProblems` is the
 * completeness rule both apply.
 */

// ── The filter tree ──────────────────────────────────────────────────────────────────────────────────────

export const FilterGroups = ["data", "attributes", "system_attributes", "campaigns"] as const;
export type FilterGroup = (typeof FilterGroups)[number];
export const FilterGroupLabels = {
  data: "Data",
  attributes: "Attributes",
  system_attributes: "System Attributes",
  campaigns: "Campaigns",
} as const satisfies Record<FilterGroup, string>;

/** How the filters of one group combine: all must hold (AND, the default) or any may (OR). Groups always AND. */
export const GroupMatches = ["all", "any"] as const;
export type GroupMatch = (typeof GroupMatches)[number];

/** The product's default operators for data and attribute fields. */
export const DefaultExpressions = ["equals", "not_equals", "unique", "empty", "not_empty"] as const;
/** Lists add first_appeared: the list the lead was first imported into. */
export const ListExpressions = [...DefaultExpressions, "first_appeared"] as const;
/** Attribute values also take contains / not_contains (case-insensitive substring of any value). */
export const AttributeExpressions = [...DefaultExpressions, "contains", "not_contains"] as const;

/** Date ranges, for the created-date data field and the campaign period. custom_dates uses date_from/date_to. */
export const DateRanges = [
  "all_time",
  "last_24_hours",
  "last_7_days",
  "last_30_days",
  "last_90_days",
  "this_month",
  "this_year",
  "custom_dates",
] as const;
export type DateRange = (typeof DateRanges)[number];
export const DateRangeLabels = {
  all_time: "All time",
  last_24_hours: "Last 24 hours",
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
  last_90_days: "Last 90 days",
  this_month: "This month",
  this_year: "This year",
  custom_dates: "Custom dates",
} as const satisfies Record<DateRange, string>;

export const ExpressionLabels: Record<string, string> = {
  equals: "Equals",
  not_equals: "Not equals",
  unique: "Unique",
  empty: "Empty",
  not_empty: "Not empty",
  first_appeared: "First appeared",
  contains: "Contains",
  not_contains: "Does not contain",
  in: "Is any of",
  not_in: "Is none of",
  eq: "=",
  gt: ">",
  gte: "≥",
  lt: "<",
  lte: "≤",
  between: "Between",
  before: "Before",
  after: "After",
  within_last_days: "Within the last N days",
  not_within_last_days: "Not within the last N days",
  looked_up: "Looked up",
  not_looked_up: "Not looked up",
  has_proof: "Has proof",
  no_proof: "Has no proof",
  ...DateRangeLabels,
};

/** Expressions that take no values. */
export const ValuelessExpressions = ["empty", "not_empty", "looked_up", "not_looked_up", "has_proof", "no_proof"] as const;

/**
 * What a field's values are:
 * - `ids`: numbers naming rows (sources, lists, campaigns), picked from a multi-select;
 * - `options`: picked from a fixed set (`options` of the field), numbers or strings;
 * - `strings`: free text, added on Enter (trimmed, duplicates ignored);
 * - `number`: one number, or two for `between`;
 * - `date`: one date (YYYY-MM-DD HH:mm:ss) or two for `between`; `within_last_days` takes one whole number of days;
 * - `range`: the expression is a DateRange; custom_dates uses date_from/date_to (at least one).
 */
export type FilterValueKind = "ids" | "options" | "strings" | "number" | "date" | "range";

export interface FilterFieldDef {
  label: string;
  expressions: readonly string[];
  values: FilterValueKind;
  /** For `options`: the choices (value → label). */
  options?: readonly { value: string | number; label: string }[];
  /** For `ids`: what the ids name, so the builder knows which options to load. */
  ref?: "source" | "list" | "campaign";
}

const optionsOf = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

export const DataFields = {
  source: { label: "Source", expressions: DefaultExpressions, values: "ids", ref: "source" },
  list: { label: "List", expressions: ListExpressions, values: "ids", ref: "list" },
  created_at: { label: "Created date", expressions: DateRanges, values: "range" },
} as const satisfies Record<string, FilterFieldDef>;
export type DataField = keyof typeof DataFields;

export const CarrierTypes = ["mobile", "landline", "voip", "other"] as const;
export const CarrierTypeLabels = { mobile: "Mobile", landline: "Landline", voip: "VoIP", other: "Other" } as const;

const IsExpressions = ["in", "not_in"] as const;
const TextExpressions = ["in", "not_in", "empty", "not_empty"] as const;
const NumberExpressions = ["eq", "gt", "gte", "lt", "lte", "between"] as const;
const DateExpressions = ["before", "after", "between", "within_last_days", "not_within_last_days"] as const;

/**
 * System attributes: lead columns and the lead's phone and email results. A phone or email field holds when any
 * of the lead's phones (emails) satisfies it; `not_in` holds when none does.
 */
export const SystemFields = {
  lead_status: { label: "Lead status", expressions: IsExpressions, values: "options", options: optionsOf(LeadStatusLabels) },
  phone_status: { label: "Phone status", expressions: IsExpressions, values: "options", options: optionsOf(PhoneStatusLabels) },
  phone_lookup: { label: "Phone lookup", expressions: ["looked_up", "not_looked_up"], values: "options" },
  carrier_type: {
    label: "Carrier type",
    expressions: TextExpressions,
    values: "options",
    options: CarrierTypes.map((value) => ({ value, label: CarrierTypeLabels[value] })),
  },
  carrier_name: { label: "Carrier name", expressions: TextExpressions, values: "strings" },
  lookup_action: { label: "Lookup action", expressions: TextExpressions, values: "strings" },
  dnc_code: { label: "DNC result", expressions: TextExpressions, values: "strings" },
  state: { label: "State", expressions: TextExpressions, values: "strings" },
  city: { label: "City", expressions: TextExpressions, values: "strings" },
  timezone: { label: "Timezone", expressions: TextExpressions, values: "strings" },
  email_status: { label: "Email status", expressions: IsExpressions, values: "options", options: optionsOf(EmailStatusLabels) },
  email_result: { label: "Email result", expressions: TextExpressions, values: "strings" },
  duplicates: { label: "Duplicates", expressions: NumberExpressions, values: "number" },
  revenue: { label: "Revenue", expressions: NumberExpressions, values: "number" },
  total_clicks: { label: "Total clicks", expressions: NumberExpressions, values: "number" },
  last_clicked_at: { label: "Last clicked", expressions: [...DateExpressions, "empty", "not_empty"], values: "date" },
  created_at: { label: "Created at", expressions: DateExpressions, values: "date" },
  updated_at: { label: "Updated at", expressions: DateExpressions, values: "date" },
  // Consent, by the lead's latest consent record (what the send gate reads) and its phones' Reassigned Numbers checks.
  consent_proof: { label: "Consent proof", expressions: ["has_proof", "no_proof"], values: "options" },
  consent_certificate: {
    label: "Consent certificate",
    expressions: TextExpressions,
    values: "options",
    options: [
      ...CertificateStatuses.map((value) => ({ value, label: CertificateStatusLabels[value] })),
      { value: "unchecked", label: "Not checked yet" },
    ],
  },
  consent_captured_at: { label: "Consent captured at", expressions: [...DateExpressions, "empty", "not_empty"], values: "date" },
  rnd_result: {
    label: "Reassigned number check",
    expressions: TextExpressions,
    values: "options",
    options: RndResults.map((value) => ({ value, label: RndResultLabels[value] })),
  },
} as const satisfies Record<string, FilterFieldDef>;
export type SystemField = keyof typeof SystemFields;

/** Campaign engagement: what the lead did with (or was sent in) the chosen campaigns within the period. */
export const CampaignEngagements = ["sent", "clicked", "non_clicked", "opened", "unsubscribed", "bounced", "complained"] as const;
export type CampaignEngagement = (typeof CampaignEngagements)[number];
export const CampaignEngagementLabels = {
  sent: "Sent",
  clicked: "Clicked",
  non_clicked: "Non-clicked",
  opened: "Opened",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
} as const satisfies Record<CampaignEngagement, string>;
/** Message statuses a campaign filter can narrow to (empty: any). */
export const CampaignMessageStatuses = ["queued", "sent", "delivered", "failed", "blocked", "inactive"] as const;
export const CampaignMessageStatusLabels = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  blocked: "Blocked by carrier",
  inactive: "Inactive device",
} as const satisfies Record<(typeof CampaignMessageStatuses)[number], string>;

export const CampaignFields = {
  campaign: { label: "Campaign", expressions: CampaignEngagements, values: "ids", ref: "campaign" },
} as const satisfies Record<string, FilterFieldDef>;

const FilterValue = z.union([z.number(), text().max(2000)]);
const DateText = text()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, "Use a date like 2026-01-31 or 2026-01-31 23:59:59.");

/**
 * One filter row. `field` names a data, system or campaign field; attribute filters name `attribute_id` instead.
 * `values` per the field's kind. Created-date and campaign filters carry `date_from`/`date_to` for custom dates;
 * campaign filters carry `period` (a DateRange) and `statuses` (message statuses, empty = any), and their
 * `values` are campaign ids (empty = any campaign).
 */
export const SegmentFilter = z.object({
  field: text().max(60).optional(),
  attribute_id: z.coerce.number().int().positive().optional(),
  expression: text().max(60),
  values: z.array(FilterValue).max(1000).default([]),
  date_from: DateText.nullish(),
  date_to: DateText.nullish(),
  period: z.enum(DateRanges).optional(),
  statuses: z.array(z.enum(CampaignMessageStatuses)).max(10).optional(),
});
export type SegmentFilter = z.infer<typeof SegmentFilter>;

export const SegmentFilters = z.object({
  data: z.array(SegmentFilter).max(50).default([]),
  attributes: z.array(SegmentFilter).max(50).default([]),
  system_attributes: z.array(SegmentFilter).max(50).default([]),
  campaigns: z.array(SegmentFilter).max(50).default([]),
  /** Per group, all (AND, default) or any (OR). */
  match: z.partialRecord(z.enum(FilterGroups), z.enum(GroupMatches)).optional(),
  /** The IANA zone date filters are read in (the browser's); UTC when absent. */
  timezone: text().max(64).optional(),
});
export type SegmentFilters = z.infer<typeof SegmentFilters>;
export const EmptySegmentFilters: SegmentFilters = { data: [], attributes: [], system_attributes: [], campaigns: [] };

/** The definition of a row's field in its group (undefined: no such field). Attribute rows have no table entry. */
export function fieldDef(group: FilterGroup, f: Pick<SegmentFilter, "field">): FilterFieldDef | undefined {
  const table: Record<string, FilterFieldDef> =
    group === "data" ? DataFields : group === "system_attributes" ? SystemFields : group === "campaigns" ? CampaignFields : {};
  return f.field !== undefined && Object.hasOwn(table, f.field) ? table[f.field] : undefined;
}

/**
 * Why a row is incomplete or wrong, keyed by its part (`field`, `expression`, `values`, `date_from`); empty when
 * the row is complete. The builder drops incomplete rows on Apply and disables Apply/Add by it; the server answers
 * the same problems as 422 errors keyed `group.index.part`.
 */
export function filterRowProblems(group: FilterGroup, f: SegmentFilter): Record<string, string> {
  const problems: Record<string, string> = {};
  const def: FilterFieldDef | undefined =
    group === "attributes" ? { label: "Attribute", expressions: AttributeExpressions, values: "strings" } : fieldDef(group, f);
  if (group === "attributes" ? f.attribute_id === undefined : f.field === undefined || f.field === "") {
    problems[group === "attributes" ? "attribute_id" : "field"] = "Choose a field.";
    return problems;
  }
  if (!def) return { field: "Unknown field." };
  if (!f.expression) return { expression: "Choose an operator." };
  if (!def.expressions.includes(f.expression)) return { expression: "This operator does not apply to the field." };
  const n = f.values.length;
  if (group === "campaigns") {
    if (!f.period) problems.period = "Choose a period.";
    else if (f.period === "custom_dates" && !f.date_from && !f.date_to) problems.date_from = "Choose at least one date.";
    else if (f.period === "custom_dates") Object.assign(problems, customDateProblems(f));
    return problems;
  }
  if ((ValuelessExpressions as readonly string[]).includes(f.expression)) return problems;
  switch (def.values) {
    case "range":
      if (f.expression === "custom_dates" && !f.date_from && !f.date_to) problems.date_from = "Choose at least one date.";
      else if (f.expression === "custom_dates") Object.assign(problems, customDateProblems(f));
      break;
    case "number":
    case "date": {
      const want = f.expression === "between" ? 2 : 1;
      if (n !== want) problems.values = want === 2 ? "Enter both bounds." : "Enter a value.";
      else if (f.expression.endsWith("_days")) {
        if (!f.values.every((v) => /^\d{1,5}$/.test(String(v).trim()))) problems.values = "Enter a whole number of days.";
      } else if (def.values === "number") {
        if (f.values.some((v) => (typeof v === "string" ? v.trim() === "" || !Number.isFinite(Number(v)) : !Number.isFinite(v))))
          problems.values = "Enter a number.";
      } else if (!f.values.every((v) => typeof v === "string" && isCalendarDate(v))) problems.values = DATE_MESSAGE;
      break;
    }
    default:
      if (n === 0) problems.values = "Choose at least one value.";
      else if (
        def.values === "options" &&
        def.options?.length &&
        !f.values.every((v) => def.options!.some((o) => String(o.value) === String(v)))
      )
        problems.values = "Choose from the list.";
  }
  return problems;
}

const DATE_MESSAGE = "Enter a date like 2026-01-31 or 2026-01-31 23:59:59.";

/** A real day of the calendar (2026-02-30 is not), optionally with a time of day. */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
  if (!m) return false;
  const [y, mo, d, h = "0", mi = "0", se = "0"] = m.slice(1).map((x) => x ?? "0");
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(se) < 60
  );
}

/** Custom dates that are not days of the calendar, or a range that ends before it starts. */
function customDateProblems(f: SegmentFilter): Record<string, string> {
  if (f.date_from && !isCalendarDate(f.date_from)) return { date_from: DATE_MESSAGE };
  if (f.date_to && !isCalendarDate(f.date_to)) return { date_to: DATE_MESSAGE };
  if (f.date_from && f.date_to && f.date_from.trim() > f.date_to.trim()) return { date_to: "The end date is before the start date." };
  return {};
}

/** Every problem of a tree, keyed `group.index.part` (the server's 422 `errors` and the builder's row errors). */
export function filterTreeProblems(tree: SegmentFilters): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const group of FilterGroups) {
    tree[group].forEach((f, i) => {
      for (const [part, message] of Object.entries(filterRowProblems(group, f))) errors[`${group}.${i}.${part}`] = [message];
    });
  }
  return errors;
}

// ── Segments ─────────────────────────────────────────────────────────────────────────────────────────────

const SegmentName = requiredString("The name field is required.")
  .trim()
  .min(1, "The name field is required.")
  .max(191, "The name may not be greater than 191 characters.");

/** The newest export of a segment, for the audience page's 'Generating file...' / Download notice. */
export const SegmentExportNotice = z.object({
  id: z.number().int(),
  type: z.enum(["export-completed", "export-pending", "export-failed"]),
  url: z.string().nullable(),
  segment_name: z.string(),
});

export const Segment = z.object({
  id: z.number().int(),
  name: z.string(),
  ignore_new_leads: z.boolean(),
  parent_id: z.number().int().nullable(),
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  segments_count: z.number().int(),
  total_leads: z.number().int(),
  total_blacklisted: z.number().int(),
  revenue: z.number(),
  revenue_per_record: z.number(),
  is_recalculating: z.boolean(),
  /** When membership was last built (null: never, e.g. just created and queued). */
  built_at: z.string().nullable(),
  filters: SegmentFilters,
  export: SegmentExportNotice.nullable(),
});
export type Segment = z.infer<typeof Segment>;
export const SegmentPage = pageOf(Segment);
export type SegmentPage = z.infer<typeof SegmentPage>;
export const SegmentResponse = z.object({ data: Segment });

export const SegmentSortKeys = ["created_at", "name", "segments_count", "revenue", "revenue_per_record", "total_leads", "id"] as const;
export const ListSegmentsQuery = ListQuery.extend({ limit: ListQuery.shape.limit.default(100) });
export type ListSegmentsQuery = z.infer<typeof ListSegmentsQuery>;

/** POST /api/segments: an audience, or a child segment with `parent_id`. Filters may come here or by POST …/filters. */
export const CreateSegment = z.object({
  name: SegmentName,
  ignore_new_leads: z.boolean().default(false),
  parent_id: z.coerce.number().int().positive().optional(),
  filters: SegmentFilters.optional(),
});
export type CreateSegment = z.infer<typeof CreateSegment>;
export const UpdateSegment = z.object({
  name: SegmentName.optional(),
  ignore_new_leads: z.boolean().optional(),
  filters: SegmentFilters.optional(),
});
export type UpdateSegment = z.infer<typeof UpdateSegment>;
export const SaveSegmentFilters = z.object({ filters: SegmentFilters });
export type SaveSegmentFilters = z.infer<typeof SaveSegmentFilters>;
/** POST /api/segments/{id}/clone: a copy with its filters and membership (children are not copied). */
export const CloneSegment = z.object({ name: SegmentName, ignore_new_leads: z.boolean().optional() });
export type CloneSegment = z.infer<typeof CloneSegment>;

/** Above this many matches the quick preview stops counting and answers "more than" it (docs/audiences.md). */
export const PREVIEW_COUNT_CAP = 100_000;
/**
 * POST /api/segments/preview: how many leads a tree matches now (within `parent_id`'s leads for a child).
 * `count`: "exact" (the default) counts every match; "capped" is the quick answer the audience dialog asks first —
 * exact when cheap, else "more than" PREVIEW_COUNT_CAP or an estimate from a sample — then "exact" when it was not.
 */
export const PreviewSegment = z.object({
  filters: SegmentFilters,
  parent_id: z.coerce.number().int().positive().optional(),
  count: z.enum(["exact", "capped"]).optional(),
});
export type PreviewSegment = z.infer<typeof PreviewSegment>;
/**
 * `exact` false: `total` is not the figure — with `estimated` false more than PREVIEW_COUNT_CAP leads match and
 * `total` is the cap (`total_blacklisted` the blacklisted among those counted: lower bounds); with `estimated`
 * true it is an estimate from a sample of the leads ("about", `total_blacklisted` 0). Ask again with `count: "exact"`.
 */
export const PreviewCount = z.object({
  total: z.number().int(),
  total_blacklisted: z.number().int(),
  exact: z.boolean(),
  estimated: z.boolean(),
});
export type PreviewCount = z.infer<typeof PreviewCount>;
export const PreviewSegmentResponse = z.object({ data: PreviewCount });

/** GET /api/segments/{id}/leads: the leads table of a segment (keyset pages), with the blacklisted count. */
export const SegmentLeadsQuery = ListLeadsQuery;
export const SegmentLeadsPage = LeadTablePage.extend({
  meta: LeadTablePage.shape.meta.extend({ total_blacklisted: z.number().int(), is_recalculating: z.boolean() }),
});
export type SegmentLeadsPage = z.infer<typeof SegmentLeadsPage>;

// ── Export ───────────────────────────────────────────────────────────────────────────────────────────────

export const ExportStatuses = { new: 1, in_progress: 2, completed: 3, failed: 4 } as const;
export type ExportStatus = (typeof ExportStatuses)[keyof typeof ExportStatuses];
export const ExportStatusLabels = { 1: "New", 2: "In progress", 3: "Completed", 4: "Failed" } as const satisfies Record<
  ExportStatus,
  string
>;

/** POST /api/segments/{id}/export: the visible attribute columns, a file name, and the table's search and order. */
export const ExportSegment = z.object({
  name: requiredString("The name field is required.")
    .trim()
    .min(1, "The name field is required.")
    .max(191, "The name may not be greater than 191 characters."),
  attributes: z.array(z.coerce.number().int().positive()).max(500).default([]),
  search: text().trim().max(200).optional(),
  order: text().max(80).optional(),
  /** The table's status filter. */
  status: z.coerce.number().pipe(LeadStatusValue).optional(),
});
export type ExportSegment = z.infer<typeof ExportSegment>;

export const SegmentExport = z.object({
  id: z.number().int(),
  filename: z.string(),
  url: z.string().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  total_rows: z.number().int(),
  completed_rows: z.number().int(),
  segment: z.object({ id: z.number().int().nullable(), name: z.string() }),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type SegmentExport = z.infer<typeof SegmentExport>;
export const SegmentExportsResponse = z.object({ data: z.array(SegmentExport) });
export const ExportSegmentResponse = z.object({ message: z.string(), data: SegmentExport });

/** POST /api/segments/lookup/batch (wired by the lookups issue): 1 SMS, 2 email, 3 SMS DNC. */
export const SegmentLookupBatch = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1, "Select at least one audience.").max(1000),
  type: LookupTypeValue,
  setting_gateway_id: z.coerce.number().int().positive(),
});
export type SegmentLookupBatch = z.infer<typeof SegmentLookupBatch>;
