import { type FilterGroup, FilterGroups, filterRowProblems, type SegmentFilter, type SegmentFilters } from "@leadflow/contracts";
import { touchesDates } from "./filter-values";

/** Where a row sits in the tree; the builder remembers the last changed one for the Apply rule. */
export interface RowRef {
  group: FilterGroup;
  index: number;
}

export const isRowComplete = (group: FilterGroup, row: SegmentFilter): boolean => Object.keys(filterRowProblems(group, row)).length === 0;

/** The tree minus its incomplete rows: what Apply sends (incomplete filters are dropped on Apply). */
export function completeFilters(tree: SegmentFilters): SegmentFilters {
  const next: SegmentFilters = { ...tree };
  for (const group of FilterGroups) next[group] = tree[group].filter((row) => isRowComplete(group, row));
  return next;
}

/** Every "Add" button waits for this: a new row may only start once all the others are complete. */
export const allRowsComplete = (tree: SegmentFilters): boolean =>
  FilterGroups.every((group) => tree[group].every((row) => isRowComplete(group, row)));

/**
 * Apply is disabled while the last changed row is incomplete; other incomplete rows do not block it (they are
 * dropped). No last change, or a last changed row that is gone, blocks nothing.
 */
export function canApply(tree: SegmentFilters, last: RowRef | null): boolean {
  const row = last ? tree[last.group][last.index] : undefined;
  return !last || !row || isRowComplete(last.group, row);
}

/**
 * A blank row of a group. Campaign rows have one field, and their period starts at All time (no period is not
 * a choice a person means), so only the engagement is left to pick.
 */
export function blankRow(group: FilterGroup): SegmentFilter {
  return group === "campaigns"
    ? { field: "campaign", expression: "", values: [], period: "all_time", statuses: [] }
    : { expression: "", values: [] };
}

export function addRow(tree: SegmentFilters, group: FilterGroup): { tree: SegmentFilters; ref: RowRef } {
  return { tree: { ...tree, [group]: [...tree[group], blankRow(group)] }, ref: { group, index: tree[group].length } };
}

export function removeRow(tree: SegmentFilters, ref: RowRef): SegmentFilters {
  return { ...tree, [ref.group]: tree[ref.group].filter((_row, i) => i !== ref.index) };
}

/** The last changed row after `removed` went: gone if it was that row, one up if it came after it in the group. */
export function refAfterRemoval(last: RowRef | null, removed: RowRef): RowRef | null {
  if (!last || last.group !== removed.group || last.index < removed.index) return last;
  return last.index === removed.index ? null : { group: last.group, index: last.index - 1 };
}

/** Replaces a row; a row about dates stamps the browser's zone on the tree, so the server reads days as the user does. */
export function replaceRow(tree: SegmentFilters, ref: RowRef, row: SegmentFilter, timeZone?: string): SegmentFilters {
  const next: SegmentFilters = { ...tree, [ref.group]: tree[ref.group].map((r, i) => (i === ref.index ? row : r)) };
  const zone = touchesDates(ref.group, row) ? (timeZone ?? browserTimeZone()) : undefined;
  if (zone) next.timezone = zone;
  return next;
}

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const matchOf = (tree: SegmentFilters, group: FilterGroup) => tree.match?.[group] ?? "all";

/** The data fields one row may hold at a time (Source and List options are disabled once used). */
export const SingleUseDataFields: readonly string[] = ["source", "list"];

/** The single-use data fields taken by rows other than `index`: that row's select offers them disabled. */
export function takenDataFields(rows: readonly SegmentFilter[], index: number): Set<string> {
  return new Set(rows.flatMap((row, i) => (i !== index && row.field && SingleUseDataFields.includes(row.field) ? [row.field] : [])));
}

/** The server's 422 messages for one row (`group.index.part`, or `group.index` alone). */
export function rowErrors(errors: Record<string, string[]> | undefined, ref: RowRef): string[] {
  if (!errors) return [];
  const key = `${ref.group}.${ref.index}`;
  return Object.entries(errors).flatMap(([k, messages]) => (k === key || k.startsWith(`${key}.`) ? messages : []));
}
