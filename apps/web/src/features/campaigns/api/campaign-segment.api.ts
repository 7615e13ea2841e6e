import type { CampaignSegmentCreated, CreateCampaignSegment } from "@leadflow/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { campaignKeys } from "./campaigns.api";

/**
 * Create Segment from the campaign (POST /campaigns/{id}/create-segment). The audiences' lists and pickers live under
 * the "segments" root; the campaign's Logs tab (under its detail key) gains the entry.
 */
export function useCreateCampaignSegment(campaignId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignSegment) => api.post<CampaignSegmentCreated>(`/campaigns/${campaignId}/create-segment`, body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ["segments"] }),
        qc.invalidateQueries({ queryKey: [...campaignKeys.detail(campaignId), "log"] }),
      ]),
  });
}
