import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import {
  type CursorDefaults,
  type CursorParams,
  type CursorRequestParams,
  readCursorParams,
  toCursorRequest,
  writeCursorParams,
} from "./cursor-url-state";
import type { CursorTableState, SortState } from "./types";

export interface CursorUrlState extends CursorTableState {
  /** Ready for a keyset endpoint: `{ limit, cursor?, search?, sort? }`. */
  request: CursorRequestParams;
}

/**
 * Cursor, limit, search and sort of one keyset table, kept in the URL like useTableUrlState keeps pages: a
 * reload or Back shows the same rows. Search, limit and sort changes go back to the first page.
 */
export function useCursorUrlState(defaults: CursorDefaults): CursorUrlState {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;

  const params = readCursorParams(searchParams, defaults);

  const update = useCallback(
    (change: (p: CursorParams) => CursorParams, replace = false) => {
      setSearchParams(
        (prev) => {
          const d = defaultsRef.current;
          return writeCursorParams(prev, change(readCursorParams(prev, d)), d);
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const setCursor = useCallback(
    (cursor: string | null, opts?: { replace?: boolean }) => update((p) => ({ ...p, cursor }), opts?.replace),
    [update],
  );
  const setLimit = useCallback((limit: number) => update((p) => ({ ...p, limit, cursor: null })), [update]);
  const setSearch = useCallback((search: string) => update((p) => ({ ...p, search, cursor: null }), true), [update]);
  const setSort = useCallback((sort: SortState | null) => update((p) => ({ ...p, sort, cursor: null })), [update]);

  const { cursor, limit, search, sort } = params;
  const sortKey = sort ? `${sort.key},${sort.direction}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: sortKey stands for the sort object's content
  return useMemo(
    () => ({
      cursor,
      limit,
      search,
      sort,
      setCursor,
      setLimit,
      setSearch,
      setSort,
      request: toCursorRequest({ cursor, limit, search, sort }),
    }),
    [cursor, limit, search, sortKey, setCursor, setLimit, setSearch, setSort],
  );
}
