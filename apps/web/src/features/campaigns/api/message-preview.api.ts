import type { MessagePreview, MessagePreviewRequest } from "@leadflow/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../lib/api-client";
import { useDebounced } from "../../../lib/use-debounced";
import { campaignKeys } from "./campaigns.api";

/** Typing settles this long before the preview asks the server again. */
const SETTLE_MS = 350;

const previewKeys = {
  one: (campaignId: number, body: MessagePreviewRequest) => [...campaignKeys.all, "message-preview", campaignId, body] as const,
};

/**
 * The step editor's phone preview of a draft SMS: rendered by the server for one audience lead at a time (the first,
 * then whichever `previous`/`next` picks), the last answer kept on screen while the next is fetched.
 */
export function useMessagePreview(campaignId: number, message: string, shortDomainId: number | null, enabled: boolean) {
  const [leadId, setLeadId] = useState<number | null>(null);
  const settled = useDebounced(message, SETTLE_MS);
  const body: MessagePreviewRequest = { message: settled, short_url_domain_id: shortDomainId, lead_id: leadId };
  const query = useQuery({
    queryKey: previewKeys.one(campaignId, body),
    queryFn: ({ signal }) => api.post<MessagePreview>(`/campaigns/${campaignId}/message-preview`, body, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
  const data = query.data;
  return {
    query,
    /** The lead shown is one step through the audience; null: the first. */
    previous: data?.previous_lead_id != null ? () => setLeadId(data.previous_lead_id) : undefined,
    next: data?.next_lead_id != null ? () => setLeadId(data.next_lead_id) : undefined,
    /** Back to the first lead (the one shown left the audience). */
    first: leadId !== null ? () => setLeadId(null) : undefined,
    /** The typed text has not reached the preview yet. */
    settling: settled !== message || query.isPlaceholderData,
  };
}
export type MessagePreviewState = ReturnType<typeof useMessagePreview>;
