import type { AudienceItem, AudienceItems, CampaignAudienceKind, SegmentPage } from "@leadflow/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { leadKeys } from "../../leads";
import { campaignKeys } from "./campaigns.api";

const PATHS = { segment: "segments", source: "sources", list: "lists" } as const satisfies Record<CampaignAudienceKind, string>;

/** Under the campaign's detail key: refreshing the campaign refreshes its audience, and removing it forgets both. */
export const campaignAudienceKeys = {
  all: (campaignId: number) => [...campaignKeys.detail(campaignId), "audience"] as const,
  kind: (campaignId: number, kind: CampaignAudienceKind) => [...campaignAudienceKeys.all(campaignId), kind] as const,
};

/** GET /campaigns/{id}/segments|sources|lists: the selection of one kind, with names. */
export const campaignAudienceQuery = (campaignId: number, kind: CampaignAudienceKind) =>
  queryOptions({
    queryKey: campaignAudienceKeys.kind(campaignId, kind),
    queryFn: ({ signal }) => api.get<AudienceItems>(`/campaigns/${campaignId}/${PATHS[kind]}`, undefined, { signal }).then((r) => r.data),
  });

/**
 * The segment picker's choices: the team's audiences, page 1 of 1000. Keyed under the segments root so a
 * segment made or renamed elsewhere reaches the picker.
 */
export const audienceSegmentOptionsQuery = () =>
  queryOptions({
    queryKey: ["segments", "campaign-picker"] as const,
    queryFn: ({ signal }) => api.get<SegmentPage>("/segments", { page: 1, limit: 1000 }, { signal }),
    select: (page): AudienceItem[] => page.data.map((s) => ({ id: s.id, name: s.name, parent_id: s.parent_id })),
    staleTime: 60_000,
  });

/**
 * Replaces the selection of one kind (POST {ids}); the answer is the selection as stored. Changes of one kind run one
 * after another, so a quick second pick cannot be overtaken by the first one's answer.
 */
export function useSetCampaignAudience(campaignId: number, kind: CampaignAudienceKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<AudienceItems>(`/campaigns/${campaignId}/${PATHS[kind]}`, { ids }).then((r) => r.data),
    scope: { id: `campaign-audience-${campaignId}-${kind}` },
    onSuccess: (items) => {
      qc.setQueryData(campaignAudienceKeys.kind(campaignId, kind), items);
      // The records count and the Leads tab follow the audience.
      return Promise.all([
        qc.invalidateQueries({ queryKey: campaignKeys.detail(campaignId), exact: true }),
        qc.invalidateQueries({
          queryKey: leadKeys.tables(),
          predicate: (q) => (q.queryKey[2] as { campaignId?: number } | undefined)?.campaignId === campaignId,
        }),
      ]);
    },
  });
}
