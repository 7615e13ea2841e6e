import type {
  Balance,
  BulkLookupStatus,
  LookupFreshness,
  LookupJob,
  LookupJobPage,
  MessageResponse,
  RelookupLead,
  SaveLookup,
  SetLookupStatus,
  StartedLookups,
  StartLeadsLookup,
  StartScopeLookup,
} from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { isLookupRunning } from "../model/lookup-status";
import { type RunLookupScope, RunLookupScopes } from "../model/run-lookup";

export interface LookupsParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

/** The progress items' filter: one source's or one list's running, paused and just-finished lookups (or all of them). */
export interface ActiveScope {
  source_id?: number;
  list_id?: number;
}

/**
 * Everything under "lookups": the table, the progress items, single jobs, the balance and the freshness settings.
 * Starting or changing a lookup moves the balance too, so one prefix refreshes them together.
 */
export const lookupKeys = {
  all: ["lookups"] as const,
  pages: () => [...lookupKeys.all, "page"] as const,
  page: (params: LookupsParams) => [...lookupKeys.pages(), params] as const,
  actives: () => [...lookupKeys.all, "active"] as const,
  active: (scope: ActiveScope) => [...lookupKeys.actives(), scope] as const,
  detail: (id: number) => [...lookupKeys.all, "detail", id] as const,
  balance: () => [...lookupKeys.all, "balance"] as const,
  freshness: () => [...lookupKeys.all, "freshness"] as const,
};

/** Without live events (the channel down) a running lookup is looked at this often. */
const RUNNING_POLL_MS = 10_000;
/** Finished lookups leave the progress items a minute after (the server's window): look again then. */
const FINISHED_POLL_MS = 30_000;

export const lookupsQuery = (params: LookupsParams) =>
  queryOptions({
    queryKey: lookupKeys.page(params),
    queryFn: ({ signal }) => api.get<LookupJobPage>("/lookup", { ...params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((j) => isLookupRunning(j.status)) ? RUNNING_POLL_MS : false),
  });

/** The progress items: GET /lookup?active=1, for a source, a list or the whole team (the sources table). */
export const activeLookupsQuery = (scope: ActiveScope = {}) =>
  queryOptions({
    queryKey: lookupKeys.active(scope),
    queryFn: ({ signal }) => api.get<LookupJobPage>("/lookup", { ...scope, active: 1, limit: 100 }, { signal }),
    refetchInterval: (q) => {
      const jobs = q.state.data?.data ?? [];
      if (jobs.some((j) => isLookupRunning(j.status))) return RUNNING_POLL_MS;
      return jobs.length > 0 ? FINISHED_POLL_MS : false;
    },
  });

export const lookupQuery = (id: number) =>
  queryOptions({
    queryKey: lookupKeys.detail(id),
    queryFn: ({ signal }) => api.get<LookupJob>(`/lookup/${id}`, undefined, { signal }),
  });

export const balanceQuery = () =>
  queryOptions({
    queryKey: lookupKeys.balance(),
    queryFn: ({ signal }) => api.get<Balance>("/balance", undefined, { signal }),
    staleTime: 5_000,
  });

export const freshnessQuery = () =>
  queryOptions({
    queryKey: lookupKeys.freshness(),
    queryFn: ({ signal }) => api.get<LookupFreshness>("/lookup-settings", undefined, { signal }),
  });

interface Saved {
  message: string;
  data: LookupJob;
}

function useInvalidateLookups() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: lookupKeys.all });
}

/** The Lookup list page's form: create (POST /lookup) or edit (PUT /lookup/{id}). */
export function useSaveLookup() {
  const invalidate = useInvalidateLookups();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SaveLookup }) =>
      id ? api.put<Saved>(`/lookup/${id}`, input) : api.post<Saved>("/lookup", input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteLookup() {
  const invalidate = useInvalidateLookups();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`/lookup/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Start (1), pause or stop (2): answers 'Lookup started' or 'Lookup stopped'. */
export function useSetLookupStatus() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLookups();
  return useMutation({
    mutationFn: ({ id, status }: SetLookupStatus & { id: number }) => api.post<Saved>(`/lookup/${id}/status`, { status }),
    onSuccess: (answer) => {
      qc.setQueryData(lookupKeys.detail(answer.data.id), answer.data);
      return invalidate();
    },
  });
}

/** Bulk start (POST /lookup-start: every selected lookup not running, optionally with a type and gateway) or stop. */
export function useBulkLookupStatus() {
  const invalidate = useInvalidateLookups();
  return useMutation({
    mutationFn: ({ action, ...body }: BulkLookupStatus & { action: "start" | "stop" }) =>
      api.post<MessageResponse>(action === "start" ? "/lookup-start" : "/lookup-stop", body),
    onSuccess: () => invalidate(),
  });
}

/** Runs a lookup over a screen's selection: sources, lists, audiences, or (Lookup Management) lookups. */
export function useStartScopeLookup(scope: RunLookupScope) {
  const invalidate = useInvalidateLookups();
  return useMutation({
    mutationFn: (body: StartScopeLookup) => api.post<StartedLookups | MessageResponse>(RunLookupScopes[scope], body),
    onSuccess: () => invalidate(),
  });
}

/** Runs a lookup over the leads table's selection (POST /leads/lookup): one job for all of it. */
export function useStartLeadsLookup() {
  const invalidate = useInvalidateLookups();
  return useMutation({
    mutationFn: (body: StartLeadsLookup) => api.post<Saved>(RunLookupScopes.leads, body),
    onSuccess: () => invalidate(),
  });
}

export function useRelookupLead() {
  const qc = useQueryClient();
  const invalidate = useInvalidateLookups();
  return useMutation({
    mutationFn: ({ leadId, ...body }: RelookupLead & { leadId: number }) => api.post<Saved>(`/leads/${leadId}/relookup`, body),
    onSuccess: (answer) => {
      qc.setQueryData(lookupKeys.detail(answer.data.id), answer.data);
      return invalidate();
    },
  });
}

export function useSaveFreshness() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LookupFreshness) => api.put<{ message: string; data: LookupFreshness }>("/lookup-settings", input),
    onSuccess: (answer) => qc.setQueryData(lookupKeys.freshness(), answer.data),
  });
}
