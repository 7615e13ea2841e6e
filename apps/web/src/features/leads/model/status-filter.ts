import { type LeadStatus, LeadStatuses, LeadStatusLabels } from "@leadflow/contracts";

/**
 * A lead table's status filter, kept in the URL next to its search (`status=2`), so a reload, Back or a shared
 * link shows the same rows. No param: every status.
 */
export const STATUS_PARAM = "status";

const STATUSES = Object.values(LeadStatuses) as LeadStatus[];

/** The filter's choices after 'All': Pending, Imported, Blacklisted, Flagged, DNC. */
export const statusFilterOptions: readonly { status: LeadStatus; label: string }[] = STATUSES.map((status) => ({
  status,
  label: LeadStatusLabels[status],
}));

/** The URL's status; anything that is not a lead status (edited by hand, an old link) is no filter. */
export function readStatusFilter(sp: URLSearchParams): LeadStatus | undefined {
  const raw = sp.get(STATUS_PARAM);
  if (raw === null || !/^\d$/.test(raw)) return undefined;
  const n = Number(raw);
  return (STATUSES as number[]).includes(n) ? (n as LeadStatus) : undefined;
}

/** A copy of `sp` with the filter set (or gone, for All), back on the first page: `cursor` named another query's position. */
export function writeStatusFilter(sp: URLSearchParams, status: LeadStatus | undefined, cursorParam: string): URLSearchParams {
  const out = new URLSearchParams(sp);
  if (status === undefined) out.delete(STATUS_PARAM);
  else out.set(STATUS_PARAM, String(status));
  out.delete(cursorParam);
  return out;
}

/**
 * What a lead table's selection belongs to: its search and its status filter, not its page or page size. Ticks
 * made under another key are not carried over (useTableSelection).
 */
export function selectionScope(q: { search?: string; status?: LeadStatus }): string {
  return JSON.stringify([q.search?.trim() ?? "", q.status ?? null]);
}
