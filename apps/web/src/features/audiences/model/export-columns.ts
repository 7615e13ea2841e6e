import { defaultHiddenColumns, hiddenAmong, hideableColumnKeys, parseStoredColumns } from "../../../components/data-table/hidden-columns";
import type { DataTableColumn } from "../../../components/data-table/types";

/** Where the segment leads table remembers its hidden columns (one key for every segment's table). */
export const SEGMENT_LEADS_COLUMNS_KEY = "leadflow.columns.segment-leads";

const ATTRIBUTE_KEY = /^attr:(\d+)$/;

/**
 * The attribute ids an export writes: the table's attribute columns, in order, less those hidden — read the way the
 * table reads them (stored keys, else the columns' defaults; Phone and Email can never be hidden).
 */
export function visibleAttributeIds<T>(columns: readonly DataTableColumn<T>[], storedRaw: string | null): number[] {
  const hidden = hiddenAmong(parseStoredColumns(storedRaw) ?? defaultHiddenColumns(columns), hideableColumnKeys(columns));
  return columns.flatMap((c) => {
    const m = ATTRIBUTE_KEY.exec(c.key);
    return m && !hidden.has(c.key) ? [Number(m[1])] : [];
  });
}

export function readStoredColumns(storageKey: string): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}
