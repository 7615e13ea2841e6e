import type { QueryClient } from "@tanstack/react-query";
import { readCursorParams, toCursorRequest } from "../../../components/data-table/cursor-url-state";
import type { t as translate } from "../../../lib/i18n";
import { type LeadTableScope, leadTableQuery } from "../api/leads.api";
import { readStatusFilter } from "../model/status-filter";
import { leadColumns } from "./lead-columns";
import { LEAD_PAGE_SIZES } from "./leads-table";

/**
 * What a lead table shows for these URL parameters, without the table on screen: its columns, search, order and
 * status filter. Asked exactly as useLeadsTable asks, so when the table is showing, its cached answer is the one read.
 */
export async function readLeadsTableView(qc: QueryClient, scope: LeadTableScope, sp: URLSearchParams, t: typeof translate) {
  const params = readCursorParams(sp, { limit: 50, limits: LEAD_PAGE_SIZES });
  const status = readStatusFilter(sp);
  const request = status === undefined ? toCursorRequest(params) : { ...toCursorRequest(params), status };
  const page = await qc.ensureQueryData(leadTableQuery(scope, request));
  return { columns: leadColumns(t, page.attributes, () => ""), search: params.search.trim(), sort: params.sort, status };
}
