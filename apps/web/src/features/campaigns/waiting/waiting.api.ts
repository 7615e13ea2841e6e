import type { CampaignStatus, CampaignWaiting, CampaignWaitingBriefs } from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../../lib/api-client";
import { useLiveEvent } from "../../../lib/live";
import { throttle } from "../../../lib/throttle";
import { campaignKeys } from "../api/campaigns.api";

/** Only these statuses can have messages waiting: the engine planned them and has not ended the campaign. */
export const WAITING_STATUSES: readonly CampaignStatus[] = ["active", "paused"];

/** The campaign page's figure lives under the campaign's key (a status change refreshes it); the list's beside the pages. */
export const waitingKeys = {
  of: (campaignId: number) => [...campaignKeys.detail(campaignId), "waiting"] as const,
  briefs: () => [...campaignKeys.all, "waiting"] as const,
  briefsOf: (ids: readonly number[]) => [...waitingKeys.briefs(), ids] as const,
};

/** A wait ends when its time comes, without an event to say so: the figure looks again once a minute. */
const AGAIN_MS = 60_000;

export const campaignWaitingQuery = (campaignId: number) =>
  queryOptions({
    queryKey: waitingKeys.of(campaignId),
    queryFn: ({ signal }) => api.get<CampaignWaiting>(`/campaigns/${campaignId}/waiting`, undefined, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: AGAIN_MS,
  });

export const waitingBriefsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: waitingKeys.briefsOf(ids),
    queryFn: ({ signal }) => api.get<CampaignWaitingBriefs>("/campaigns/waiting", { ids: ids.join(",") }, { signal }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: AGAIN_MS,
  });

/** While messages go out, the figures reload at most this often. */
export const WAITING_RELOAD_MS = 5_000;

/**
 * The page already hears the campaigns' progress and status (campaigns-live.ts patches their figures); what waits
 * cannot be patched from them, so the figures of the campaigns in view reload, throttled. `ids`: those in view.
 */
export function useWaitingLiveReload(ids: readonly number[], scope: "campaign" | "list"): void {
  const qc = useQueryClient();
  const key = ids.join(",");
  const reload = useMemo(
    () =>
      throttle(() => {
        const first = Number(key.split(",")[0]);
        void qc.invalidateQueries({ queryKey: scope === "campaign" ? waitingKeys.of(first) : waitingKeys.briefs() });
      }, WAITING_RELOAD_MS),
    [qc, key, scope],
  );
  const inView = (id: number) => key.split(",").includes(String(id));
  useLiveEvent("CampaignProgress", (e) => {
    if (inView(e.id)) reload();
  });
  useLiveEvent("CampaignStatus", (e) => {
    if (inView(e.id)) reload();
  });
}
