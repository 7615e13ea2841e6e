import type {
  Campaign,
  CampaignBatchResult,
  CampaignClickTrigger,
  CampaignIdsAnswer,
  CampaignManualStatus,
  CampaignNames,
  CampaignPage,
  CampaignSaved,
  CampaignTodayCounters,
  CampaignTrigger,
  CampaignType,
  MessageResponse,
  SaveCampaign,
} from "@leadflow/contracts";
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { PeriodParams } from "../model/period";

export type CampaignListParams = {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
  types?: CampaignType[];
  archived?: boolean;
} & PeriodParams;

/** Everything under "campaigns": a mutation refreshes the whole prefix (list, cards, the campaign page). */
export const campaignKeys = {
  all: ["campaigns"] as const,
  pages: () => [...campaignKeys.all, "page"] as const,
  page: (params: CampaignListParams) => [...campaignKeys.pages(), params] as const,
  /** The cards of every period (the live updates' prefix), and of one period. */
  counters: () => [...campaignKeys.all, "counters"] as const,
  countersOf: (period: PeriodParams & CardFilters) => [...campaignKeys.counters(), period] as const,
  detail: (id: number) => [...campaignKeys.all, "detail", id] as const,
  byTrigger: (trigger: CampaignTrigger) => [...campaignKeys.all, "by-trigger", trigger] as const,
};

export const campaignsQuery = (params: CampaignListParams) =>
  queryOptions({
    queryKey: campaignKeys.page(params),
    queryFn: ({ signal }) => api.get<CampaignPage>("/campaigns", { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** What the cards sum besides the period: the campaigns the list's filters show. */
export type CardFilters = Pick<CampaignListParams, "types" | "archived" | "search">;

/** The list's cards over the list's period (`period` or a custom `stat_from`/`stat_to`) and its filtered campaigns. */
export const campaignCountersQuery = (period: PeriodParams & CardFilters) =>
  queryOptions({
    queryKey: campaignKeys.countersOf(period),
    queryFn: ({ signal }) => api.get<CampaignTodayCounters>("/campaigns/statistics/counters", { ...period }, { signal }),
    placeholderData: keepPreviousData,
  });

export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: Campaign }>(`/campaigns/${id}`, undefined, { signal }).then((r) => r.data),
  });

/** Trigger campaigns that start on `trigger` (the click trigger picker). */
export const campaignsByTriggerQuery = (trigger: CampaignTrigger) =>
  queryOptions({
    queryKey: campaignKeys.byTrigger(trigger),
    queryFn: ({ signal }) => api.get<CampaignNames>("/automations/list-by-trigger", { trigger }, { signal }).then((r) => r.data),
  });

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: campaignKeys.all });

export function useCreateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveCampaign) => api.post<CampaignSaved>("/campaigns", input),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: SaveCampaign & { id: number }) => api.put<CampaignSaved>(`/campaigns/${id}`, input),
    onSuccess: (answer) => {
      qc.setQueryData(campaignKeys.detail(answer.data.id), answer.data);
      return refresh(qc);
    },
  });
}

export function useDeleteCampaigns() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<MessageResponse>("/campaigns/batch", { ids }),
    onSuccess: () => refresh(qc),
  });
}

export function useCopyCampaigns() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<CampaignIdsAnswer>("/campaigns/copy", { ids }),
    onSuccess: () => refresh(qc),
  });
}

/** Archive (true) or remove from the archive (false). */
export function useArchiveCampaigns() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, archived }: { ids: number[]; archived: boolean }) =>
      archived
        ? api.post<MessageResponse>("/campaigns/batch-archive", { ids })
        : api.delete<MessageResponse>("/campaigns/batch-archive", { ids }),
    onSuccess: () => refresh(qc),
  });
}

export function useBatchCampaignStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; status: CampaignManualStatus }) => api.put<CampaignBatchResult>("/campaigns/batch-status", input),
    onSettled: () => refresh(qc),
  });
}

export function useSetClickTrigger() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignClickTrigger) => api.put<MessageResponse>("/campaigns/click-trigger", input),
    onSuccess: () => refresh(qc),
  });
}

// ── The campaign page ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Removes the campaign whose page is open: `leave` (given the server's message) navigates away first, then its queries
 * are forgotten, so the page does not refetch itself into a 404 on the way out.
 */
export function useDeleteCampaign(leave: (message: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`/campaigns/${id}`),
    onSuccess: (answer, id) => {
      leave(answer.message);
      qc.removeQueries({ queryKey: campaignKeys.detail(id) });
      return refresh(qc);
    },
  });
}

/** Expire All Links: every link the campaign sent before now redirects as expired (`links_expired_at`). */
export function useExpireCampaignLinks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<MessageResponse>(`/campaigns/${id}/expire-links`),
    onSuccess: (_answer, id) => qc.invalidateQueries({ queryKey: campaignKeys.detail(id), exact: true }),
  });
}
