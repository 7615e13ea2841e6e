import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

export const docRoutes: RouteObject[] = [{ path: "doc", ...lazyPage(() => import("./pages/doc-page"), "DocPage") }];
