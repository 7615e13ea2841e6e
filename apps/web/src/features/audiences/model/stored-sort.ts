import { useCallback, useState } from "react";
import { formatSort, parseSort } from "../../../components/data-table/table-url-state";
import type { SortState } from "../../../components/data-table/types";

/**
 * A stored sort (`key,direction`) when it names one of `keys`, else the fallback: a key the table no longer has
 * must not reach the server.
 */
export function readStoredSort(raw: string | null, keys: readonly string[], fallback: SortState): SortState {
  const sort = parseSort(raw);
  return sort && keys.includes(sort.key) ? sort : fallback;
}

function read(storageKey: string): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function write(storageKey: string, sort: SortState) {
  try {
    localStorage.setItem(storageKey, formatSort(sort) ?? "");
  } catch {
    /* private mode or quota: the choice lasts for this page view only */
  }
}

/**
 * The sort a table opens with, remembered in localStorage (audiences by created_at descending, saved). The
 * URL still wins for the page on screen; `save` records a header click so the next visit opens the same way.
 */
export function useStoredSort(storageKey: string, keys: readonly string[], fallback: SortState) {
  const [sort, setSort] = useState(() => readStoredSort(read(storageKey), keys, fallback));
  const save = useCallback(
    (next: SortState | null) => {
      if (!next) return;
      write(storageKey, next);
      setSort(next);
    },
    [storageKey],
  );
  return { sort, save };
}
