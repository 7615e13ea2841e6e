import { Navigate, type RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { audienceTabs, leadsTab } from "./model/audience-tabs";

/** The trail of a lead opened from an audience, loaded with the lead page. */
export const loadAudienceLeadTrail = () => import("./model/audience-lead-trail").then((m) => m.audienceLeadTrail);

const segmentPage = lazyPage(() => import("./pages/segment-page"), "SegmentPage");
const tabRoutes = (tabs: typeof audienceTabs): RouteObject[] => [
  { index: true, element: <Navigate to="leads" replace /> },
  ...tabs.map(({ path, lazy }) => ({ path, lazy })),
];

/** The audiences page is the account's home. */
export const audiencesRoutes: RouteObject[] = [
  { index: true, ...lazyPage(() => import("./pages/audiences-page"), "AudiencesPage") },
  { path: "audiences/:segmentId", ...segmentPage, children: tabRoutes(audienceTabs) },
  // A child segment: its leads only. The parameter names are the lead page's (see leads/model/return-path).
  { path: "audiences/:parentSegmentId/segments/:segmentId", ...segmentPage, children: tabRoutes([leadsTab]) },
];
