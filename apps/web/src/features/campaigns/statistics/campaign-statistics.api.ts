import type {
  CampaignLeadEngagement,
  CampaignStatistic,
  CampaignStatisticChart,
  CampaignStepStatistics,
  StatisticQuery,
} from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../../lib/api-client";
import { useLiveEvent } from "../../../lib/live";
import { throttle } from "../../../lib/throttle";
import { campaignKeys } from "../api/campaigns.api";

/** Under the campaign's key: what refreshes the campaign refreshes its statistic. */
export const statisticKeys = {
  all: (campaignId: number) => [...campaignKeys.detail(campaignId), "statistic"] as const,
  of: (campaignId: number, what: string, params: object) => [...statisticKeys.all(campaignId), what, params] as const,
};

/** Only the dates that are set: an empty box is all time on that side. */
export const rangeParams = (range: StatisticQuery): StatisticQuery => ({
  ...(range.date_from ? { date_from: range.date_from } : {}),
  ...(range.date_to ? { date_to: range.date_to } : {}),
});

const read = <T>(campaignId: number, path: string, what: string, params: object) =>
  queryOptions({
    queryKey: statisticKeys.of(campaignId, what, params),
    queryFn: ({ signal }) => api.get<T>(`/campaigns/${campaignId}/${path}`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const statisticQuery = (campaignId: number, range: StatisticQuery) =>
  read<CampaignStatistic>(campaignId, "statistic", "summary", rangeParams(range));

export const statisticChartQuery = (campaignId: number, range: StatisticQuery) =>
  read<CampaignStatisticChart>(campaignId, "statistic/chart", "chart", rangeParams(range));

export const statisticByStepQuery = (campaignId: number, range: StatisticQuery) =>
  read<CampaignStepStatistics>(campaignId, "statistic-by-step", "by-step", rangeParams(range));

export const statisticLeadsQuery = (campaignId: number, range: StatisticQuery, stepId: number | null) =>
  read<CampaignLeadEngagement>(campaignId, "statistic-leads", "leads", {
    ...rangeParams(range),
    ...(stepId === null ? {} : { step_id: stepId }),
  });

/** While the campaign sends, its statistic reloads at most this often. */
export const LIVE_RELOAD_MS = 5_000;

/**
 * The campaign page already listens to the campaign's progress (campaigns-live.ts patches its figures in place); the
 * statistic's sums cannot be patched from an event, so the open tab reloads them, throttled.
 */
export function useStatisticLiveReload(campaignId: number): void {
  const qc = useQueryClient();
  const reload = useMemo(
    () => throttle(() => void qc.invalidateQueries({ queryKey: statisticKeys.all(campaignId) }), LIVE_RELOAD_MS),
    [qc, campaignId],
  );
  useLiveEvent("CampaignProgress", (e) => {
    if (e.id === campaignId) reload();
  });
  useLiveEvent("CampaignStatus", (e) => {
    if (e.id === campaignId) reload();
  });
}
