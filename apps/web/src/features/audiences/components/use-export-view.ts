import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useSearchParams } from "react-router";
import { readCursorParams, toCursorRequest } from "../../../components/data-table/cursor-url-state";
import { formatSort } from "../../../components/data-table/table-url-state";
import { useT } from "../../../lib/i18n";
import { leadTableQuery } from "../../leads/api/leads.api";
import { leadColumns } from "../../leads/components/lead-columns";
import { LEAD_PAGE_SIZES } from "../../leads/components/leads-table";
import { readStatusFilter } from "../../leads/model/status-filter";
import { readStoredColumns, SEGMENT_LEADS_COLUMNS_KEY, visibleAttributeIds } from "../model/export-columns";

export interface ExportView {
  attributes: number[];
  search?: string;
  order?: string;
  status?: number;
}

/**
 * What 'Export as CSV' writes (spec §7): the visible attribute columns of the segment's leads table, and on its
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
    const sp = onLeadsTab ? searchParams : new URLSearchParams();
    const params = readCursorParams(sp, { limit: 50, limits: LEAD_PAGE_SIZES });
    // The request exactly as useLeadsTable makes it, so the table's cached answer is the one read.
    const status = readStatusFilter(sp);
    const request = status === undefined ? toCursorRequest(params) : { ...toCursorRequest(params), status };
    const page = await qc.ensureQueryData(leadTableQuery({ segmentId }, request));
    const columns = leadColumns(t, page.attributes, () => "");
    const search = params.search.trim();
    return {
      attributes: visibleAttributeIds(columns, readStoredColumns(SEGMENT_LEADS_COLUMNS_KEY)),
      ...(search ? { search } : {}),
      ...(params.sort ? { order: formatSort(params.sort) } : {}),
      ...(status !== undefined ? { status } : {}),
    };
  };
}
