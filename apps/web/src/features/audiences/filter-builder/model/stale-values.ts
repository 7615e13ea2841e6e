import { CampaignMessageStatuses, FilterGroups, type SegmentFilter, type SegmentFilters } from "@leadflow/contracts";
import { rowDef } from "./filter-values";

/**
 * The ids that exist now, per kind. A kind is only present when its whole set is known: a list cut at a page
 * limit, or an endpoint that did not answer, must not look like "deleted".
 */
export interface KnownIds {
  source?: ReadonlySet<number>;
  list?: ReadonlySet<number>;
  campaign?: ReadonlySet<number>;
  attribute?: ReadonlySet<number>;
}

const STATUSES: readonly string[] = CampaignMessageStatuses;

/** One row without the choices that are no longer offered; the same object when nothing went. */
export function pruneRow(group: (typeof FilterGroups)[number], row: SegmentFilter, known: KnownIds): SegmentFilter {
  if (group === "attributes") {
    // The attribute itself was deleted: the row goes back to "choose a field" (and is dropped on Apply).
    const gone = row.attribute_id !== undefined && known.attribute && !known.attribute.has(row.attribute_id);
    return gone ? { expression: "", values: [] } : row;
  }
  const def = rowDef(group, row);
  let keep: ((v: string | number) => boolean) | undefined;
  const ids = def?.ref ? known[def.ref] : undefined;
  if (def?.values === "ids" && ids) keep = (v) => ids.has(Number(v));
  else if (def?.values === "options" && def.options?.length) {
    const options = def.options;
    // Loosely: a saved tree may carry a status as "1" where the option is 1.
    keep = (v) => options.some((o) => String(o.value) === String(v));
  }
  const values = keep ? row.values.filter(keep) : row.values;
  const statuses = row.statuses?.filter((s) => STATUSES.includes(s));
  const statusesChanged = statuses !== undefined && statuses.length !== row.statuses?.length;
  if (values.length === row.values.length && !statusesChanged) return row;
  return { ...row, values, ...(statusesChanged ? { statuses } : {}) };
}

/**
 * Selected multi-select values no longer among the options are removed (a deleted list, source,
 * campaign or attribute). Answers the same tree when nothing is stale, so a caller can compare by identity.
 */
export function pruneStaleValues(tree: SegmentFilters, known: KnownIds): SegmentFilters {
  let changed = false;
  const next: SegmentFilters = { ...tree };
  for (const group of FilterGroups) {
    next[group] = tree[group].map((row) => {
      const pruned = pruneRow(group, row, known);
      if (pruned !== row) changed = true;
      return pruned;
    });
  }
  return changed ? next : tree;
}
