import { type TableUrlState, useTableUrlState } from "../../../components/data-table/use-table-url-state";

export const CAMPAIGN_PAGE_SIZES = [15, 50, 100] as const;

/** Page (default 1), limit (default 50), search and sort of the list, in the URL (spec 3 §2). */
export function useCampaignsUrlState(): TableUrlState {
  return useTableUrlState({ limit: 50, limits: CAMPAIGN_PAGE_SIZES, sort: { key: "created_at", direction: "desc" } });
}
