import type { CampaignPool, CampaignPoolList, CampaignPoolSaved, SavePool } from "@leadflow/contracts";
import { crudApi } from "../../../components/crud/crud-api";

/** The team's pools, fetched whole: at most 100, no paging or search (docs/product/audiences-lookups-settings.md). */
export const poolsApi = crudApi<{
  item: CampaignPool;
  page: CampaignPoolList;
  create: SavePool;
  saved: CampaignPoolSaved;
  params: Record<string, never>;
}>({ key: "campaign-pools", path: "/pools" });

export const poolsQuery = () => poolsApi.listQuery({});
