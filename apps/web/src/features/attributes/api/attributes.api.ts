import type {
  CreateLeadAttribute,
  LeadAttribute,
  LeadAttributePage,
  LeadAttributeUsage,
  MessageResponse,
  UpdateLeadAttribute,
} from "@leadflow/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface AttributesParams {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

/** Everything under "attributes" (the import dialog keys its `all` list there too): one prefix refreshes both. */
export const attributeKeys = {
  all: ["attributes"] as const,
  pages: () => [...attributeKeys.all, "page"] as const,
  page: (params: AttributesParams) => [...attributeKeys.pages(), params] as const,
};

export const attributesQuery = (params: AttributesParams) =>
  queryOptions({
    queryKey: attributeKeys.page(params),
    queryFn: ({ signal }) => api.get<LeadAttributePage>("/lead-attributes", { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** What deleting an attribute would take with it (asked when the delete confirmation opens). */
export const attributeUsageQuery = (id: number) =>
  queryOptions({
    queryKey: [...attributeKeys.all, "usage", id] as const,
    queryFn: ({ signal }) => api.get<LeadAttributeUsage>(`/lead-attributes/${id}/usage`, undefined, { signal }),
    staleTime: 0,
  });

function useInvalidateAttributes() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: attributeKeys.all });
}

/** POST /lead-attributes takes an array; the settings dialog sends one. */
export function useCreateAttribute() {
  const invalidate = useInvalidateAttributes();
  return useMutation({
    mutationFn: async (input: CreateLeadAttribute) => (await api.post<{ data: LeadAttribute[] }>("/lead-attributes", [input])).data[0]!,
    onSuccess: () => invalidate(),
  });
}

export function useUpdateAttribute() {
  const invalidate = useInvalidateAttributes();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateLeadAttribute & { id: number }) => api.put<LeadAttribute>(`/lead-attributes/${id}`, input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteAttribute() {
  const invalidate = useInvalidateAttributes();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`/lead-attributes/${id}`),
    onSuccess: () => invalidate(),
  });
}
