import type {
  ConversationBrief,
  ConversationFilter,
  ConversationPage,
  ConversationReplyResult,
  ConversationThread,
  ConversationUnread,
  Page,
  TeamUser,
} from "@leadflow/contracts";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The inbox: GET /conversations (keyset), GET /conversations/{id}, /unread, and the thread's actions. */
export const conversationKeys = {
  all: ["conversations"] as const,
  lists: () => [...conversationKeys.all, "list"] as const,
  list: (p: ConversationListParams) => [...conversationKeys.lists(), p] as const,
  thread: (id: number) => [...conversationKeys.all, "thread", id] as const,
  unread: () => [...conversationKeys.all, "unread"] as const,
};

export interface ConversationListParams {
  filter: ConversationFilter;
  search: string;
}

export const conversationListQuery = (p: ConversationListParams) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list(p),
    queryFn: ({ pageParam, signal }) =>
      api.get<ConversationPage>(
        "/conversations",
        { filter: p.filter, ...(p.search ? { search: p.search } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });

export const conversationThreadQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.thread(id),
    queryFn: ({ pageParam, signal }) =>
      api.get<ConversationThread>(`/conversations/${id}`, pageParam ? { cursor: pageParam } : undefined, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });

export const conversationUnreadQuery = () =>
  queryOptions({
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) => api.get<ConversationUnread>("/conversations/unread", undefined, { signal }),
  });

/** The members a thread can be given to. */
export const teamMembersQuery = () =>
  queryOptions({
    queryKey: ["team", "users", "conversation-members"] as const,
    queryFn: ({ signal }) => api.get<Page<TeamUser>>("/team/users", { page: 1, limit: 100 }, { signal }),
    select: (page) => page.data,
    staleTime: 60_000,
  });

/** Every change of a thread refreshes the inbox: its lists, its badge and the thread itself. */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: conversationKeys.all });
}

type Action = "read" | "close" | "reopen";

export function useConversationAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: Action }) => api.post<ConversationBrief>(`/conversations/${id}/${action}`),
    onSuccess: refresh,
  });
}

export function useAssignConversation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, userId }: { id: number; userId: number | null }) =>
      api.post<ConversationBrief>(`/conversations/${id}/assign`, { user_id: userId }),
    onSuccess: refresh,
  });
}

export function useReplyToConversation(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (text: string) => api.post<ConversationReplyResult>(`/conversations/${id}/reply`, { text }),
    onSuccess: refresh,
  });
}

/** The thread of a lead's phone (made if it has none): the lead page's "Conversation" button. */
export function useOpenLeadConversation() {
  return useMutation({
    mutationFn: (leadId: number) => api.post<ConversationBrief>("/conversations", { lead_id: leadId }),
  });
}
