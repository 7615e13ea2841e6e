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
 * Selection follows the visible rows: after paging, searching or deleting, ids no longer shown drop out, so a
 * 'Delete Selection' never touches rows the user cannot see. Returns the same array when nothing changed.
 */
export function pruneSelection<K extends RowId>(selected: readonly K[], pageIds: readonly K[]): readonly K[] {
  const kept = selected.filter((id) => pageIds.includes(id));
  return kept.length === selected.length ? selected : kept;
}
