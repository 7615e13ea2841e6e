import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { useAccountPath } from "../components/breadcrumbs/breadcrumbs";
import { ErrorScreen } from "./error-boundary";
import { RouteFallback } from "./route-fallback";

function AccountHome() {
  const p = useAccountPath();
  return <Navigate to={p("")} replace />;
}

/** Each screen is its own chunk: the first load carries only the shell. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

const settingsTabs: RouteObject[] = [
  { path: "spam-email-groups", handle: { titleKey: "settings.spamEmailGroups" } },
  { path: "sender-email-groups", handle: { titleKey: "settings.senderEmailGroups" } },
  { path: "rules", handle: { titleKey: "settings.rules" } },
  { path: "keywords", handle: { titleKey: "settings.keywords" } },
  { path: "short-url-domains", handle: { titleKey: "settings.shortUrlDomains" } },
  { path: "revenue-tracking", handle: { titleKey: "settings.revenueTracking" } },
  { path: "campaign-routes", handle: { titleKey: "settings.campaignRoutes" } },
  { path: "campaign-pools", handle: { titleKey: "settings.campaignPools" } },
].map((r) => ({
  ...r,
  ...page(
    () => import("../features/settings/pages/settings-tab-placeholder"),
    (m) => m.SettingsTabPlaceholder,
  ),
}));

const appRoutes: RouteObject[] = [
  {
    index: true,
    ...page(
      () => import("../features/audiences/pages/audiences-page"),
      (m) => m.AudiencesPage,
    ),
  },
  {
    path: "audiences/:segmentId",
    ...page(
      () => import("../features/audiences/pages/segment-page"),
      (m) => m.SegmentPage,
    ),
    children: [
      { index: true, element: <Navigate to="leads" replace /> },
      {
        path: "leads",
        ...page(
          () => import("../features/audiences/pages/segment-leads-tab"),
          (m) => m.SegmentLeadsTab,
        ),
      },
      {
        path: "segments",
        ...page(
          () => import("../features/audiences/pages/segment-children-tab"),
          (m) => m.SegmentChildrenTab,
        ),
      },
    ],
  },
  {
    // A child segment: its leads only. The parameter names are the lead page's (see leads/model/return-path).
    path: "audiences/:parentSegmentId/segments/:segmentId",
    ...page(
      () => import("../features/audiences/pages/segment-page"),
      (m) => m.SegmentPage,
    ),
    children: [
      { index: true, element: <Navigate to="leads" replace /> },
      {
        path: "leads",
        ...page(
          () => import("../features/audiences/pages/segment-leads-tab"),
          (m) => m.SegmentLeadsTab,
        ),
      },
    ],
  },
  {
    // The lead page under the segment it was opened from, so the way back is kept.
    path: "audiences/:segmentId/leads/:leadId",
    ...page(
      () => import("../features/leads/pages/lead-page"),
      (m) => m.LeadPage,
    ),
  },
  {
    path: "audiences/:parentSegmentId/segments/:segmentId/leads/:leadId",
    ...page(
      () => import("../features/leads/pages/lead-page"),
      (m) => m.LeadPage,
    ),
  },
  {
    path: "leads",
    ...page(
      () => import("../features/leads/pages/leads-page"),
      (m) => m.LeadsPage,
    ),
  },
  {
    path: "leads/:leadId",
    ...page(
      () => import("../features/leads/pages/lead-page"),
      (m) => m.LeadPage,
    ),
  },
  {
    path: "campaigns",
    ...page(
      () => import("../features/campaigns/pages/campaigns-page"),
      (m) => m.CampaignsPage,
    ),
  },
  {
    path: "analytics",
    ...page(
      () => import("../features/analytics/pages/analytics-page"),
      (m) => m.AnalyticsPage,
    ),
  },
  {
    path: "doc",
    ...page(
      () => import("../features/doc/pages/doc-page"),
      (m) => m.DocPage,
    ),
  },
  {
    path: "sources",
    ...page(
      () => import("../features/sources/pages/sources-page"),
      (m) => m.SourcesPage,
    ),
  },
  {
    path: "sources/:sourceId",
    ...page(
      () => import("../features/sources/pages/source-page"),
      (m) => m.SourcePage,
    ),
  },
  {
    path: "sources/:sourceId/:listId",
    ...page(
      () => import("../features/sources/pages/list-page"),
      (m) => m.ListPage,
    ),
  },
  {
    // The lead page under its list, so the breadcrumbs keep the way back (spec §2 Lead page).
    path: "sources/:sourceId/:listId/:leadId",
    ...page(
      () => import("../features/leads/pages/lead-page"),
      (m) => m.LeadPage,
    ),
  },
  {
    path: "profile",
    ...page(
      () => import("../features/profile/pages/profile-page"),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: "settings",
    ...page(
      () => import("../features/settings/pages/settings-layout"),
      (m) => m.SettingsLayout,
    ),
    children: [
      {
        index: true,
        handle: { titleKey: "settings.systemAttributes" },
        ...page(
          () => import("../features/attributes/pages/system-attributes-page"),
          (m) => m.SystemAttributesPage,
        ),
      },
      {
        path: "import-history",
        ...page(
          () => import("../features/imports/pages/import-history-page"),
          (m) => m.ImportHistoryPage,
        ),
      },
      {
        path: "import-history/:fileId",
        ...page(
          () => import("../features/imports/pages/import-file-page"),
          (m) => m.ImportFilePage,
        ),
      },
      {
        path: "ignore-phone-format",
        ...page(
          () => import("../features/imports/pages/ignore-phone-format-page"),
          (m) => m.IgnorePhoneFormatPage,
        ),
      },
      {
        path: "import-api-keys",
        ...page(
          () => import("../features/import-api/pages/import-api-keys-page"),
          (m) => m.ImportApiKeysPage,
        ),
      },
      {
        path: "lookup-management",
        ...page(
          () => import("../features/lookups/pages/lookup-management-page"),
          (m) => m.LookupManagementPage,
        ),
      },
      {
        path: "integrations",
        ...page(
          () => import("../features/integrations/pages/integrations-page"),
          (m) => m.IntegrationsPage,
        ),
      },
      ...settingsTabs,
      {
        path: "export-files",
        ...page(
          () => import("../features/exports/pages/export-files-page"),
          (m) => m.ExportFilesPage,
        ),
      },
      {
        path: "team",
        ...page(
          () => import("../features/team/pages/team-page"),
          (m) => m.TeamPage,
        ),
      },
      {
        path: "download-file",
        ...page(
          () => import("../features/processes/pages/download-file-page"),
          (m) => m.DownloadFilePage,
        ),
      },
    ],
  },
  { path: "*", Component: AccountHome },
];

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        ...page(
          () => import("./layout/auth-layout"),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            path: "signin",
            ...page(
              () => import("../features/auth/pages/signin-page"),
              (m) => m.SignInPage,
            ),
          },
          {
            path: "register",
            ...page(
              () => import("../features/auth/pages/register-page"),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: "forgot-password",
            ...page(
              () => import("../features/auth/pages/forgot-password-page"),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: "reset-password",
            ...page(
              () => import("../features/auth/pages/reset-password-page"),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: "add-account",
            ...page(
              () => import("../features/auth/pages/add-account-page"),
              (m) => m.AddAccountPage,
            ),
          },
          {
            path: "change-password",
            ...page(
              () => import("../features/auth/pages/change-password-page"),
              (m) => m.ChangePasswordPage,
            ),
          },
        ],
      },
      {
        // The public import interface's test page: no account, no token (another system's point of view).
        path: "test/import",
        ...page(
          () => import("../features/import-api/pages/import-test-page"),
          (m) => m.ImportTestPage,
        ),
      },
      {
        path: "u/:index",
        ...page(
          () => import("./layout/app-layout"),
          (m) => m.AppLayout,
        ),
        errorElement: <ErrorScreen />,
        children: appRoutes,
      },
      { path: "*", element: <Navigate to="/u/0/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
