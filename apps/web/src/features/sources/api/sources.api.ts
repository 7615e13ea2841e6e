import type { Aggregations, CreateSource, MessageResponse, Source, SourcePage, SourcesTotal, UpdateSource } from "@leadflow/contracts";
import { keepPreviousData, type QueryKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface SourcesParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

/**
 * Everything under "sources", lists included (the lists feature keys its queries under ["sources", "lists"]):
 * any change to a source or a list moves the counters shown on both, so one prefix refreshes them together.
 */
export const sourceKeys = {
  all: ["sources"] as const,
  pages: () => [...sourceKeys.all, "page"] as const,
  page: (params: SourcesParams) => [...sourceKeys.pages(), params] as const,
  detail: (id: number) => [...sourceKeys.all, "detail", id] as const,
  total: () => [...sourceKeys.all, "total"] as const,
  aggregations: (id: number) => [...sourceKeys.all, "aggregations", id] as const,
};

/** Queries that belong to one source: after it is deleted they must not be refetched on the way out. */
export function belongsToSource(key: QueryKey, id: number): boolean {
  const [root, kind, value, sub] = key;
  if (root !== "sources") return false;
  if ((kind === "detail" || kind === "aggregations") && value === id) return true;
  return kind === "lists" && value === "source" && sub === id;
}

export const sourcesQuery = (params: SourcesParams) =>
  queryOptions({
    queryKey: sourceKeys.page(params),
    queryFn: ({ signal }) => api.get<SourcePage>("/sources", { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const sourceQuery = (id: number) =>
  queryOptions({
    queryKey: sourceKeys.detail(id),
    queryFn: ({ signal }) => api.get<Source>(`/sources/${id}`, undefined, { signal }),
  });

export const sourcesTotalQuery = () =>
  queryOptions({
    queryKey: sourceKeys.total(),
    queryFn: ({ signal }) => api.get<SourcesTotal>("/sources/total", undefined, { signal }),
  });

/** Per-source aggregations are never cached (docs/product/accounts-sources-leads.md). */
export const sourceAggregationsQuery = (id: number) =>
  queryOptions({
    queryKey: sourceKeys.aggregations(id),
    queryFn: ({ signal }) => api.get<Aggregations>(`/sources/${id}/aggregations`, undefined, { signal }),
    staleTime: 0,
  });

function useInvalidateSources() {
  const qc = useQueryClient();
  return (deletedIds: number[] = []) => {
    const gone = (key: QueryKey) => deletedIds.some((id) => belongsToSource(key, id));
    // The deleted source's own queries are only marked stale: refetching them now would flash a 404 on the way out.
    qc.invalidateQueries({ queryKey: sourceKeys.all, predicate: (q) => gone(q.queryKey), refetchType: "none" });
    return qc.invalidateQueries({ queryKey: sourceKeys.all, predicate: (q) => !gone(q.queryKey) });
  };
}

export function useCreateSource() {
  const invalidate = useInvalidateSources();
  return useMutation({
    mutationFn: (input: CreateSource) => api.post<Source>("/sources", input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateSource() {
  const qc = useQueryClient();
  const invalidate = useInvalidateSources();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateSource & { id: number }) => api.put<Source>(`/sources/${id}`, input),
    onSuccess: (source) => {
      qc.setQueryData(sourceKeys.detail(source.id), source);
      return invalidate();
    },
  });
}

export function useDeleteSource() {
  const invalidate = useInvalidateSources();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`/sources/${id}`),
    onSuccess: (_r, id) => invalidate([id]),
  });
}

export function useDeleteSources() {
  const invalidate = useInvalidateSources();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<{ deleted: number }>("/sources/batch", { ids }),
    onSuccess: (_r, ids) => invalidate(ids),
  });
}
