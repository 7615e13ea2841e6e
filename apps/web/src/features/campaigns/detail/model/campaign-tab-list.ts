import type { CampaignLogKind } from "@leadflow/contracts";
import type { MessageKey } from "../../../../lib/i18n";

/** What a campaign tab is, without its page: the tabs' pages read it, so it may import none of them. */
export interface CampaignTab {
  /** Below the campaign's base; "" is the Campaign tab. Users bookmark these: keep them stable. */
  path: string;
  label: MessageKey;
  /** Only email and email_automation campaigns have it (Open at). */
  emailOnly?: boolean;
  /** The empty text the tab shows; Statistics words its own by status. */
  empty?: { title: MessageKey; text: MessageKey };
  /** The server's log a log tab shows (one table for all of them: logs/campaign-log-tab.tsx). */
  log?: CampaignLogKind;
}

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
): CampaignTab => ({
  path,
  label: `campaigns.detail.tabs.${name}`,
  emailOnly,
  empty: { title: `campaigns.detail.empty.${name}`, text },
  log,
});

/** A campaign's tabs in the product's order (docs/product/campaigns.md). */
export const campaignTabList: readonly CampaignTab[] = [
  { path: "", label: "campaigns.detail.tabs.campaign" },
  { path: "leads", label: "campaigns.detail.tabs.leads" },
  { path: "statistics", label: "campaigns.detail.tabs.statistics" },
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

/** The campaign page's path below its base (`campaigns/{id}`). */
export const campaignPath = (id: number, tab = "") => (tab ? `campaigns/${id}/${tab}` : `campaigns/${id}`);
