import { findBotMatch } from "isbot";

/** Every reason a click or an open pixel hit is a machine's, in the order classifyClick tries them. */
export const CLICK_BOT_REASONS = ["head_request", "prefetch", "no_user_agent", "link_preview", "mail_scanner", "crawler"] as const;

/** Why a click or an open is not a person's: stored with the hit, which is redirected but never counted. */
export type ClickBotReason = (typeof CLICK_BOT_REASONS)[number];

/** What the redirect or pixel handler knows about a request; header names in any case. */
export type ClickRequest = { method: string; userAgent: string | null; headers?: Record<string, string | undefined> };

/**
 * A person's click, or a machine's with the reason and what gave it away (the agent's matching words, the prefetch
 * header): the Redirects tab shows it, so a click called a bot can be checked.
 */
export type ClickAgent = { bot: false } | { bot: true; reason: ClickBotReason; evidence?: string };

type AgentRule = { pattern: RegExp; reason: ClickBotReason };

// User agents that fetch a link without a person behind the fetch, checked before isbot so the reason is specific.
// Patterns name the fetcher, not the app: the same apps' in-app browsers (FBAN/FBAV, Instagram, Snapchat/12,
// Viber/20, LinkedInApp, Telegram-Android, Pinterest/iOS) carry a person's click and must not match.
const AGENT_RULES: readonly AgentRule[] = [
  // Facebook/Messenger/Instagram share previews; iMessage (Apple LinkPresentation) and LINE borrow the same token.
  { pattern: /facebookexternalhit|facebookcatalog|\bfacebot\b|meta-externalfetcher/i, reason: "link_preview" },
  // WhatsApp's preview fetcher ("WhatsApp/2.24.6.77 A"); Signal and fediverse servers borrow its name ("WhatsApp/2").
  { pattern: /^whatsapp\b/i, reason: "link_preview" },
  // Slack unfurls and its image proxy (the Slack desktop app says "Slack/4.x" and is a person).
  { pattern: /slackbot|slack-imgproxy/i, reason: "link_preview" },
  // Telegram, Twitter/X, LinkedIn, Discord previews.
  { pattern: /telegrambot|twitterbot|linkedinbot|discordbot/i, reason: "link_preview" },
  // Skype and Microsoft Teams previews; Outlook/Teams/Bing link cards (MicrosoftPreview).
  { pattern: /skypeuripreview|microsoftpreview/i, reason: "link_preview" },
  // Office's check of a clicked link before it hands the link to the browser (the browser's request follows).
  { pattern: /microsoft office (?:protocol|existence) discovery/i, reason: "link_preview" },
  // Viber's preview fetcher (its in-app browser says "Viber/20.x" and is a person).
  { pattern: /viberurldownloader/i, reason: "link_preview" },
  // Google: Read Aloud (Assistant), and Gmail's image proxy fetching the open pixel.
  { pattern: /google-read-aloud|googleimageproxy/i, reason: "link_preview" },
  // Mail image proxies and link cards of other webmails.
  { pattern: /yahoomailproxy|yahoo link preview/i, reason: "link_preview" },
  // Other chat and social previews: Snapchat, Pinterest, Reddit, Mastodon, Bluesky, KakaoTalk, embed services.
  {
    pattern: /snap url preview|pinterest\/0\.|pinterestbot|redditbot|\bmastodon\/\d|bluesky cardyb|kakaotalk-scrap|embedly|iframely/i,
    reason: "link_preview",
  },
  // Microsoft Defender for Office 365 Safe Links and Bing's page snapshots open links before the person does.
  { pattern: /bingpreview/i, reason: "mail_scanner" },
  // Secure email gateways and link-reputation services that name themselves (many send a stock browser UA instead).
  {
    pattern:
      /barracuda|proofpoint|mimecast|ironport|cisco secure email|symantec|trend ?micro|sophos|forti(?:mail|guard)|forcepoint|fireeye|trellix|mcafee|check ?point|zscaler|avanan|kaspersky|hornetsecurity|libraesva|spamtitan|sonicwall|google-safety|virustotal/i,
    reason: "mail_scanner",
  },
  // Chrome's private prefetch proxy fetches links a search result page may lead to.
  { pattern: /privacy preserving prefetch proxy/i, reason: "prefetch" },
];

// Request headers browsers send when they fetch a page the person has not opened (yet).
const PREFETCH_HEADERS: readonly { name: string; pattern: RegExp }[] = [
  // Chrome/Edge speculation rules and <link rel=prefetch>: "prefetch", "prefetch;prerender".
  { name: "sec-purpose", pattern: /^\s*prefetch\b/i },
  // Older Chrome.
  { name: "purpose", pattern: /^\s*(?:prefetch|preview)\b/i },
  // Firefox.
  { name: "x-moz", pattern: /^\s*prefetch\b/i },
  // Safari's Top Sites thumbnails.
  { name: "x-purpose", pattern: /^\s*(?:prefetch|preview)\b/i },
];

/**
 * Whether a short-link click or an open pixel hit comes from a person or from a bot, a link preview, a mail
 * scanner or a prefetch. Pure: the request's method, user agent and headers only. An agent the rules miss and
 * isbot misses counts as a person; scanners that send a stock browser user agent need IP ranges, not this.
 */
export function classifyClick(input: ClickRequest): ClickAgent {
  if (input.method.trim().toUpperCase() === "HEAD") return { bot: true, reason: "head_request" };
  const prefetch = input.headers ? prefetchHeader(input.headers) : null;
  if (prefetch) return { bot: true, reason: "prefetch", evidence: prefetch };
  const userAgent = input.userAgent?.trim();
  if (!userAgent) return { bot: true, reason: "no_user_agent" };
  let agent = byUserAgent.get(userAgent);
  if (!agent) {
    agent = agentOf(userAgent);
    // A campaign's clicks come from a few thousand distinct agents: their verdicts are kept, not re-tested per click.
    if (byUserAgent.size >= KNOWN_AGENTS) byUserAgent.clear();
    byUserAgent.set(userAgent, agent);
  }
  return agent;
}

const KNOWN_AGENTS = 10_000;
const byUserAgent = new Map<string, ClickAgent>();

function agentOf(userAgent: string): ClickAgent {
  for (const rule of AGENT_RULES) {
    const found = rule.pattern.exec(userAgent);
    if (found) return { bot: true, reason: rule.reason, evidence: found[0] };
  }
  const crawler = findBotMatch(userAgent);
  return crawler ? { bot: true, reason: "crawler", evidence: crawler.trim() || userAgent.slice(0, 60) } : { bot: false };
}

/** The prefetch header as it came ("sec-purpose: prefetch"), or null. */
function prefetchHeader(headers: Record<string, string | undefined>): string | null {
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value !== undefined && PREFETCH_HEADERS.some((h) => h.name === lower && h.pattern.test(value))) return `${lower}: ${value.trim()}`;
  }
  return null;
}
