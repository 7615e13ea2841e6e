import type { CampaignPool } from "@leadflow/contracts";
import type { CrudBodyProps, CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { poolsApi, poolsQuery } from "../api/pools.api";
import { poolColumns } from "../components/pool-columns";
import { PoolForm } from "../components/pool-form";
import { UnpagedTable } from "../components/unpaged-table";

/** Every pool of the team in one table (at most 100, no paging or search). */
function PoolsTable({ context }: CrudBodyProps<CampaignPool, object, undefined>) {
  return (
    <UnpagedTable query={poolsQuery()} columns={poolColumns} context={context} label="settings.campaignPools" empty="routing.pools.empty" />
  );
}

const settings: CrudSettingsConfig<CampaignPool> = {
  title: "settings.campaignPools",
  subtitle: "settings.campaignPools.text",
  add: "routing.pools.add",
  api: { keys: poolsApi.keys, remove: poolsApi.remove },
  Body: PoolsTable,
  Form: PoolForm,
  remove: { error: "routing.pools.removeError", deleted: "routing.pools.deleted" },
};

/** Settings → Campaign Pools: sets of sender numbers a campaign draws from, a lead keeping its first one. */
export function CampaignPoolsPage() {
  return <CrudSettingsPage config={settings} />;
}
