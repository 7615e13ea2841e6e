import type { LeadRow } from "@leadflow/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { DataTable } from "../../../components/data-table/data-table";
import { noSelection, selectionCount } from "../../../components/data-table/selection";
import { useCursorUrlState } from "../../../components/data-table/use-cursor-url-state";
import { useTableSelection } from "../../../components/data-table/use-table-selection";
import { tn, useT } from "../../../lib/i18n";
import { type LeadTableScope, leadTableQuery } from "../api/leads.api";
import { toLeadSelection } from "../model/lead-selection";
import { selectionScope } from "../model/status-filter";
import { leadColumns } from "./lead-columns";
import { LeadStatusFilter, useLeadStatusFilter } from "./lead-status-filter";

/** Lead tables show 50 rows by default (docs/product/accounts-sources-leads.md). */
export const LEAD_PAGE_SIZES = [15, 50, 100] as const;

/**
 * A lead table's state, owned by its page: the URL's paging, search and status filter, the query, and the
 * selection. Ticked leads stay ticked across pages and page sizes; a new search or filter starts a new selection.
 */
export function useLeadsTable(scope: LeadTableScope, enabled = true) {
  const table = useCursorUrlState({ limit: 50, limits: LEAD_PAGE_SIZES });
  const { status, setStatus } = useLeadStatusFilter();
  const request = useMemo(() => (status === undefined ? table.request : { ...table.request, status }), [table.request, status]);
  const query = useQuery({ ...leadTableQuery(scope, request), enabled });
  const [selection, setSelection] = useTableSelection<number>(selectionScope({ search: table.search, status }));
  const total = query.data?.meta.total;
  return {
    table,
    query,
    status,
    setStatus,
    selection,
    setSelection,
    selectedCount: selectionCount(selection, total),
    leadSelection: toLeadSelection(selection, { listId: scope.listId, campaignId: scope.campaignId, search: table.search, status }),
    clearSelection: () => setSelection(noSelection),
  };
}

export type LeadsTableState = ReturnType<typeof useLeadsTable>;

export interface LeadsTableProps {
  state: LeadsTableState;
  /** The lead page's path for a row, in the page's context (the list's, or the leads page's). */
  href: (row: LeadRow) => string;
  /** Hidden columns are remembered per kind of table (a list's leads, all leads). */
  storageKey: string;
  /** Off where the page has no bulk action for the ticked leads (a segment's table). */
  selectable?: boolean;
  /** Rows and the ID link open the lead in a new window (from a campaign's Leads tab). */
  newWindow?: boolean;
  "aria-label": string;
}

export function LeadsTable({ state, href, storageKey, selectable = true, newWindow = false, ...rest }: LeadsTableProps) {
  const t = useT();
  // The attribute columns arrive with the rows; the table binds columns per render, so nothing is memoised.
  const columns = leadColumns(t, state.query.data?.attributes ?? [], href, newWindow);
  return (
    <DataTable<LeadRow>
      aria-label={rest["aria-label"]}
      columns={columns}
      query={state.query}
      state={state.table}
      pageSizes={LEAD_PAGE_SIZES}
      selection={selectable ? { value: state.selection, onChange: state.setSelection, allMatching: true } : undefined}
      rowHref={href}
      rowNewWindow={newWindow}
      dense
      columnsStorageKey={storageKey}
      countLabel={(n) => tn("leads.count", n, { count: n.toLocaleString("en-US") })}
      emptyText={t("leads.empty")}
      searchPlaceholder={t("leads.searchPlaceholder")}
      toolbarActions={<LeadStatusFilter value={state.status} onChange={state.setStatus} />}
    />
  );
}
