import type {
  Gateway,
  GatewayKind,
  GatewayOptions,
  GatewayPage,
  GatewaySaved,
  SandboxInboundResult,
  SaveGateway,
  SimulateSandboxInbound,
  TestGatewayDraft,
  TestGatewayResult,
} from "@leadflow/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { crudApi } from "../../../components/crud/crud-api";
import { api } from "../../../lib/api-client";

/** Gateway settings are fetched whole, with limit 10000 (docs/product/audiences-lookups-settings.md). */
const ALL = 10_000;

/** Every change refreshes the tables and the pickers (other features read them under the same root). */
export const gatewaysApi = crudApi<{
  item: Gateway;
  page: GatewayPage;
  create: SaveGateway;
  saved: GatewaySaved;
  params: { kind: GatewayKind; limit: number };
}>({ key: "gateways", path: "/gateways" });

/** A kind's gateways as Settings → Integrations lists them, the platform's defaults included. */
export const gatewaysQuery = (kind: GatewayKind) => gatewaysApi.listQuery({ kind, limit: ALL });

export const gatewayOptionsQuery = (kind: GatewayKind) =>
  queryOptions({
    queryKey: [...gatewaysApi.keys.all, "options", kind] as const,
    queryFn: ({ signal }) => api.get<GatewayOptions>("/gateways/options", { kind }, { signal }),
    select: (answer) => answer.data,
  });

/**
 * The gateways a picker offers: active ones; for lookup kinds only those that allow lookups. SMS
 * options carry their phone numbers. `data` is the list itself.
 */
export function useGatewayOptions(kind: GatewayKind, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...gatewayOptionsQuery(kind), enabled: opts.enabled ?? true });
}

/** Puts a gateway and its senders back in rotation after carriers' filtering took them out. */
export function usePutBackInRotation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (gateway: { id: number }) => api.post<GatewaySaved>(`/gateways/${gateway.id}/rotation`),
    onSuccess: () => qc.invalidateQueries({ queryKey: gatewaysApi.keys.all }),
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

/** A reply as if a lead had texted one of a sandbox SMS gateway's numbers (stored like a provider's inbound SMS). */
export function useSimulateSandboxReply() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: SimulateSandboxInbound }) =>
      api.post<SandboxInboundResult>(`/gateways/${id}/sandbox/inbound`, input),
  });
}
