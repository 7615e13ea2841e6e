import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useSearchParams } from "react-router";
import { formatSort } from "../../../components/data-table/table-url-state";
import { useT } from "../../../lib/i18n";
import { readLeadsTableView } from "../../leads";
import { readStoredColumns, SEGMENT_LEADS_COLUMNS_KEY, visibleAttributeIds } from "../model/export-columns";

export interface ExportView {
  attributes: number[];
  search?: string;
  order?: string;
  status?: number;
}

/**
 * What 'Export as CSV' writes: the visible attribute columns of the segment's leads table, and on its
 * Leads tab that table's search, status filter and order. Read when the export opens: the table's attributes come with its
 * answer (cached when the tab is on screen, else its first page is asked for).
 */
export function useExportView(segmentId: number): () => Promise<ExportView> {
  const t = useT();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onLeadsTab = /\/leads\/?$/.test(pathname);

  return async () => {
    const { columns, search, sort, status } = await readLeadsTableView(
      qc,
      { segmentId },
      onLeadsTab ? searchParams : new URLSearchParams(),
      t,
    );
    return {
      attributes: visibleAttributeIds(columns, readStoredColumns(SEGMENT_LEADS_COLUMNS_KEY)),
      ...(search ? { search } : {}),
      ...(sort ? { order: formatSort(sort) } : {}),
      ...(status !== undefined ? { status } : {}),
    };
  };
}
