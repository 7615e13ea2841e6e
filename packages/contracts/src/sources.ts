import { z } from "zod";
import { ListQuery, pageOf, requiredString } from "./common";
import { ListStatuses, SourceStatuses } from "./enums";

/** Counters shown at a glance; maintained on write, never recounted per request. */
export const Aggregations = z.object({
  id: z.number().int(),
  total_leads: z.number().int(),
  unique_today: z.number().int(),
  added_today: z.number().int(),
  total_flagged_leads: z.number().int(),
  total_blacklisted_leads: z.number().int(),
  percentage_lookup: z.number(),
  percentage_verified: z.number(),
});
export type Aggregations = z.infer<typeof Aggregations>;

const name = requiredString("The name field is required.")
  .trim()
  .min(1, "The name field is required.")
  .max(191, "The name may not be greater than 191 characters.");

export const ListSummary = z.object({ id: z.number().int(), name: z.string(), status: z.enum(ListStatuses), is_active: z.boolean() });

export const Source = Aggregations.extend({
  name: z.string(),
  status: z.enum(SourceStatuses),
  lists_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Source = z.infer<typeof Source>;
export const SourcePage = pageOf(Source);
export type SourcePage = z.infer<typeof SourcePage>;

export const SourceSortKeys = [
  "name",
  "total_leads",
  "unique_today",
  "added_today",
  "total_flagged_leads",
  "total_blacklisted_leads",
  "percentage_verified",
  "percentage_lookup",
  "created_at",
  "updated_at",
  "id",
] as const;
export const ListSourcesQuery = ListQuery;
export type ListSourcesQuery = z.infer<typeof ListSourcesQuery>;

export const CreateSource = z.object({ name, status: z.enum(SourceStatuses).optional() });
export type CreateSource = z.infer<typeof CreateSource>;
export const UpdateSource = z.object({ name: name.optional(), status: z.enum(SourceStatuses).optional() });
export type UpdateSource = z.infer<typeof UpdateSource>;

export const SourcesTotal = z.object({ total_leads: z.number().int(), unique_today: z.number().int(), added_today: z.number().int() });
export type SourcesTotal = z.infer<typeof SourcesTotal>;

export const LeadList = Aggregations.extend({
  name: z.string(),
  status: z.enum(ListStatuses),
  is_active: z.boolean(),
  source_id: z.number().int(),
  source: z.object({ id: z.number().int(), name: z.string() }),
  attributes: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.string(), sort_order: z.number().int() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadList = z.infer<typeof LeadList>;
export const LeadListPage = pageOf(LeadList);
export type LeadListPage = z.infer<typeof LeadListPage>;
export const ListSortKeys = SourceSortKeys;

export const CreateList = z.object({ name, status: z.enum(ListStatuses).optional() });
export type CreateList = z.infer<typeof CreateList>;
export const UpdateList = z.object({ name: name.optional(), status: z.enum(ListStatuses).optional() });
export type UpdateList = z.infer<typeof UpdateList>;

export const SourceWithLists = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(SourceStatuses),
  lists: z.array(ListSummary),
});
export type SourceWithLists = z.infer<typeof SourceWithLists>;
export const SourcesWithListsPage = pageOf(SourceWithLists);
