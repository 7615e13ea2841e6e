import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const routingSettingsPages: TabRoute[] = [
  {
    path: "campaign-routes",
    label: "settings.campaignRoutes",
    ...lazyPage(() => import("./pages/campaign-routes-page"), "CampaignRoutesPage"),
  },
  {
    path: "campaign-pools",
    label: "settings.campaignPools",
    ...lazyPage(() => import("./pages/campaign-pools-page"), "CampaignPoolsPage"),
  },
];
