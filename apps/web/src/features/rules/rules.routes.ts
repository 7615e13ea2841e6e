import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const rulesSettingsPages: TabRoute[] = [
  { path: "rules", label: "settings.rules", ...lazyPage(() => import("./pages/rules-page"), "RulesPage") },
];
