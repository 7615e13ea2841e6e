import type {
  ImportListPage,
  ImportListRecord,
  LeadListPage,
  SaveImportList,
  SaveImportListResponse,
  SourcePage,
} from "@leadflow/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { crudApi } from "../../../components/crud/crud-api";
import { api } from "../../../lib/api-client";

/** The keys other systems import leads with; create and update both answer 'Lead has been successfully added.' */
export const importListsApi = crudApi<{
  item: ImportListRecord;
  page: ImportListPage;
  create: SaveImportList;
  saved: SaveImportListResponse;
}>({
  key: "import-lists",
  path: "/import-lists",
});

/**
 * The pickers' source and list options live under the sources root (repeated here: features don't import each
 * other), so creating or renaming a source or a list anywhere refreshes them too.
 */
const pickerKeys = {
  sources: (search: string) => ["sources", "picker", search] as const,
  lists: (sourceId: number, search: string) => ["sources", "picker", sourceId, "lists", search] as const,
};
const PICKER_LIMIT = 50;

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
