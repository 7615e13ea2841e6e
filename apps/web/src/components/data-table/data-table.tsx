import type { Page } from "@leadflow/contracts";
import { Box, LinearProgress, Paper, Table } from "@mui/material";
import { type ReactNode, useEffect, useRef } from "react";
import { tn, useT } from "../../lib/i18n";
import { ColumnChooser } from "./column-chooser";
import { DataTableBody } from "./data-table-body";
import { DataTableHead } from "./data-table-head";
import { DataTablePaging, useReturnToFirstPage } from "./data-table-paging";
import { DataTableToolbar } from "./data-table-toolbar";
import { useHiddenColumns } from "./hidden-columns";
import { resolveColumns } from "./resolve-columns";
import { ScrollFrame } from "./scroll-frame";
import { SelectAllBanner } from "./select-all-banner";
import {
  canSelectAllMatching,
  noSelection,
  selectionCount,
  selectionForRows,
  selectionPageState,
  toggleSelectedPage,
  toggleSelectedRow,
} from "./selection";
import type { CursorPage, CursorTableState, DataTableColumn, RowId, TableState } from "./types";
import { type DataTableSelection, useNormalizedSelection } from "./use-normalized-selection";

/** The part of a TanStack query result the table reads; `useQuery(...)` fits as is. */
export interface DataTableQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface DataTableCommonProps<T, K extends RowId, C> {
  columns: readonly DataTableColumn<T, C>[];
  /** Page-size options. */
  pageSizes?: readonly number[];
  getRowId?: (row: T) => K;
  /**
   * Leave out for a table without checkboxes. `{ selected, onChange }` selects ids on the visible page;
   * `{ value, onChange, allMatching }` can also select every row the query matches (see TableSelection).
   */
  selection?: DataTableSelection<K>;
  /** Makes the whole row a link (checkboxes, links and menus inside keep their own click). */
  rowHref?: (row: T) => string | undefined;
  /** Row links open in a new window. */
  rowNewWindow?: boolean;
  /** A click on the row that is not a link (copy a value, open a dialog); controls inside keep their own click. */
  onRowClick?: (row: T) => void;
  /** Turns on the 'Columns' chooser; hidden columns are remembered in localStorage under this key. */
  columnsStorageKey?: string;
  emptyText?: string;
  searchable?: boolean;
  searchPlaceholder?: string;
  toolbarActions?: ReactNode;
  /** Narrower cell padding, for tables with many columns (a lead table's attributes). */
  dense?: boolean;
  /** MUI's small rows, for short tables stacked on one page (Settings → Integrations). */
  size?: "small" | "medium";
  /** Placeholder rows while the first answer loads; default the page size, at most 8. */
  skeletonRows?: number;
  /** The noun for a number of rows: "1,234 leads". */
  countLabel?: (count: number) => string;
  "aria-label"?: string;
}

/** The columns' context: required when the columns read one. */
type ContextProp<C> = undefined extends C ? { context?: C } : { context: C };

/**
 * Numbered pages (`Page<T>`, TableState), keyset paging (`CursorPage<T>`, CursorTableState), or no state at all: a
 * short list fetched whole (`{ data: T[] }`), shown without paging, search or sort.
 */
export type DataTableProps<T, K extends RowId = number, C = undefined> = DataTableCommonProps<T, K, C> &
  ContextProp<C> &
  (
    | { state: TableState; query: DataTableQuery<Page<T>> }
    | { state: CursorTableState; query: DataTableQuery<CursorPage<T>> }
    | { state?: undefined; query: DataTableQuery<{ data: T[] }> }
  );

const defaultRowId = <K extends RowId>(row: unknown) => (row as { id: K }).id;
const defaultCountLabel = (n: number) => tn("table.rows", n, { count: n.toLocaleString("en-US") });

const noop = () => {};

/** The product's one server-side table: paging, sorting, debounced search, selection, row links, column chooser. */
export function DataTable<T, K extends RowId = number, C = undefined>(props: DataTableProps<T, K, C>) {
  const { query, state, pageSizes = [15, 50, 100], rowHref, columnsStorageKey, searchable = true } = props;
  const countLabel = props.countLabel ?? defaultCountLabel;
  const t = useT();
  const getRowId = props.getRowId ?? defaultRowId<K>;
  const columns = resolveColumns(props.columns, { ...(props.context as C), t });
  const hiddenColumns = useHiddenColumns(columnsStorageKey, columns);
  const visible = columns.filter((c) => c.hideable === false || !hiddenColumns.hidden.has(c.key));
  const selection = useNormalizedSelection(props.selection);

  const rows: readonly T[] | undefined = query.data?.data;
  const total = query.data && "meta" in query.data ? query.data.meta.total : undefined;
  const pageIds = rows?.map(getRowId) ?? [];
  const pageIdsKey = pageIds.join(",");
  const settled = !query.isPlaceholderData;

  useReturnToFirstPage(state, query);

  const value = selection?.value;
  const setSelection = selection?.set;
  const spansPages = !!selection?.spansPages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageIdsKey stands for the ids on screen
  useEffect(() => {
    if (!value || !setSelection || !rows || !settled) return;
    const next = selectionForRows(value, pageIds, spansPages);
    if (next !== value) setSelection(next);
  }, [pageIdsKey, value, settled, spansPages]);

  // A selection across pages (and 'all matching') is of this search's rows: a new search starts a new selection.
  const search = state?.search ?? "";
  const lastSearch = useRef(search);
  useEffect(() => {
    if (lastSearch.current === search) return;
    lastSearch.current = search;
    if (value && (value.all || (spansPages && value.ids.length > 0)) && setSelection) setSelection(noSelection);
  }, [search, value, setSelection, spansPages]);

  const refreshing = query.isFetching && !!rows;
  const selectedCount = value ? selectionCount(value, total) : 0;
  const searchField =
    searchable && state ? { value: state.search, onChange: state.setSearch, placeholder: props.searchPlaceholder } : undefined;
  const bannerMode =
    !selection?.allMatching || !value ? null : value.all ? "all" : canSelectAllMatching(value, pageIds, total) ? "page" : null;

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      {(searchField || selection || props.toolbarActions || columnsStorageKey) && (
        <DataTableToolbar
          search={searchField}
          selectedCount={selectedCount}
          onClearSelection={setSelection ? () => setSelection(noSelection) : undefined}
          actions={props.toolbarActions}
          columnChooser={columnsStorageKey ? <ColumnChooser columns={columns} state={hiddenColumns} /> : undefined}
        />
      )}
      {value && setSelection && (
        <SelectAllBanner
          mode={bannerMode}
          pageCount={pageIds.length}
          selectedCount={selectedCount}
          total={total ?? 0}
          exceptions={value.all ? value.ids.length : 0}
          countLabel={countLabel}
          onSelectAll={() => setSelection({ all: true, ids: [] })}
          onClear={() => setSelection(noSelection)}
        />
      )}
      <Box sx={{ height: 2 }}>{refreshing && <LinearProgress sx={{ height: 2, borderRadius: 0 }} />}</Box>
      <ScrollFrame dimmed={query.isPlaceholderData}>
        <Table
          aria-label={props["aria-label"]}
          aria-busy={query.isFetching}
          size={props.size}
          sx={
            props.dense ? { "& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox):not(.MuiTableCell-alignRight)": { px: 1 } } : undefined
          }
        >
          <DataTableHead
            columns={visible}
            sort={state?.sort ?? null}
            onSort={state?.setSort}
            selection={
              value && setSelection
                ? {
                    state: selectionPageState(value, pageIds),
                    disabled: pageIds.length === 0,
                    onToggle: () => setSelection(toggleSelectedPage(value, pageIds)),
                  }
                : undefined
            }
          />
          <DataTableBody
            rows={rows}
            columns={visible}
            getRowId={getRowId}
            rowHref={rowHref}
            rowNewWindow={props.rowNewWindow}
            onRowClick={props.onRowClick}
            selection={value}
            onToggle={(id) => value && setSelection?.(toggleSelectedRow(value, id))}
            loading={query.isPending}
            skeletonRows={props.skeletonRows ?? Math.min(state?.limit ?? 8, 8)}
            error={query.error}
            onRetry={() => query.refetch()}
            emptyText={props.emptyText ?? t("table.noRecords")}
            search={search}
            onClearSearch={state ? () => state.setSearch("") : noop}
          />
        </Table>
      </ScrollFrame>
      {state && <DataTablePaging state={state} query={query} pageSizes={pageSizes} countLabel={countLabel} />}
    </Paper>
  );
}
