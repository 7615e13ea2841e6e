import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const integrationsSettingsPages: TabRoute[] = [
  { path: "integrations", label: "settings.integrations", ...lazyPage(() => import("./pages/integrations-page"), "IntegrationsPage") },
];
