import { CampaignChannel, type CampaignType } from "@leadflow/contracts";
import type { TabRoute } from "../../../../components/route-tabs/route-tabs";
import type { MessageKey } from "../../../../lib/i18n";
import { lazyPage } from "../../../../lib/lazy-page";

export interface CampaignTabRoute extends TabRoute {
  /** Only email and email_automation campaigns have it (Open at). */
  emailOnly?: boolean;
  /** The empty text the tab shows until the statistics issue fills it; Statistics words its own by status. */
  empty?: { title: MessageKey; text: MessageKey };
}

// The tabs the statistics issue builds share one page for now: it reads which tab it is from the path.
const pending = lazyPage(() => import("../pages/campaign-pending-tab"), "CampaignPendingTab");
const sending = "campaigns.detail.empty.sendingText" satisfies MessageKey;

/** A campaign's tabs in the spec's order (spec 3 §2); the paths are bookmarked, keep them stable. */
export const campaignTabs: readonly CampaignTabRoute[] = [
  { path: "", label: "campaigns.detail.tabs.campaign", ...lazyPage(() => import("../pages/campaign-tab"), "CampaignTab") },
  { path: "leads", label: "campaigns.detail.tabs.leads", ...lazyPage(() => import("../pages/campaign-leads-tab"), "CampaignLeadsTab") },
  { path: "statistics", label: "campaigns.detail.tabs.statistics", ...pending },
  {
    path: "logs",
    label: "campaigns.detail.tabs.logs",
    empty: { title: "campaigns.detail.empty.logs", text: "campaigns.detail.empty.logsText" },
    ...pending,
  },
  {
    path: "message-logs",
    label: "campaigns.detail.tabs.messageLogs",
    empty: { title: "campaigns.detail.empty.messageLogs", text: sending },
    ...pending,
  },
  {
    path: "queued-logs",
    label: "campaigns.detail.tabs.queuedLogs",
    empty: { title: "campaigns.detail.empty.queuedLogs", text: sending },
    ...pending,
  },
  {
    path: "skipped-logs",
    label: "campaigns.detail.tabs.skippedLogs",
    empty: { title: "campaigns.detail.empty.skippedLogs", text: sending },
    ...pending,
  },
  {
    path: "incoming-messages",
    label: "campaigns.detail.tabs.incomingMessages",
    empty: { title: "campaigns.detail.empty.incomingMessages", text: sending },
    ...pending,
  },
  {
    path: "welcome-messages",
    label: "campaigns.detail.tabs.welcomeMessages",
    empty: { title: "campaigns.detail.empty.welcomeMessages", text: sending },
    ...pending,
  },
  { path: "clicks", label: "campaigns.detail.tabs.clicks", empty: { title: "campaigns.detail.empty.clicks", text: sending }, ...pending },
  {
    path: "redirects",
    label: "campaigns.detail.tabs.redirects",
    empty: { title: "campaigns.detail.empty.redirects", text: sending },
    ...pending,
  },
  {
    path: "open-at",
    label: "campaigns.detail.tabs.openAt",
    emailOnly: true,
    empty: { title: "campaigns.detail.empty.openAt", text: sending },
    ...pending,
  },
];

/** The tabs a campaign of this type shows: Open at only for email types. */
export function tabsFor(type: CampaignType): CampaignTabRoute[] {
  const email = CampaignChannel[type] === "email";
  return campaignTabs.filter((tab) => email || !tab.emailOnly);
}

/** The campaign page's path below its base (`campaigns/{id}`). */
export const campaignPath = (id: number, tab = "") => (tab ? `campaigns/${id}/${tab}` : `campaigns/${id}`);

/**
 * The tab a path below the campaign's base names (`""` the Campaign tab, `"leads"` Leads), or null when this type has
 * no such tab (`open-at` of an SMS campaign, a mistyped path): the page then goes to the Campaign tab.
 */
export function tabOfPath(type: CampaignType, rest: string): CampaignTabRoute | null {
  const path = rest.replace(/^\/+|\/+$/g, "");
  return tabsFor(type).find((tab) => tab.path === path) ?? null;
}
