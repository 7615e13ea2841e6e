import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

export const campaignsRoutes: RouteObject[] = [{ path: "campaigns", ...lazyPage(() => import("./pages/campaigns-page"), "CampaignsPage") }];
