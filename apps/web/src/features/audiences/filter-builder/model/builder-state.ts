import type { FilterGroup, GroupMatch, SegmentFilter, SegmentFilters } from "@leadflow/contracts";
import { assertNever } from "@leadflow/contracts";
import { addRow, allRowsComplete, canApply, completeFilters, type RowRef, refAfterRemoval, removeRow, replaceRow } from "./filter-tree";

/** The builder between renders: the draft tree (the caller's) and the row the person changed last (its own). */
export interface BuilderState {
  tree: SegmentFilters;
  last: RowRef | null;
}

export type BuilderAction =
  | { type: "add"; group: FilterGroup }
  | { type: "edit"; ref: RowRef; row: SegmentFilter }
  | { type: "remove"; ref: RowRef }
  | { type: "match"; group: FilterGroup; match: GroupMatch }
  | { type: "apply" };

/**
 * What one action does. A new row counts as the last changed (it is what the person works on next); a match
 * toggle changes no row; Apply drops the incomplete rows and so leaves nothing pending.
 */
export function reduceBuilder(state: BuilderState, action: BuilderAction, timeZone?: string): BuilderState {
  switch (action.type) {
    case "add": {
      const { tree, ref } = addRow(state.tree, action.group);
      return { tree, last: ref };
    }
    case "edit":
      return { tree: replaceRow(state.tree, action.ref, action.row, timeZone), last: action.ref };
    case "remove":
      return { tree: removeRow(state.tree, action.ref), last: refAfterRemoval(state.last, action.ref) };
    case "match":
      return { ...state, tree: { ...state.tree, match: { ...state.tree.match, [action.group]: action.match } } };
    case "apply":
      return { tree: completeFilters(state.tree), last: null };
    default:
      return assertNever(action);
  }
}

/** Apply is disabled while the last changed row is incomplete (docs/product/audiences-lookups-settings.md). */
export const applyBlocked = (state: BuilderState): boolean => !canApply(state.tree, state.last);
/** Every Add is disabled unless all rows are complete (docs/product/audiences-lookups-settings.md). */
export const addBlocked = (state: BuilderState): boolean => !allRowsComplete(state.tree);
