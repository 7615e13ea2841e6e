import type { LeadListPage, SourcePage, SourceWithLists } from "@leadflow/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The options of a source picker and of its list picker, for forms of other features (a lookup, an import key).
 * They are keyed under the sources root, as the sources feature keys its own queries, so creating or renaming a
 * source or a list anywhere refreshes them too.
 */
const pickerKeys = {
  sources: (params: SourceOptionsParams) => ["sources", "picker", params] as const,
  lists: (sourceId: number, params: ListOptionsParams) => ["sources", "picker", sourceId, "lists", params] as const,
  withLists: (params: { search?: string; limit?: number }) => ["sources", "with-lists", params] as const,
};

const PICKER_LIMIT = 50;

export interface SourceOptionsParams {
  search?: string;
  sort?: "name";
}

export interface ListOptionsParams {
  search?: string;
  sort?: "name";
  limit?: number;
}

export const sourceOptionsQuery = (params: SourceOptionsParams) =>
  queryOptions({
    queryKey: pickerKeys.sources(params),
    queryFn: ({ signal }) => api.get<SourcePage>("/sources", { page: 1, limit: PICKER_LIMIT, ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const listOptionsQuery = (sourceId: number, params: ListOptionsParams) =>
  queryOptions({
    queryKey: pickerKeys.lists(sourceId, params),
    queryFn: ({ signal }) => api.get<LeadListPage>(`/sources/${sourceId}/lists`, { page: 1, limit: PICKER_LIMIT, ...params }, { signal }),
  });

/** Every source with its lists, for pickers that show both at once: GET /all-sources-with-lists?limit=100. */
export const sourcesWithListsQuery = (params: { search?: string; limit?: number } = {}) =>
  queryOptions({
    queryKey: pickerKeys.withLists(params),
    queryFn: ({ signal }) => api.get<{ data: SourceWithLists[] }>("/all-sources-with-lists", { limit: 100, ...params }, { signal }),
  });
