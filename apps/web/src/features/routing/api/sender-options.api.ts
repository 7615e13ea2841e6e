import type { CarrierGroupList, GatewaySenderOptionsList } from "@leadflow/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The active SMS gateways with their numbers and pools. Keyed under "gateways", the root Settings → Integrations
 * refreshes after every change, so a number added there is offered here without a reload.
 */
export const senderOptionsQuery = () =>
  queryOptions({
    queryKey: ["gateways", "sms-sender-options"] as const,
    queryFn: ({ signal }) => api.get<GatewaySenderOptionsList>("/gateways/sms/sender-options", undefined, { signal }),
    select: (answer) => answer.data,
  });

export const useSenderOptions = () => useQuery(senderOptionsQuery());

/** Platform data that changes with a release, not while the page is open. */
export const carrierGroupsQuery = () =>
  queryOptions({
    queryKey: ["carrier-groups"] as const,
    queryFn: ({ signal }) => api.get<CarrierGroupList>("/carrier-groups", undefined, { signal }),
    select: (answer) => answer.data.data,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCarrierGroups = () => useQuery(carrierGroupsQuery());
