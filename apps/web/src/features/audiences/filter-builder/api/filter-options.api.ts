import type { LeadAttribute } from "@leadflow/contracts";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../../lib/api-client";
import { attributeKeys } from "../../../attributes";

/** Every attribute of the team (GET /lead-attributes-all); the key is the one the import dialog uses, so both share it. */
export const filterAttributesQuery = () =>
  queryOptions({
    queryKey: [...attributeKeys.all, "all"] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: LeadAttribute[] }>("/lead-attributes-all", undefined, { signal })).data,
  });

export interface CampaignName {
  id: number;
  name: string;
}

/** `available: false` when the server has no campaign names yet: the picker shows none and prunes none. */
export interface CampaignNames {
  available: boolean;
  campaigns: CampaignName[];
}

/**
 * The answer's shape is not fixed: take `{data: […]}` or a bare list of `{id, name}`.
 * Anything else is null: an answer we cannot read must not make every chosen campaign look deleted.
 */
export function toCampaignNames(body: unknown): CampaignName[] | null {
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return null;
  return list.flatMap((c: { id?: unknown; name?: unknown }) =>
    typeof c?.id === "number" ? [{ id: c.id, name: typeof c.name === "string" ? c.name : `#${c.id}` }] : [],
  );
}

/**
 * GET /campaigns/list-names, for campaign filters. The campaigns issue adds the route; until then it answers
 * 404 (or 405), which means "no campaigns to offer", not an error to show.
 */
export const campaignNamesQuery = () =>
  queryOptions({
    queryKey: ["campaigns", "filter-builder", "names"] as const,
    queryFn: async ({ signal }): Promise<CampaignNames> => {
      try {
        const campaigns = toCampaignNames(await api.get<unknown>("/campaigns/list-names", undefined, { signal }));
        return campaigns ? { available: true, campaigns } : { available: false, campaigns: [] };
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 405)) return { available: false, campaigns: [] };
        throw e;
      }
    },
    staleTime: 60_000,
  });
