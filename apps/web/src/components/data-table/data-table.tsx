import type { Page } from "@leadflow/contracts";
import { Box, LinearProgress, Paper, Table, TableContainer } from "@mui/material";
import { type ReactNode, useEffect } from "react";
import { useT } from "../../lib/i18n";
import { ColumnChooser } from "./column-chooser";
import { DataTableBody } from "./data-table-body";
import { DataTableHead } from "./data-table-head";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableToolbar } from "./data-table-toolbar";
import { useHiddenColumns } from "./hidden-columns";
import { pageSelectionState, pruneSelection, togglePage, toggleRow } from "./selection";
import { shouldResetPage } from "./table-url-state";
import type { DataTableColumn, RowId, TableState } from "./types";

/** The part of a TanStack query result the table reads; `useQuery(...)` fits as is. */
export interface DataTableQuery<T> {
  data: Page<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T, K extends RowId = number> {
  columns: readonly DataTableColumn<T>[];
  query: DataTableQuery<T>;
  state: TableState;
  /** Page-size options. */
  pageSizes?: readonly number[];
  getRowId?: (row: T) => K;
  /** Controlled selection; leave out for a table without checkboxes. */
  selection?: { selected: readonly K[]; onChange: (ids: K[]) => void };
  /** Makes the whole row a link (checkboxes, links and menus inside keep their own click). */
  rowHref?: (row: T) => string | undefined;
  /** A click on the row that is not a link (copy a value, open a dialog); controls inside keep their own click. */
  onRowClick?: (row: T) => void;
  /** Turns on the 'Columns' chooser; hidden columns are remembered in localStorage under this key. */
  columnsStorageKey?: string;
  emptyText?: string;
  searchable?: boolean;
  searchPlaceholder?: string;
  toolbarActions?: ReactNode;
  "aria-label"?: string;
}

const defaultRowId = <K extends RowId>(row: unknown) => (row as { id: K }).id;

/** The product's one server-side table: paging, sorting, debounced search, selection, row links, column chooser. */
export function DataTable<T, K extends RowId = number>(props: DataTableProps<T, K>) {
  const { columns, query, state, pageSizes = [15, 50, 100], selection, rowHref, columnsStorageKey, searchable = true } = props;
  const t = useT();
  const getRowId = props.getRowId ?? defaultRowId<K>;
  const hiddenColumns = useHiddenColumns(columnsStorageKey, columns);
  const visible = columns.filter((c) => c.hideable === false || !hiddenColumns.hidden.has(c.key));

  const rows = query.data?.data;
  const meta = query.data?.meta;
  const pageIds = rows?.map(getRowId) ?? [];
  const pageIdsKey = pageIds.join(",");

  const { page, setPage } = state;
  const lastPage = query.isPlaceholderData ? undefined : meta?.last_page;
  useEffect(() => {
    if (shouldResetPage(page, lastPage)) setPage(1, { replace: true });
  }, [page, lastPage, setPage]);

  const selected = selection?.selected;
  const onSelectionChange = selection?.onChange;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageIdsKey stands for the ids on screen
  useEffect(() => {
    if (!selected || !onSelectionChange || !rows || query.isPlaceholderData) return;
    const pruned = pruneSelection(selected, pageIds);
    if (pruned !== selected) onSelectionChange([...pruned]);
  }, [pageIdsKey, selected, query.isPlaceholderData]);

  const refreshing = query.isFetching && !!rows;

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <DataTableToolbar
        search={searchable ? { value: state.search, onChange: state.setSearch, placeholder: props.searchPlaceholder } : undefined}
        selectedCount={selected?.length ?? 0}
        onClearSelection={onSelectionChange ? () => onSelectionChange([]) : undefined}
        actions={props.toolbarActions}
        columnChooser={columnsStorageKey ? <ColumnChooser columns={columns} state={hiddenColumns} /> : undefined}
      />
      <Box sx={{ height: 2 }}>{refreshing && <LinearProgress sx={{ height: 2, borderRadius: 0 }} />}</Box>
      <TableContainer sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}>
        <Table aria-label={props["aria-label"]} aria-busy={query.isFetching}>
          <DataTableHead
            columns={visible}
            sort={state.sort}
            onSort={state.setSort}
            selection={
              selected && onSelectionChange
                ? {
                    state: pageSelectionState(selected, pageIds),
                    disabled: pageIds.length === 0,
                    onToggle: () => onSelectionChange(togglePage(selected, pageIds)),
                  }
                : undefined
            }
          />
          <DataTableBody
            rows={rows}
            columns={visible}
            getRowId={getRowId}
            rowHref={rowHref}
            onRowClick={props.onRowClick}
            selectable={!!selection}
            selected={selected ?? []}
            onToggle={(id) => onSelectionChange?.(toggleRow(selected ?? [], id))}
            loading={query.isPending}
            skeletonRows={Math.min(state.limit, 8)}
            error={query.error}
            onRetry={() => query.refetch()}
            emptyText={props.emptyText ?? t("table.noRecords")}
            search={state.search}
            onClearSearch={() => state.setSearch("")}
          />
        </Table>
      </TableContainer>
      {meta && meta.total > 0 && (
        <DataTablePagination
          page={state.page}
          limit={state.limit}
          total={meta.total}
          pageSizes={pageSizes}
          onPageChange={(p) => state.setPage(p)}
          onLimitChange={state.setLimit}
        />
      )}
    </Paper>
  );
}
