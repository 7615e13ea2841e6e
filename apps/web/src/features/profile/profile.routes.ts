import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

export const profileRoutes: RouteObject[] = [{ path: "profile", ...lazyPage(() => import("./pages/profile-page"), "ProfilePage") }];
