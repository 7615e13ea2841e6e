import type {
  AnyLeadValue,
  BatchDeleteResponse,
  BatchStatusRequest,
  BatchStatusResponse,
  LeadCampaigns,
  LeadConsent,
  LeadDetail,
  LeadLogPage,
  LeadSelection,
  LeadSources,
  LeadStatus,
  LeadTablePage,
} from "@leadflow/contracts";
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CursorRequestParams } from "../../../components/data-table/cursor-url-state";
import { api, request } from "../../../lib/api-client";

/** A table's scope: one list's leads, one segment's (audience page), one campaign's audience, or every lead of the team. */
export interface LeadTableScope {
  listId?: number;
  segmentId?: number;
  campaignId?: number;
}

const tablePath = (scope: LeadTableScope) =>
  scope.listId
    ? `/lists/${scope.listId}/leads`
    : scope.segmentId
      ? `/segments/${scope.segmentId}/leads`
      : scope.campaignId
        ? `/campaigns/${scope.campaignId}/leads`
        : "/leads";

/** A table's request: its URL's paging, search and sort, and the status filter (ListLeadsQuery). */
export type LeadTableParams = CursorRequestParams & { status?: LeadStatus };

export interface LeadLogParams {
  page: number;
  limit: number;
  clicked?: boolean;
  unsubscribed?: boolean;
}

interface RefPage {
  data: { id: number; name: string; parent_id?: number | null }[];
}

/**
 * Everything under "leads" (imports refresh that root when they finish). A lead's side data sits under its
 * detail key, so refreshing the lead refreshes its locations and log too.
 */
export const leadKeys = {
  all: ["leads"] as const,
  tables: () => [...leadKeys.all, "table"] as const,
  table: (scope: LeadTableScope, params: LeadTableParams) => [...leadKeys.tables(), scope, params] as const,
  detail: (id: number) => [...leadKeys.all, "detail", id] as const,
  sources: (id: number) => [...leadKeys.detail(id), "sources"] as const,
  segments: (id: number) => [...leadKeys.detail(id), "segments"] as const,
  campaigns: (id: number) => [...leadKeys.detail(id), "campaigns"] as const,
  consent: (id: number) => [...leadKeys.detail(id), "consent"] as const,
  logs: (id: number) => [...leadKeys.detail(id), "log"] as const,
  log: (id: number, params: LeadLogParams) => [...leadKeys.logs(id), params] as const,
};

/** Lead changes move the list and source counters (blacklisted, totals): that root is repeated, not imported. */
const SOURCES = ["sources"] as const;

export const leadTableQuery = (scope: LeadTableScope, params: LeadTableParams) =>
  queryOptions({
    queryKey: leadKeys.table(scope, params),
    queryFn: ({ signal }) => api.get<LeadTablePage>(tablePath(scope), { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const leadQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => api.get<LeadDetail>(`/leads/${id}`, undefined, { signal }),
  });

export const leadSourcesQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.sources(id),
    queryFn: ({ signal }) => api.get<LeadSources>(`/leads/${id}/sources`, undefined, { signal }),
  });

export const leadSegmentsQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.segments(id),
    queryFn: ({ signal }) => api.get<RefPage>(`/leads/${id}/segments`, undefined, { signal }),
  });

export const leadCampaignsQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.campaigns(id),
    queryFn: ({ signal }) => api.get<LeadCampaigns>(`/leads/${id}/campaigns`, undefined, { signal }),
  });

/** The Consent block: the lead's consent records, certificate verdicts and phone checks. */
export const leadConsentQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.consent(id),
    queryFn: ({ signal }) => api.get<LeadConsent>(`/leads/${id}/consent`, undefined, { signal }),
  });

export const leadLogQuery = (id: number, params: LeadLogParams) =>
  queryOptions({
    queryKey: leadKeys.log(id, params),
    queryFn: ({ signal }) => api.get<LeadLogPage>(`/leads/${id}/log`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

function refreshTablesAndCounters(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: leadKeys.tables() }), qc.invalidateQueries({ queryKey: SOURCES })]);
}

// ── Bulk actions ─────────────────────────────────────────────────────────────────────────────────────────

export function useBatchStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchStatusRequest) => api.put<BatchStatusResponse>("/leads/batch-status", input),
    onSuccess: () => Promise.all([refreshTablesAndCounters(qc), qc.invalidateQueries({ queryKey: [...leadKeys.all, "detail"] })]),
  });
}

/** DELETE with the selection as a JSON body: an 'all matching' selection does not fit in a query string. */
export function useDeleteLeads() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (selection: LeadSelection) => request<BatchDeleteResponse>("DELETE", "/leads/batch", { body: selection }),
    onSuccess: () => {
      // Lead pages cached from earlier visits may be of deleted leads: forget them rather than show them again.
      qc.removeQueries({ queryKey: [...leadKeys.all, "detail"] });
      return refreshTablesAndCounters(qc);
    },
  });
}

/** Deletes the lead whose page is open: `leave` navigates away first, then its queries are forgotten. */
export function useDeleteLead(leave: (id: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<BatchDeleteResponse>(`/leads/${id}`),
    onSuccess: (_r, id) => {
      leave(id);
      // Removed only once the page is on its way out: it must not refetch into a 404, nor Back show a stale copy.
      qc.removeQueries({ queryKey: leadKeys.detail(id) });
      return refreshTablesAndCounters(qc);
    },
  });
}

// ── The lead page's edits ────────────────────────────────────────────────────────────────────────────────

const VALUE_PATHS = { phone: "lead-phones", email: "lead-emails", string: "lead-values" } as const satisfies Record<
  AnyLeadValue["kind"],
  string
>;

/** Saves one value; the answer is the lead as stored, so the page shows the normalised value at once. */
export function useUpdateLeadValue(leadId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, value }: { target: AnyLeadValue; value: string }) =>
      api.put<{ message: string; data: LeadDetail }>(`/${VALUE_PATHS[target.kind]}/${encodeURIComponent(target.id)}`, { value }),
    onSuccess: (answer) => {
      if (answer?.data) qc.setQueryData(leadKeys.detail(leadId), answer.data);
      void qc.invalidateQueries({ queryKey: leadKeys.logs(leadId) });
      return refreshTablesAndCounters(qc);
    },
  });
}

/** PUT /lead-phones/{id}/status?status=N (1–6) or /lead-emails/{id}/status?status=N (1 or 4). */
export function useSetValueStatus(leadId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, status }: { target: AnyLeadValue; status: number }) =>
      api.put<{ message: string; data: LeadDetail }>(`/${VALUE_PATHS[target.kind]}/${encodeURIComponent(target.id)}/status`, undefined, {
        params: { status },
      }),
    onSuccess: (answer) => {
      if (answer?.data) qc.setQueryData(leadKeys.detail(leadId), answer.data);
      // The log has a new entry; without an answer to show, the whole lead is read again.
      const stale = answer?.data ? leadKeys.logs(leadId) : leadKeys.detail(leadId);
      return Promise.all([qc.invalidateQueries({ queryKey: stale }), refreshTablesAndCounters(qc)]);
    },
  });
}
