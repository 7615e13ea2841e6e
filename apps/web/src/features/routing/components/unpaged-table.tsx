import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { CrudContext } from "../../../components/crud/crud-settings-config";
import { DataTable } from "../../../components/data-table/data-table";
import type { Columns } from "../../../components/data-table/types";
import { type MessageKey, useT } from "../../../lib/i18n";

export interface UnpagedTableProps<T, P extends { data: T[] }> {
  query: UseQueryOptions<P, Error, P, QueryKey>;
  columns: Columns<T, CrudContext<T, object>>;
  context: CrudContext<T, object>;
  label: MessageKey;
  empty: MessageKey;
}

/**
 * The body of a CrudSettingsPage whose list comes whole (routes and pools: at most 100 each): one table
 * without paging, search or sort.
 */
export function UnpagedTable<T extends { id: number }, P extends { data: T[] }>({
  query,
  columns,
  context,
  label,
  empty,
}: UnpagedTableProps<T, P>) {
  const t = useT();
  const list = useQuery(query);
  return <DataTable aria-label={t(label)} columns={columns} context={context} query={list} skeletonRows={3} emptyText={t(empty)} />;
}
