import type { Aggregations, CreateList, LeadList, LeadListPage, ListStatus, MessageResponse, UpdateList } from "@leadflow/contracts";
import { keepPreviousData, type QueryKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface ListsParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

/**
 * Lists live under the "sources" root (as their API does, /sources/lists/…): a list change moves its source's
 * counters, so list mutations refresh the whole root. Features don't import each other; the root is repeated.
 */
const ROOT = "sources" as const;
export const listKeys = {
  all: [ROOT, "lists"] as const,
  ofSource: (sourceId: number) => [...listKeys.all, "source", sourceId] as const,
  page: (sourceId: number, params: ListsParams) => [...listKeys.ofSource(sourceId), params] as const,
  detail: (id: number) => [...listKeys.all, "detail", id] as const,
  aggregations: (id: number) => [...listKeys.all, "aggregations", id] as const,
};

function belongsToList(key: QueryKey, id: number): boolean {
  const [root, scope, kind, value] = key;
  return root === ROOT && scope === "lists" && (kind === "detail" || kind === "aggregations") && value === id;
}

/** Source lists are fetched 100 at a time by default; the table passes its own page size. */
export const listsQuery = (sourceId: number, params: ListsParams) =>
  queryOptions({
    queryKey: listKeys.page(sourceId, params),
    queryFn: ({ signal }) => api.get<LeadListPage>(`/sources/${sourceId}/lists`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const listQuery = (id: number) =>
  queryOptions({
    queryKey: listKeys.detail(id),
    queryFn: ({ signal }) => api.get<LeadList>(`/sources/lists/${id}`, undefined, { signal }),
  });

/** Per-list aggregations are cached for 300,000 ms (docs/product/accounts-sources-leads.md). */
export const LIST_AGGREGATIONS_STALE_MS = 300_000;
export const listAggregationsQuery = (id: number) =>
  queryOptions({
    queryKey: listKeys.aggregations(id),
    queryFn: ({ signal }) => api.get<Aggregations>(`/sources/lists/${id}/aggregations`, undefined, { signal }),
    staleTime: LIST_AGGREGATIONS_STALE_MS,
  });

function useInvalidateLists() {
  const qc = useQueryClient();
  return (deletedIds: number[] = []) => {
    const gone = (key: QueryKey) => deletedIds.some((id) => belongsToList(key, id));
    qc.invalidateQueries({ queryKey: [ROOT], predicate: (q) => gone(q.queryKey), refetchType: "none" });
    // Aggregations keep their 5-minute cache unless they belong to a deleted list: they count leads, not names.
    return qc.invalidateQueries({ queryKey: [ROOT], predicate: (q) => !gone(q.queryKey) && q.queryKey[2] !== "aggregations" });
  };
}

export function useCreateList(sourceId: number) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (input: CreateList) => api.post<LeadList>(`/sources/${sourceId}/lists`, input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateList() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateList & { id: number }) => api.put<LeadList>(`/sources/lists/${id}`, input),
    onSuccess: (list) => {
      qc.setQueryData(listKeys.detail(list.id), list);
      return invalidate();
    },
  });
}

/** The list page's Active/Inactive switch: flips at once, rolls back if the server refuses. */
export function useSetListStatus() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ListStatus }) => api.put<LeadList>(`/sources/lists/${id}`, { status }),
    onMutate: async ({ id, status }) => {
      await qc.cancelQueries({ queryKey: listKeys.detail(id) });
      const previous = qc.getQueryData<LeadList>(listKeys.detail(id));
      if (previous) qc.setQueryData<LeadList>(listKeys.detail(id), { ...previous, status, is_active: status === "active" });
      return { previous };
    },
    onError: (_e, { id }, context) => {
      if (context?.previous) qc.setQueryData(listKeys.detail(id), context.previous);
    },
    onSuccess: (list) => {
      qc.setQueryData(listKeys.detail(list.id), list);
      return invalidate();
    },
  });
}

export function useDeleteList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`/sources/lists/${id}`),
    onSuccess: (_r, id) => invalidate([id]),
  });
}

export function useDeleteLists() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<{ deleted: number }>("/sources/lists/batch", { ids }),
    onSuccess: (_r, ids) => invalidate(ids),
  });
}
