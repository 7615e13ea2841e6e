import { type LeadSelection, type LeadStatus, LeadStatuses, LeadStatusLabels, SettableLeadStatuses } from "@leadflow/contracts";
import type { TableSelection } from "../../../components/data-table/selection";

export interface LeadTableQueryScope {
  listId?: number;
  campaignId?: number;
  search?: string;
  status?: LeadStatus;
}

/**
 * The contract's LeadSelection for a table selection: the ticked ids, or 'all matching' the table's query (its list,
 * search and status filter) less the ids unticked since. Null when nothing is selected.
 */
export function toLeadSelection(sel: TableSelection<number>, scope: LeadTableQueryScope): LeadSelection | null {
  if (!sel.all) return sel.ids.length ? { ids: [...sel.ids] } : null;
  const search = scope.search?.trim();
  return {
    all: true,
    ...(scope.listId ? { list_id: scope.listId } : {}),
    ...(scope.campaignId ? { campaign_id: scope.campaignId } : {}),
    ...(search ? { search } : {}),
    ...(scope.status !== undefined ? { filter_status: scope.status } : {}),
    ...(sel.ids.length ? { except: [...sel.ids] } : {}),
  };
}

export type SettableLeadStatus = (typeof SettableLeadStatuses)[number];

/** 'Set status' choices: Imported, Blacklisted, Flagged, less the lead's own status on the lead page. */
export function settableStatuses(current?: number): { status: SettableLeadStatus; label: string }[] {
  return SettableLeadStatuses.filter((s) => s !== current).map((s) => ({ status: s, label: LeadStatusLabels[s] }));
}

const CHIP_COLORS = {
  [LeadStatuses.pending]: "default",
  [LeadStatuses.imported]: "success",
  [LeadStatuses.blacklisted]: "error",
  [LeadStatuses.flagged]: "warning",
  [LeadStatuses.dnc]: "secondary",
} as const satisfies Record<LeadStatus, "default" | "success" | "error" | "warning" | "secondary">;

export function leadStatusColor(status: number): (typeof CHIP_COLORS)[LeadStatus] {
  return CHIP_COLORS[status as LeadStatus] ?? "default";
}
