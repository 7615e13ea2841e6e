import type { CampaignRoute } from "@leadflow/contracts";
import type { CrudBodyProps, CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { routesApi, routesQuery } from "../api/routes.api";
import { routeColumns } from "../components/route-columns";
import { RouteForm } from "../components/route-form";
import { UnpagedTable } from "../components/unpaged-table";

/** Every route of the team in one table (at most 100, no paging or search). */
function RoutesTable({ context }: CrudBodyProps<CampaignRoute, object, undefined>) {
  return (
    <UnpagedTable
      query={routesQuery()}
      columns={routeColumns}
      context={context}
      label="settings.campaignRoutes"
      empty="routing.routes.empty"
    />
  );
}

const settings: CrudSettingsConfig<CampaignRoute> = {
  title: "settings.campaignRoutes",
  subtitle: "settings.campaignRoutes.text",
  add: "routing.routes.add",
  api: { keys: routesApi.keys, remove: routesApi.remove },
  Body: RoutesTable,
  Form: RouteForm,
  remove: { error: "routing.routes.removeError", deleted: "routing.routes.deleted" },
};

/** Settings → Campaign Routes: a default sender and senders per carrier group, each with its frequency per minute. */
export function CampaignRoutesPage() {
  return <CrudSettingsPage config={settings} />;
}
