import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import {
  type ListRequestParams,
  readTableParams,
  type TableDefaults,
  type TableParams,
  toRequestParams,
  writeTableParams,
} from "./table-url-state";
import type { SortState, TableState } from "./types";

export interface TableUrlState extends TableState {
  /** Ready for the list endpoint: `{ page, limit, search?, sort? }`. */
  request: ListRequestParams;
}

/**
 * Page, limit, search and sort of one table, kept in the URL so a reload, a shared link or Back shows the
 * same rows. Search, limit and sort changes go back to page 1.
 */
export function useTableUrlState(defaults: TableDefaults): TableUrlState {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;

  const params = readTableParams(searchParams, defaults);

  const update = useCallback(
    (change: (p: TableParams) => TableParams, replace = false) => {
      setSearchParams(
        (prev) => {
          const d = defaultsRef.current;
          return writeTableParams(prev, change(readTableParams(prev, d)), d);
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback((page: number, opts?: { replace?: boolean }) => update((p) => ({ ...p, page }), opts?.replace), [update]);
  const setLimit = useCallback((limit: number) => update((p) => ({ ...p, limit, page: 1 })), [update]);
  // Typing replaces the history entry: Back should leave the page, not undo keystrokes.
  const setSearch = useCallback((search: string) => update((p) => ({ ...p, search, page: 1 }), true), [update]);
  const setSort = useCallback((sort: SortState | null) => update((p) => ({ ...p, sort, page: 1 })), [update]);

  const { page, limit, search, sort } = params;
  const sortKey = sort ? `${sort.key},${sort.direction}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: sortKey stands for the sort object's content
  return useMemo(
    () => ({ page, limit, search, sort, setPage, setLimit, setSearch, setSort, request: toRequestParams({ page, limit, search, sort }) }),
    [page, limit, search, sortKey, setPage, setLimit, setSearch, setSort],
  );
}
