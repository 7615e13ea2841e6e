import { useMemo } from "react";
import type { TableSelection } from "./selection";
import type { RowId } from "./types";

/**
 * A table's selection prop. Ids: the ticked rows of the visible page (they drop out when the page changes). Model:
 * a TableSelection that spans pages (ticks persist across pages and page sizes until cleared or the search
 * changes; see useTableSelection), and with `allMatching` can also stand for every row the query matches, less
 * exceptions.
 */
export type DataTableSelection<K extends RowId> =
  | { selected: readonly K[]; onChange: (ids: K[]) => void }
  | { value: TableSelection<K>; onChange: (selection: TableSelection<K>) => void; allMatching?: boolean };

export interface NormalizedSelection<K extends RowId> {
  value: TableSelection<K>;
  set: (selection: TableSelection<K>) => void;
  allMatching: boolean;
  /** The model form: ticks on other pages stay (selectionForRows). */
  spansPages: boolean;
}

/** Both selection props as one model, so the table has a single code path. */
export function useNormalizedSelection<K extends RowId>(selection: DataTableSelection<K> | undefined): NormalizedSelection<K> | undefined {
  const ids = selection && "selected" in selection ? selection.selected : undefined;
  const model = selection && "value" in selection ? selection.value : undefined;
  const onChange = selection?.onChange;
  const allMatching = !!(selection && "value" in selection && selection.allMatching);
  // The ids array keeps its identity between renders, so the model does too (effects depend on it).
  const value = useMemo(() => model ?? (ids ? { all: false, ids } : undefined), [model, ids]);
  return useMemo(() => {
    if (!value || !onChange) return undefined;
    const set = (next: TableSelection<K>) => {
      if (ids !== undefined) (onChange as (ids: K[]) => void)([...next.ids]);
      else (onChange as (s: TableSelection<K>) => void)(next);
    };
    return { value, set, allMatching, spansPages: ids === undefined };
  }, [value, onChange, ids, allMatching]);
}
