import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

export const sourcesRoutes: RouteObject[] = [
  { path: "sources", ...lazyPage(() => import("./pages/sources-page"), "SourcesPage") },
  { path: "sources/:sourceId", ...lazyPage(() => import("./pages/source-page"), "SourcePage") },
  { path: "sources/:sourceId/:listId", ...lazyPage(() => import("./pages/list-page"), "ListPage") },
];
