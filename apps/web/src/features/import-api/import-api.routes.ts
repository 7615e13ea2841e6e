import type { RouteObject } from "react-router";
import type { TabRoute } from "../../components/route-tabs/route-tabs";
import { lazyPage } from "../../lib/lazy-page";

export const importApiSettingsPages: TabRoute[] = [
  {
    path: "import-api-keys",
    label: "settings.importApiKeys",
    ...lazyPage(() => import("./pages/import-api-keys-page"), "ImportApiKeysPage"),
  },
];

/** The public import interface's test page: no account, no token (another system's point of view). */
export const importApiPublicRoutes: RouteObject[] = [
  { path: "test/import", ...lazyPage(() => import("./pages/import-test-page"), "ImportTestPage") },
];
