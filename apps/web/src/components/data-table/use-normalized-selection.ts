import { useMemo } from "react";
import type { TableSelection } from "./selection";
import type { RowId } from "./types";

/**
 * A table's selection prop. Ids: the ticked rows of the visible page. Model: a TableSelection, which with
 * `allMatching` can also stand for every row the query matches, less exceptions.
 */
export type DataTableSelection<K extends RowId> =
  | { selected: readonly K[]; onChange: (ids: K[]) => void }
  | { value: TableSelection<K>; onChange: (selection: TableSelection<K>) => void; allMatching?: boolean };

export interface NormalizedSelection<K extends RowId> {
  value: TableSelection<K>;
  set: (selection: TableSelection<K>) => void;
  allMatching: boolean;
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
    return { value, set, allMatching };
  }, [value, onChange, ids, allMatching]);
}
