import type { CampaignRoute, CampaignRouteList, CampaignRouteSaved, SaveRoute } from "@leadflow/contracts";
import { crudApi } from "../../../components/crud/crud-api";

/** The team's routes, fetched whole: at most 100, no paging or search (docs/product/audiences-lookups-settings.md). */
export const routesApi = crudApi<{
  item: CampaignRoute;
  page: CampaignRouteList;
  create: SaveRoute;
  saved: CampaignRouteSaved;
  params: Record<string, never>;
}>({ key: "campaign-routes", path: "/routes" });

export const routesQuery = () => routesApi.listQuery({});
