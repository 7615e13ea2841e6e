import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const lookupsSettingsPages: TabRoute[] = [
  {
    path: "lookup-management",
    label: "settings.lookupManagement",
    ...lazyPage(() => import("./pages/lookup-management-page"), "LookupManagementPage"),
  },
];
