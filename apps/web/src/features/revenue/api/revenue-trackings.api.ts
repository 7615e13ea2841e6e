import type {
  RevenueTracking,
  RevenueTrackingList,
  RevenueTrackingSaved,
  RevenueTrackingSecret,
  SaveRevenueTracking,
} from "@leadflow/contracts";
import { queryOptions, skipToken } from "@tanstack/react-query";
import { crudApi } from "../../../components/crud/crud-api";
import { api } from "../../../lib/api-client";

/** The team's trackings, fetched whole (the page has no paging or search). */
export const revenueTrackingsApi = crudApi<{
  item: RevenueTracking;
  page: RevenueTrackingList;
  create: SaveRevenueTracking;
  saved: RevenueTrackingSaved;
  params: Record<string, never>;
}>({ key: "revenue-trackings", path: "/revenues/tracking" });

export const revenueTrackingsQuery = () => revenueTrackingsApi.listQuery({});

/**
 * Asked for when "Show signing secret" opens (null: the dialog is closed) and dropped as it closes, so no secret
 * lingers in the cache.
 */
export const revenueSecretQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...revenueTrackingsApi.keys.all, "secret", id] as const,
    queryFn:
      id === null ? skipToken : ({ signal }) => api.get<RevenueTrackingSecret>(`/revenues/tracking/${id}/secret`, undefined, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
