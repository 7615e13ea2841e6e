import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

export const analyticsRoutes: RouteObject[] = [{ path: "analytics", ...lazyPage(() => import("./pages/analytics-page"), "AnalyticsPage") }];
