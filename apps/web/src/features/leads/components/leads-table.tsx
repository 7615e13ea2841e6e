import type { LeadRow } from "@leadflow/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { DataTable } from "../../../components/data-table/data-table";
import { noSelection, selectionCount, type TableSelection } from "../../../components/data-table/selection";
import { useCursorUrlState } from "../../../components/data-table/use-cursor-url-state";
import { tn, useT } from "../../../lib/i18n";
import { type LeadTableScope, leadTableQuery } from "../api/leads.api";
import { toLeadSelection } from "../model/lead-selection";
import { leadColumns } from "./lead-columns";

/** Spec §9: lead tables show 50 rows by default. */
export const LEAD_PAGE_SIZES = [15, 50, 100] as const;

/** A lead table's state, owned by its page: the URL's paging and search, the query, and the selection. */
export function useLeadsTable(scope: LeadTableScope, enabled = true) {
  const table = useCursorUrlState({ limit: 50, limits: LEAD_PAGE_SIZES });
  const query = useQuery({ ...leadTableQuery(scope, table.request), enabled });
  const [selection, setSelection] = useState<TableSelection<number>>(noSelection);
  const total = query.data?.meta.total;
  return {
    table,
    query,
    selection,
    setSelection,
    selectedCount: selectionCount(selection, total),
    leadSelection: toLeadSelection(selection, { listId: scope.listId, search: table.search }),
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
  "aria-label": string;
}

export function LeadsTable({ state, href, storageKey, ...rest }: LeadsTableProps) {
  const t = useT();
  const attributes = state.query.data?.attributes;
  const signature = attributes?.map((a) => `${a.id}:${a.name}:${a.type}:${a.is_system}`).join("|") ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the attributes; href follows the account path
  const columns = useMemo(() => leadColumns(t, attributes ?? [], href), [t, signature, href]);
  return (
    <DataTable<LeadRow>
      aria-label={rest["aria-label"]}
      columns={columns}
      query={state.query}
      state={state.table}
      pageSizes={LEAD_PAGE_SIZES}
      selection={{ value: state.selection, onChange: state.setSelection, allMatching: true }}
      rowHref={href}
      dense
      columnsStorageKey={storageKey}
      countLabel={(n) => tn("leads.count", n, { count: n.toLocaleString("en-US") })}
      emptyText={t("leads.empty")}
      searchPlaceholder={t("leads.searchPlaceholder")}
    />
  );
}
