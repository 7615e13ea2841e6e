import type { CampaignChangePage } from "@leadflow/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { campaignKeys } from "../api/campaigns.api";

export interface CampaignChangeParams {
  page: number;
  limit: number;
}

/** GET /campaigns/{id}/campaign-logs: the Logs tab's page of the campaign's change timeline. */
export const campaignChangesQuery = (campaignId: number, params: CampaignChangeParams) =>
  queryOptions({
    // Under the campaign's key: whatever refreshes the campaign (an edit, a status change) refreshes its timeline.
    queryKey: [...campaignKeys.detail(campaignId), "changes", params] as const,
    queryFn: ({ signal }) => api.get<CampaignChangePage>(`/campaigns/${campaignId}/campaign-logs`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
