import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { campaignTabs } from "./detail/model/campaign-tabs";

/** The trail of a lead opened from a campaign's Leads tab, loaded with the lead page. */
export const loadCampaignLeadTrail = () => import("./detail/model/campaign-lead-trail").then((m) => m.campaignLeadTrail);

/** A path below a campaign that names no tab: the campaign page sees it and goes to the Campaign tab. */
const NoTab = () => null;

/**
 * The list, and a campaign's page whose tabs are child routes (`campaigns/{id}` is the Campaign tab). A lead opened
 * from the Leads tab stands at `campaigns/{id}/leads/{leadId}`, which outranks the `*` here.
 */
export const campaignsRoutes: RouteObject[] = [
  { path: "campaigns", ...lazyPage(() => import("./pages/campaigns-page"), "CampaignsPage") },
  {
    path: "campaigns/:campaignId",
    ...lazyPage(() => import("./detail/pages/campaign-page"), "CampaignPage"),
    children: [...campaignTabs.map(({ path, lazy }) => (path ? { path, lazy } : { index: true, lazy })), { path: "*", Component: NoTab }],
  },
];
