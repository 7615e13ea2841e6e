import { useCallback, useMemo, useState } from "react";
import type { DataTableColumn } from "./types";

/** What hiding a column needs to know of it. */
type HideableColumn = Pick<DataTableColumn<unknown>, "key" | "hideable" | "defaultHidden">;

/** Stored preference → every stored key; null when nothing usable is stored (then defaults apply). */
export function parseStoredColumns(raw: string | null): string[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return value.filter((k): k is string => typeof k === "string");
  } catch {
    return null;
  }
}

/** The columns hidden now: stored keys of columns on screen that may be hidden (never Phone or Email). */
export function hiddenAmong(keys: readonly string[], hideableKeys: readonly string[]): Set<string> {
  return new Set(keys.filter((k) => hideableKeys.includes(k)));
}

export function defaultHiddenColumns(columns: readonly HideableColumn[]): string[] {
  return columns.filter((c) => c.hideable !== false && c.defaultHidden).map((c) => c.key);
}

/** Columns a person may hide; the others (Phone, Email) always show. */
export function hideableColumnKeys(columns: readonly HideableColumn[]): string[] {
  return columns.filter((c) => c.hideable !== false).map((c) => c.key);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode or quota: the choice lasts for this page view only */
  }
}

export interface HiddenColumns {
  hidden: ReadonlySet<string>;
  toggle: (key: string) => void;
  reset: () => void;
}

/**
 * Hidden columns of one table, remembered in localStorage under `storageKey` when one is given. Stored keys of
 * columns not shown now are kept: a lead table's attribute columns arrive with its rows, and another list's
 * attributes differ, yet a column hidden once stays hidden wherever it appears.
 */
export function useHiddenColumns(storageKey: string | undefined, columns: readonly HideableColumn[]): HiddenColumns {
  const hideable = hideableColumnKeys(columns);
  const defaults = defaultHiddenColumns(columns);
  const [keys, setKeys] = useState<string[]>(() => (storageKey && parseStoredColumns(read(storageKey))) || defaults);

  const toggle = useCallback(
    (key: string) => {
      setKeys((prev) => {
        const next = prev.includes(key) ? prev.filter((k) => k !== key) : [...prev, key];
        if (storageKey) write(storageKey, JSON.stringify(next));
        return next;
      });
    },
    [storageKey],
  );

  const defaultsSignature = defaults.join("|");
  const reset = useCallback(() => {
    if (storageKey) write(storageKey, null);
    setKeys(defaultsSignature ? defaultsSignature.split("|") : []);
  }, [storageKey, defaultsSignature]);

  const hideableSignature = hideable.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signatures stand for the arrays' content
  const hidden = useMemo(() => hiddenAmong(keys, hideable), [keys, hideableSignature]);
  return { hidden, toggle, reset };
}
