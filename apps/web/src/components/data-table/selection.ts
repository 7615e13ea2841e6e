import type { RowId } from "./types";

export function toggleRow<K extends RowId>(selected: readonly K[], id: K): K[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** The header checkbox: selects the whole page, or clears it when the page is already fully selected. */
export function togglePage<K extends RowId>(selected: readonly K[], pageIds: readonly K[]): K[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  if (all) return selected.filter((id) => !pageIds.includes(id));
  return [...selected, ...pageIds.filter((id) => !selected.includes(id))];
}

export function pageSelectionState<K extends RowId>(selected: readonly K[], pageIds: readonly K[]): "none" | "some" | "all" {
  const count = pageIds.filter((id) => selected.includes(id)).length;
  if (count === 0) return "none";
  return count === pageIds.length ? "all" : "some";
}

/**
 * An id selection of the visible page follows the rows: after paging, searching or deleting, ids no longer shown
 * drop out, so a 'Delete Selection' never touches rows the user cannot see. Returns the same array when nothing
 * changed. (A selection that spans pages does not: see selectionForRows.)
 */
export function pruneSelection<K extends RowId>(selected: readonly K[], pageIds: readonly K[]): readonly K[] {
  const kept = selected.filter((id) => pageIds.includes(id));
  return kept.length === selected.length ? selected : kept;
}

/**
 * A table's selection: the ticked ids, or, after 'Select all N matching', every row the table's query matches
 * except the ids unticked since (`all: true`, `ids` are then the exceptions). In both modes ticking a row flips
 * its membership in `ids`, so one toggle serves both.
 */
export interface TableSelection<K extends RowId> {
  all: boolean;
  ids: readonly K[];
}

export const noSelection: TableSelection<never> = Object.freeze({ all: false, ids: Object.freeze([]) as readonly never[] });

export function isRowSelected<K extends RowId>(sel: TableSelection<K>, id: K): boolean {
  return sel.all !== sel.ids.includes(id);
}

export function toggleSelectedRow<K extends RowId>(sel: TableSelection<K>, id: K): TableSelection<K> {
  return { all: sel.all, ids: toggleRow(sel.ids, id) };
}

/** The header checkbox in either mode: ticks the whole page, or unticks it when every row on it is ticked. */
export function toggleSelectedPage<K extends RowId>(sel: TableSelection<K>, pageIds: readonly K[]): TableSelection<K> {
  if (!sel.all) return { all: false, ids: togglePage(sel.ids, pageIds) };
  const pageFullySelected = pageIds.every((id) => !sel.ids.includes(id));
  return pageFullySelected
    ? { all: true, ids: [...sel.ids, ...pageIds] }
    : { all: true, ids: sel.ids.filter((id) => !pageIds.includes(id)) };
}

export function selectionPageState<K extends RowId>(sel: TableSelection<K>, pageIds: readonly K[]): "none" | "some" | "all" {
  const count = pageIds.filter((id) => isRowSelected(sel, id)).length;
  if (count === 0) return "none";
  return count === pageIds.length ? "all" : "some";
}

/** How many rows the selection stands for; `total` is the table's match count (only 'all' mode needs it). */
export function selectionCount<K extends RowId>(sel: TableSelection<K>, total: number | undefined): number {
  if (!sel.all) return sel.ids.length;
  return Math.max(0, (total ?? 0) - sel.ids.length);
}

/**
 * 'Select all N matching' is offered once the whole page is ticked and more rows match than are ticked (on this
 * page and, for a selection that spans pages, on others).
 */
export function canSelectAllMatching<K extends RowId>(sel: TableSelection<K>, pageIds: readonly K[], total: number | undefined): boolean {
  return (
    !sel.all && pageIds.length > 0 && selectionPageState(sel, pageIds) === "all" && (total ?? 0) > Math.max(pageIds.length, sel.ids.length)
  );
}

/** Id selections follow the visible rows (see pruneSelection); an 'all matching' selection spans every page. */
export function pruneTableSelection<K extends RowId>(sel: TableSelection<K>, pageIds: readonly K[]): TableSelection<K> {
  if (sel.all) return sel;
  const ids = pruneSelection(sel.ids, pageIds);
  return ids === sel.ids ? sel : { all: false, ids };
}

/**
 * The selection once the rows on screen changed (another page, another page size, a refetch). One that spans
 * pages keeps every tick — the user ticks a few rows here and a few on the next page, and 'N selected' and the
 * bulk actions take them all — until its owner clears it or its query changes (see useTableSelection). One of
 * the visible page is pruned to it.
 */
export function selectionForRows<K extends RowId>(sel: TableSelection<K>, pageIds: readonly K[], spansPages: boolean): TableSelection<K> {
  return spansPages ? sel : pruneTableSelection(sel, pageIds);
}

/** A spanning selection with the query it was made in (search, filters: not the page or its size). */
export interface ScopedSelection<K extends RowId> {
  scope: string;
  selection: TableSelection<K>;
}

/** The held selection if it was made in this query; another query's ticks do not carry over. */
export function selectionInScope<K extends RowId>(held: ScopedSelection<K>, scope: string): TableSelection<K> {
  return held.scope === scope ? held.selection : noSelection;
}
