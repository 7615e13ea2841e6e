import type { Page } from "@leadflow/contracts";
import { useEffect } from "react";
import { isCursorRefused, shouldResetCursor } from "./cursor-url-state";
import { DataTableCursorPagination } from "./data-table-cursor-pagination";
import { DataTablePagination } from "./data-table-pagination";
import { shouldResetPage } from "./table-url-state";
import { type CursorPage, type CursorTableState, isCursorState, type TableState } from "./types";

interface PagingQuery<T> {
  /** An unpaged table's `{ data }` has no `meta`: nothing to page. */
  data: Page<T> | CursorPage<T> | { data: T[]; meta?: undefined } | undefined;
  isPlaceholderData: boolean;
  error: unknown;
}

/**
 * Back to the first page when the current one is gone: a numbered page beyond the last, an empty keyset page past
 * the first, or a cursor the server refuses.
 */
export function useReturnToFirstPage<T>(state: TableState | CursorTableState | undefined, query: PagingQuery<T>): void {
  const settled = !query.isPlaceholderData;
  const meta = query.data?.meta;

  const numbered = state && !isCursorState(state) ? state : undefined;
  const page = numbered?.page;
  const setPage = numbered?.setPage;
  const lastPage = settled && meta && "last_page" in meta ? meta.last_page : undefined;
  useEffect(() => {
    if (page !== undefined && setPage && shouldResetPage(page, lastPage)) setPage(1, { replace: true });
  }, [page, lastPage, setPage]);

  const keyset = state && isCursorState(state) ? state : undefined;
  const cursor = keyset?.cursor ?? null;
  const setCursor = keyset?.setCursor;
  const rowCount = settled ? query.data?.data.length : undefined;
  const refused = !!cursor && isCursorRefused(query.error);
  useEffect(() => {
    if (setCursor && (refused || shouldResetCursor(cursor, rowCount))) setCursor(null, { replace: true });
  }, [cursor, rowCount, refused, setCursor]);
}

export interface DataTablePagingProps<T> {
  state: TableState | CursorTableState;
  query: PagingQuery<T>;
  pageSizes: readonly number[];
  countLabel: (count: number) => string;
}

/** The footer: numbered pages, or first/previous/next for a keyset table; nothing while there is nothing to page. */
export function DataTablePaging<T>({ state, query, pageSizes, countLabel }: DataTablePagingProps<T>) {
  const meta = query.data?.meta;
  if (!meta) return null;
  if (isCursorState(state)) {
    if (!("next_cursor" in meta) || (meta.total === 0 && !state.cursor)) return null;
    return (
      <DataTableCursorPagination
        meta={meta}
        cursor={state.cursor}
        limit={state.limit}
        pageSizes={pageSizes}
        countLabel={countLabel}
        disabled={query.isPlaceholderData}
        onMove={(c) => state.setCursor(c)}
        onLimitChange={state.setLimit}
      />
    );
  }
  if (!("last_page" in meta) || meta.total === 0) return null;
  return (
    <DataTablePagination
      page={state.page}
      limit={state.limit}
      total={meta.total}
      estimate={"total_is_estimate" in meta && meta.total_is_estimate === true}
      pageSizes={pageSizes}
      onPageChange={(p) => state.setPage(p)}
      onLimitChange={state.setLimit}
    />
  );
}
