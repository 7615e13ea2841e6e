import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const revenueSettingsPages: TabRoute[] = [
  {
    path: "revenue-tracking",
    label: "settings.revenueTracking",
    ...lazyPage(() => import("./pages/revenue-tracking-page"), "RevenueTrackingPage"),
  },
];
