import type {
  ImportListPage,
  ImportListRecord,
  LeadListPage,
  MessageResponse,
  SaveImportList,
  SaveImportListResponse,
  SourcePage,
} from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface ImportListsParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

export const importListKeys = {
  all: ["import-lists"] as const,
  page: (params: ImportListsParams) => [...importListKeys.all, "page", params] as const,
};

/**
 * The pickers' source and list options live under the sources root (repeated here: features don't import each
 * other), so creating or renaming a source or a list anywhere refreshes them too.
 */
const pickerKeys = {
  sources: (search: string) => ["sources", "picker", search] as const,
  lists: (sourceId: number, search: string) => ["sources", "picker", sourceId, "lists", search] as const,
};
const PICKER_LIMIT = 50;

export const importListsQuery = (params: ImportListsParams) =>
  queryOptions({
    queryKey: importListKeys.page(params),
    queryFn: ({ signal }) => api.get<ImportListPage>("/import-lists", { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const sourceOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: pickerKeys.sources(search),
    queryFn: ({ signal }) => api.get<SourcePage>("/sources", { page: 1, limit: PICKER_LIMIT, search, sort: "name" }, { signal }),
    placeholderData: keepPreviousData,
  });

export const listOptionsQuery = (sourceId: number, search: string) =>
  queryOptions({
    queryKey: pickerKeys.lists(sourceId, search),
    queryFn: ({ signal }) =>
      api.get<LeadListPage>(`/sources/${sourceId}/lists`, { page: 1, limit: PICKER_LIMIT, search, sort: "name" }, { signal }),
  });

function useInvalidateImportLists() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: importListKeys.all });
}

/** Create (no id) or update; both answer 'Lead has been successfully added.' and the key. */
export function useSaveImportList() {
  const invalidate = useInvalidateImportLists();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SaveImportList }) =>
      id ? api.put<SaveImportListResponse>(`/import-lists/${id}`, input) : api.post<SaveImportListResponse>("/import-lists", input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteImportList() {
  const invalidate = useInvalidateImportLists();
  return useMutation({
    mutationFn: (key: Pick<ImportListRecord, "id">) => api.delete<MessageResponse>(`/import-lists/${key.id}`),
    onSuccess: () => invalidate(),
  });
}
