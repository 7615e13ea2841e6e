import type { SendPreview } from "@leadflow/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { campaignKeys } from "../api/campaigns.api";

/** What setting the campaign Active would do: asked each time the dialog opens, never kept (the audience moves). */
export const sendPreviewQuery = (campaignId: number) =>
  queryOptions({
    queryKey: [...campaignKeys.detail(campaignId), "send-preview"] as const,
    queryFn: ({ signal }) => api.get<SendPreview>(`/campaigns/${campaignId}/send-preview`, undefined, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
