import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const keywordsSettingsPages: TabRoute[] = [
  { path: "keywords", label: "settings.keywords", ...lazyPage(() => import("./pages/keywords-page"), "KeywordsPage") },
];
