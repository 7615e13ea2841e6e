import type { CreateLeadAttribute, LeadAttribute, LeadAttributePage, LeadAttributeUsage, UpdateLeadAttribute } from "@leadflow/contracts";
import { queryOptions } from "@tanstack/react-query";
import { crudApi } from "../../../components/crud/crud-api";
import { api } from "../../../lib/api-client";

/** Everything under "attributes" (the import dialog keys its `all` list there too): one prefix refreshes both. */
export const attributesApi = crudApi<{
  item: LeadAttribute;
  page: LeadAttributePage;
  create: CreateLeadAttribute;
  update: UpdateLeadAttribute;
}>({
  key: "attributes",
  path: "/lead-attributes",
  // POST /lead-attributes takes an array; the settings dialog sends one.
  create: async (input) => (await api.post<{ data: LeadAttribute[] }>("/lead-attributes", [input])).data[0]!,
});

export const attributeKeys = attributesApi.keys;

/** What deleting an attribute would take with it (asked when the delete confirmation opens). */
export const attributeUsageQuery = (id: number) =>
  queryOptions({
    queryKey: [...attributeKeys.all, "usage", id] as const,
    queryFn: ({ signal }) => api.get<LeadAttributeUsage>(`/lead-attributes/${id}/usage`, undefined, { signal }),
    staleTime: 0,
  });
