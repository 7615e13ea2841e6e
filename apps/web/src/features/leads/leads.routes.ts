import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import type { LeadTrail } from "./model/lead-trail";

const leadPage = lazyPage(() => import("./pages/lead-page"), "LeadPage");

/** A trail is loaded with the page it leads back from: the shell carries neither the page nor its owner's API. */
export type LoadLeadTrail = () => Promise<LeadTrail>;

const withTrail = (path: string, loadTrail: LoadLeadTrail): RouteObject => ({
  path,
  lazy: async () => {
    const [page, leadTrail] = await Promise.all([leadPage.lazy(), loadTrail()]);
    return { ...page, handle: { leadTrail } };
  },
});

/**
 * The lead page also stands under the list, audience or campaign it was opened from, so its breadcrumbs keep the
 * way back (docs/product/accounts-sources-leads.md, "Leads"); model/return-path reads these parameter names. The
 * audience's and the campaign's trails come from their features, through the app's router.
 */
export function leadsRoutes(trails: { audience: LoadLeadTrail; campaign: LoadLeadTrail }): RouteObject[] {
  return [
    { path: "leads", ...lazyPage(() => import("./pages/leads-page"), "LeadsPage") },
    { path: "leads/:leadId", ...leadPage },
    { path: "sources/:sourceId/:listId/:leadId", ...leadPage },
    withTrail("audiences/:segmentId/leads/:leadId", trails.audience),
    withTrail("audiences/:parentSegmentId/segments/:segmentId/leads/:leadId", trails.audience),
    withTrail("campaigns/:campaignId/leads/:leadId", trails.campaign),
  ];
}
