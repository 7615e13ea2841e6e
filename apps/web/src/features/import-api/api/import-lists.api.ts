import type { ImportListPage, ImportListRecord, SaveImportList, SaveImportListResponse } from "@leadflow/contracts";
import { crudApi } from "../../../components/crud/crud-api";

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
