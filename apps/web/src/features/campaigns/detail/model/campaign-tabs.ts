import { CampaignChannel, type CampaignLogKind, type CampaignType } from "@leadflow/contracts";
import type { TabRoute } from "../../../../components/route-tabs/route-tabs";
import type { MessageKey } from "../../../../lib/i18n";
import { lazyPage } from "../../../../lib/lazy-page";

export interface CampaignTabRoute extends TabRoute {
  /** Only email and email_automation campaigns have it (Open at). */
  emailOnly?: boolean;
  /** The empty text the tab shows; Statistics words its own by status. */
  empty?: { title: MessageKey; text: MessageKey };
  /** The server's log a log tab shows (one table for all of them: logs/campaign-log-tab.tsx). */
  log?: CampaignLogKind;
}

const logPage = lazyPage(() => import("../../logs/campaign-log-tab"), "CampaignLogTab");
const changeLogPage = lazyPage(() => import("../../logs/change-log-tab"), "ChangeLogTab");
const sending = "campaigns.detail.empty.sendingText" satisfies MessageKey;

/** The names a log tab's label and empty title share (`campaigns.detail.tabs.clicks`, `campaigns.detail.empty.clicks`). */
type LogTab =
  | "logs"
  | "messageLogs"
  | "queuedLogs"
  | "skippedLogs"
  | "incomingMessages"
  | "welcomeMessages"
  | "clicks"
  | "redirects"
  | "openAt";

/** A log tab: the server's log `log` (without one, the campaign's change log); unless told otherwise, its empty text says entries show once the campaign sends. */
const logTab = (
  path: string,
  name: LogTab,
  { text = sending, emailOnly, log }: { text?: MessageKey; emailOnly?: boolean; log?: CampaignLogKind } = {},
): CampaignTabRoute => ({
  path,
  label: `campaigns.detail.tabs.${name}`,
  emailOnly,
  empty: { title: `campaigns.detail.empty.${name}`, text },
  ...(log ? { log, ...logPage } : changeLogPage),
});

/** A campaign's tabs in the spec's order (spec 3 §2); the paths are bookmarked, keep them stable. */
export const campaignTabs: readonly CampaignTabRoute[] = [
  { path: "", label: "campaigns.detail.tabs.campaign", ...lazyPage(() => import("../pages/campaign-tab"), "CampaignTab") },
  { path: "leads", label: "campaigns.detail.tabs.leads", ...lazyPage(() => import("../pages/campaign-leads-tab"), "CampaignLeadsTab") },
  {
    path: "statistics",
    label: "campaigns.detail.tabs.statistics",
    ...lazyPage(() => import("../../statistics/campaign-statistics-tab"), "CampaignStatisticsTab"),
  },
  logTab("logs", "logs", { text: "campaigns.detail.empty.logsText" }),
  logTab("message-logs", "messageLogs", { log: "message-logs" }),
  logTab("queued-logs", "queuedLogs", { log: "queued-logs" }),
  logTab("skipped-logs", "skippedLogs", { log: "skipped-logs" }),
  logTab("incoming-messages", "incomingMessages", { log: "incoming-messages" }),
  logTab("welcome-messages", "welcomeMessages", { log: "welcome-messages" }),
  logTab("clicks", "clicks", { log: "clicks" }),
  logTab("redirects", "redirects", { log: "redirect-logs" }),
  logTab("open-at", "openAt", { emailOnly: true, log: "opens" }),
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
