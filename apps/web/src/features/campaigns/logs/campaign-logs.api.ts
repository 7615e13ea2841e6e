import type { CampaignLogKind, CampaignLogRowOf, HitSearchColumn, Page } from "@leadflow/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { campaignKeys } from "../api/campaigns.api";

/** Each log kind's address under /campaigns/{id} (docs/product/campaigns.md). */
export const CampaignLogPaths: Record<CampaignLogKind, string> = {
  "message-logs": "message-logs",
  "queued-logs": "queued-logs",
  "skipped-logs": "skipped-logs",
  "incoming-messages": "incoming-messages",
  "welcome-messages": "welcome-messages",
  clicks: "statistic/clicks",
  opens: "statistic/opens",
  "redirect-logs": "redirect-logs",
};

export interface CampaignLogParams {
  page: number;
  limit: number;
  column?: HitSearchColumn;
  value?: string;
}

export const campaignLogQuery = <K extends CampaignLogKind>(campaignId: number, kind: K, params: CampaignLogParams) =>
  queryOptions({
    // Under the campaign's key: what refreshes the campaign (a status change, live progress) refreshes its logs.
    queryKey: [...campaignKeys.detail(campaignId), "log", kind, params] as const,
    queryFn: ({ signal }) =>
      api.get<Page<CampaignLogRowOf[K]>>(`/campaigns/${campaignId}/${CampaignLogPaths[kind]}`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
