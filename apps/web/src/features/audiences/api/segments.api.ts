import type {
  CloneSegment,
  CreateSegment,
  MessageResponse,
  PreviewCount,
  PreviewSegment,
  Segment,
  SegmentFilters,
  SegmentPage,
  UpdateSegment,
} from "@leadflow/contracts";
import { keepPreviousData, type QueryClient, type QueryKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, request } from "../../../lib/api-client";
import { useLiveEvent } from "../../../lib/live";
import { leadKeys } from "../../leads";

export interface SegmentsParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

interface Saved {
  message: string;
  data: Segment;
}

/**
 * Everything under "segments": audiences, children, one segment, previews. A segment's leads table is a lead table
 * (["leads", "table", { segmentId }, …]) and is refreshed alongside through `isSegmentLeadsKey`.
 */
export const segmentKeys = {
  all: ["segments"] as const,
  pages: () => [...segmentKeys.all, "page"] as const,
  page: (params: SegmentsParams) => [...segmentKeys.pages(), params] as const,
  details: () => [...segmentKeys.all, "detail"] as const,
  detail: (id: number) => [...segmentKeys.details(), id] as const,
  children: (parentId: number) => [...segmentKeys.all, "children", parentId] as const,
  childPage: (parentId: number, params: SegmentsParams) => [...segmentKeys.children(parentId), params] as const,
  preview: (input: PreviewSegment) => [...segmentKeys.all, "preview", input] as const,
};

/** A lead table scoped to a segment (any segment, or the one given). */
export function isSegmentLeadsKey(key: QueryKey, id?: number): boolean {
  const [root, kind, scope] = key;
  if (root !== leadKeys.all[0] || kind !== "table" || typeof scope !== "object" || scope === null) return false;
  const segmentId = (scope as { segmentId?: number }).segmentId;
  return segmentId !== undefined && (id === undefined || segmentId === id);
}

/** Queries that belong to one segment: after it is deleted they must not be refetched on the way out. */
export function belongsToSegment(key: QueryKey, id: number): boolean {
  const [root, kind, value] = key;
  if (root === segmentKeys.all[0]) return (kind === "detail" || kind === "children") && value === id;
  return isSegmentLeadsKey(key, id);
}

/** While any audience is being rebuilt its count is stale: look again now and then (the live event may not come). */
const RECALCULATING_POLL_MS = 5000;

export const segmentsQuery = (params: SegmentsParams) =>
  queryOptions({
    queryKey: segmentKeys.page(params),
    queryFn: ({ signal }) => api.get<SegmentPage>("/segments", { ...params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((s) => s.is_recalculating) ? RECALCULATING_POLL_MS : false),
  });

export const childSegmentsQuery = (parentId: number, params: SegmentsParams) =>
  queryOptions({
    queryKey: segmentKeys.childPage(parentId, params),
    queryFn: ({ signal }) => api.get<SegmentPage>(`/segments/${parentId}/segments`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((s) => s.is_recalculating) ? RECALCULATING_POLL_MS : false),
  });

export const segmentQuery = (id: number) =>
  queryOptions({
    queryKey: segmentKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<{ data: Segment }>(`/segments/${id}`, undefined, { signal })).data,
    refetchInterval: (q) =>
      q.state.data?.is_recalculating || q.state.data?.export?.type === "export-pending" ? RECALCULATING_POLL_MS : false,
  });

/**
 * How many leads a tree matches now (POST, but a read: cached per tree and per kind of count like any query):
 * `count: "capped"` answers fast and stops at the cap, `"exact"` counts them all.
 */
export const segmentPreviewQuery = (input: PreviewSegment) =>
  queryOptions({
    queryKey: segmentKeys.preview(input),
    queryFn: async ({ signal }) => (await api.post<{ data: PreviewCount }>("/segments/preview", input, { signal })).data,
    staleTime: 30_000,
  });

/**
 * Refreshes segments and the segment lead tables; the queries of `gone` segments are only marked stale, so a
 * deleted segment's page does not refetch into a 404 on its way out.
 */
export function refreshSegments(qc: QueryClient, gone: readonly number[] = []) {
  const isGone = (key: QueryKey) => gone.some((id) => belongsToSegment(key, id));
  const ours = (key: QueryKey) => key[0] === segmentKeys.all[0] || isSegmentLeadsKey(key);
  qc.invalidateQueries({ predicate: (q) => isGone(q.queryKey), refetchType: "none" });
  return qc.invalidateQueries({ predicate: (q) => ours(q.queryKey) && !isGone(q.queryKey) });
}

export function useCreateSegment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSegment) => api.post<Saved>("/segments", input),
    onSuccess: () => refreshSegments(qc),
  });
}

export function useUpdateSegment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateSegment & { id: number }) => api.put<Saved>(`/segments/${id}`, input),
    onSuccess: (answer) => {
      if (answer?.data) qc.setQueryData(segmentKeys.detail(answer.data.id), answer.data);
      return refreshSegments(qc);
    },
  });
}

export function useSaveSegmentFilters() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, filters }: { id: number; filters: SegmentFilters }) => api.post<Saved>(`/segments/${id}/filters`, { filters }),
    onSuccess: (answer) => {
      if (answer?.data) qc.setQueryData(segmentKeys.detail(answer.data.id), answer.data);
      return refreshSegments(qc);
    },
  });
}

export function useCloneSegment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CloneSegment & { id: number }) => api.post<Saved>(`/segments/${id}/clone`, input),
    onSuccess: () => refreshSegments(qc),
  });
}

export function useDeleteSegment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`/segments/${id}`),
    onSuccess: (_r, id) => refreshSegments(qc, [id]),
  });
}

/** DELETE with the ids as a JSON body, as the leads batch sends its selection. */
export function useDeleteSegments() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => request<MessageResponse>("DELETE", "/segments/batch", { body: { ids } }),
    onSuccess: (_r, ids) => refreshSegments(qc, ids),
  });
}

/** Queues a rebuild; the rows show 'Recalculating' until RefreshSegmentCompleted arrives. */
export function useRefreshSegments() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<MessageResponse>("/segments/refresh", { ids }),
    onSuccess: () => refreshSegments(qc),
  });
}

/**
 * Live updates for the audience screens: a finished rebuild moves counts and members; an export's progress moves
 * the audience's 'Generating file...' / Download notice.
 */
export function useSegmentLiveUpdates() {
  const qc = useQueryClient();
  useLiveEvent("RefreshSegmentCompleted", () => void refreshSegments(qc));
  useLiveEvent("ExportStatus", () => void qc.invalidateQueries({ queryKey: segmentKeys.details() }));
}
