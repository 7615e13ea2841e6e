import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { analyticsRoutes } from "../features/analytics/analytics.routes";
import { audiencesRoutes, loadAudienceLeadTrail } from "../features/audiences/audiences.routes";
import { authRoutes } from "../features/auth/auth.routes";
import { campaignsRoutes, loadCampaignLeadTrail } from "../features/campaigns/campaigns.routes";
import { conversationsRoutes } from "../features/conversations/conversations.routes";
import { docRoutes } from "../features/doc/doc.routes";
import { importApiPublicRoutes } from "../features/import-api/import-api.routes";
import { leadsRoutes } from "../features/leads/leads.routes";
import { profileRoutes } from "../features/profile/profile.routes";
import { sourcesRoutes } from "../features/sources/sources.routes";
import { useAccountPath } from "../lib/account-context";
import { lazyPage } from "../lib/lazy-page";
import { ErrorScreen } from "./error-boundary";
import { GuestOnly, RequireAnyAccount } from "./guards";
import { RouteFallback } from "./route-fallback";
import { settingsRoutes } from "./settings/settings-pages";

function AccountHome() {
  const p = useAccountPath();
  return <Navigate to={p("")} replace />;
}

/**
 * Everything under `/u/{index}/`: one signed-in account's screens. They come from each feature's `*.routes` module,
 * which holds only lazy imports, not from its index: an index names parts of screens (LeadsTable, ImportFlow…) that
 * the shell must not load up front.
 */
const accountRoutes: RouteObject[] = [
  ...audiencesRoutes,
  ...leadsRoutes({ audience: loadAudienceLeadTrail, campaign: loadCampaignLeadTrail }),
  ...campaignsRoutes,
  ...conversationsRoutes,
  ...analyticsRoutes,
  ...docRoutes,
  ...sourcesRoutes,
  ...profileRoutes,
  { path: "settings", ...lazyPage(() => import("./settings/settings-layout"), "SettingsLayout"), children: settingsRoutes },
  { path: "*", Component: AccountHome },
];

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        ...lazyPage(() => import("./layout/auth-layout"), "AuthLayout"),
        children: [
          {
            element: (
              <GuestOnly>
                <Outlet />
              </GuestOnly>
            ),
            children: authRoutes.guest,
          },
          ...authRoutes.anyone,
          {
            element: (
              <RequireAnyAccount>
                <Outlet />
              </RequireAnyAccount>
            ),
            children: authRoutes.signedIn,
          },
        ],
      },
      ...importApiPublicRoutes,
      {
        path: "u/:index",
        ...lazyPage(() => import("./layout/app-layout"), "AppLayout"),
        errorElement: <ErrorScreen />,
        children: accountRoutes,
      },
      { path: "*", element: <Navigate to="/u/0/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
