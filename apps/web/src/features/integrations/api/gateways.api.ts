import type {
  GatewayKind,
  GatewayOptions,
  GatewayPage,
  GatewaySaved,
  MessageResponse,
  SaveGateway,
  TestGatewayDraft,
  TestGatewayResult,
} from "@leadflow/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Spec 2 §7: gateway settings are fetched with limit 10000 (no paging). */
const ALL = 10_000;

export const gatewayKeys = {
  all: ["gateways"] as const,
  list: (kind: GatewayKind) => [...gatewayKeys.all, "list", kind] as const,
  options: (kind: GatewayKind) => [...gatewayKeys.all, "options", kind] as const,
};

export const gatewaysQuery = (kind: GatewayKind) =>
  queryOptions({
    queryKey: gatewayKeys.list(kind),
    queryFn: ({ signal }) => api.get<GatewayPage>("/gateways", { kind, limit: ALL }, { signal }),
  });

/** A kind's gateways as Settings → Integrations lists them, the platform's defaults included. */
export function useGateways(kind: GatewayKind) {
  return useQuery(gatewaysQuery(kind));
}

export const gatewayOptionsQuery = (kind: GatewayKind) =>
  queryOptions({
    queryKey: gatewayKeys.options(kind),
    queryFn: ({ signal }) => api.get<GatewayOptions>("/gateways/options", { kind }, { signal }),
    select: (answer) => answer.data,
  });

/**
 * The gateways a picker offers (spec 2 §5): active ones; for lookup kinds only those that allow lookups. SMS
 * options carry their phone numbers. `data` is the list itself.
 */
export function useGatewayOptions(kind: GatewayKind, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...gatewayOptionsQuery(kind), enabled: opts.enabled ?? true });
}

/** Every change refreshes the tables and the pickers (other features read them under the same root). */
function useInvalidateGateways() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: gatewayKeys.all });
}

/** Create (no id) or update. */
export function useSaveGateway() {
  const invalidate = useInvalidateGateways();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SaveGateway }) =>
      id ? api.put<GatewaySaved>(`/gateways/${id}`, input) : api.post<GatewaySaved>("/gateways", input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteGateway() {
  const invalidate = useInvalidateGateways();
  return useMutation({
    mutationFn: (gateway: { id: number }) => api.delete<MessageResponse>(`/gateways/${gateway.id}`),
    onSuccess: () => invalidate(),
  });
}

/** Test connection of a saved gateway (a table row's action). */
export function useTestGateway() {
  return useMutation({
    mutationFn: (gateway: { id: number }) => api.post<TestGatewayResult>(`/gateways/${gateway.id}/test`),
  });
}

/** Test connection of the dialog's values before saving; an edit sends its id so masked secrets resolve. */
export function useTestGatewayDraft() {
  return useMutation({
    mutationFn: (draft: TestGatewayDraft) => api.post<TestGatewayResult>("/gateways/test", draft),
  });
}
