import { z } from "zod";
import { pageOf } from "./common";

/*
 * The Logs tab (docs/product/campaigns.md): a campaign's change timeline. Each entry is a
 * kind of change, the fields it changed with their new values (as a person reads them), and who made it — nobody
 * when the engine did (completed, failed automatically, a schedule reached, out of funds).
 */

export const CampaignChangeTypes = {
  created: "Campaign created",
  updated: "Campaign updated",
  status: "Status changed",
  step_created: "Step added",
  step_updated: "Step updated",
  step_deleted: "Step removed",
  audience: "Audience changed",
  links_expired: "Links expired",
  segment_created: "Segment created",
  copied: "Campaign copied",
  archived: "Archived",
  unarchived: "Removed from archive",
  click_trigger: "Click trigger set",
  completed: "Completed",
  failed: "Failed automatically",
} as const;
export type CampaignChangeType = keyof typeof CampaignChangeTypes;

/** The Logs tab shows 20 entries a page (docs/product/campaigns.md). */
export const CampaignChangePageSize = 20;

/** One changed field: its label and its new value (null: cleared). */
export const CampaignChangeAttribute = z.object({ name: z.string(), value_to: z.string().nullable() });
export type CampaignChangeAttribute = z.infer<typeof CampaignChangeAttribute>;

/** GET /api/campaigns/{id}/campaign-logs: newest first, no sorting. */
export const CampaignChangeQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, "The limit may not be greater than 100.").default(CampaignChangePageSize),
});
export type CampaignChangeQuery = z.infer<typeof CampaignChangeQuery>;

export const CampaignChangeEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  type: z.string(),
  type_label: z.string(),
  /** Who made the change: a team member's name, or null for the engine (or a member since removed). */
  user: z.string().nullable(),
  attributes: z.array(CampaignChangeAttribute),
});
export type CampaignChangeEntry = z.infer<typeof CampaignChangeEntry>;

export const CampaignChangePage = pageOf(CampaignChangeEntry);
export type CampaignChangePage = z.infer<typeof CampaignChangePage>;
