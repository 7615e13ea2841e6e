import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

const leadPage = lazyPage(() => import("./pages/lead-page"), "LeadPage");

/**
 * The lead page also stands under the list or segment it was opened from, so its breadcrumbs keep the way back
 * (spec §2 Lead page; spec 3 §2 Leads tab); model/return-path reads these parameter names.
 */
export const leadsRoutes: RouteObject[] = [
  { path: "leads", ...lazyPage(() => import("./pages/leads-page"), "LeadsPage") },
  { path: "leads/:leadId", ...leadPage },
  { path: "sources/:sourceId/:listId/:leadId", ...leadPage },
  { path: "audiences/:segmentId/leads/:leadId", ...leadPage },
  { path: "audiences/:parentSegmentId/segments/:segmentId/leads/:leadId", ...leadPage },
  { path: "campaigns/:campaignId/leads/:leadId", ...leadPage },
];
