import { CampaignChannel, type CampaignType } from "@leadflow/contracts";
import type { TabRoute } from "../../../../components/route-tabs/route-tabs";
import { type LazyPage, lazyPage } from "../../../../lib/lazy-page";
import { type CampaignTab, campaignTabList } from "./campaign-tab-list";

export { campaignPath } from "./campaign-tab-list";

export type CampaignTabRoute = CampaignTab & TabRoute;

const pages: Record<string, LazyPage> = {
  "": lazyPage(() => import("../pages/campaign-tab"), "CampaignTab"),
  leads: lazyPage(() => import("../pages/campaign-leads-tab"), "CampaignLeadsTab"),
  statistics: lazyPage(() => import("../../statistics/campaign-statistics-tab"), "CampaignStatisticsTab"),
};
const logPage = lazyPage(() => import("../../logs/campaign-log-tab"), "CampaignLogTab");
const changeLogPage = lazyPage(() => import("../../logs/change-log-tab"), "ChangeLogTab");

/** The tabs with their pages: a log tab shows its server log's table, Logs the campaign's change log. */
export const campaignTabs: readonly CampaignTabRoute[] = campaignTabList.map((tab) => ({
  ...tab,
  ...(pages[tab.path] ?? (tab.log ? logPage : changeLogPage)),
}));

/** The tabs a campaign of this type shows: Open at only for email types. */
export function tabsFor(type: CampaignType): CampaignTabRoute[] {
  const email = CampaignChannel[type] === "email";
  return campaignTabs.filter((tab) => email || !tab.emailOnly);
}

/**
 * The tab a path below the campaign's base names (`""` the Campaign tab, `"leads"` Leads), or null when this type has
 * no such tab (`open-at` of an SMS campaign, a mistyped path): the page then goes to the Campaign tab.
 */
export function tabOfPath(type: CampaignType, rest: string): CampaignTabRoute | null {
  const path = rest.replace(/^\/+|\/+$/g, "");
  return tabsFor(type).find((tab) => tab.path === path) ?? null;
}
