import type { ClickBotReason } from "./click-agent";
import { CLICK_BOT_REASONS } from "./click-agent";
import type { HitReason } from "./link-rules";

/*
 * Why the redirect did not count a click, in words, for the Redirects tab: which rule decided (the user agent, the
 * request itself, the link's own rules) and what the request showed — the agent's matching words, the prefetch
 * header, the place — and the network it came from when that is a datacenter's (where scanners and proxies click,
 * and people rarely do). Read from what the hit stored: its reason, `reason_detail` ("link_preview: Slackbot", or the
 * classifier's reason alone for hits stored before the evidence was kept), the user agent and the network.
 */

export interface StoredHit {
  reason: string;
  reason_detail: string | null;
  user_agent: string | null;
  asname: string | null;
  proxy: boolean | null;
}

export interface HitExplanation {
  rule: string;
  why: string;
}

/** Which rule a stored reason is. */
export const HitRules = {
  bot: "User agent",
  preview: "User agent",
  scanner: "User agent",
  head: "Request method",
  prefetch: "Prefetch",
  expired: "Link expiry",
  desktop: "Desktop filter",
  state_filter: "State filter",
  after_first_click: "First click",
} as const satisfies Record<HitReason, string>;

const isBotReason = (s: string): s is ClickBotReason => (CLICK_BOT_REASONS as readonly string[]).includes(s);

/** `reason_detail` as the classifier's reason and its evidence. */
function detailOf(detail: string | null): { bot: ClickBotReason | null; evidence: string | null; text: string | null } {
  if (!detail) return { bot: null, evidence: null, text: null };
  const at = detail.indexOf(": ");
  const head = at === -1 ? detail : detail.slice(0, at);
  if (!isBotReason(head)) return { bot: null, evidence: null, text: detail };
  return { bot: head, evidence: at === -1 ? null : detail.slice(at + 2), text: null };
}

const quoted = (s: string) => `"${s}"`;

/** The system a desktop agent names, for "a desktop browser (Windows)". */
function systemOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  if (/windows nt/i.test(userAgent)) return "Windows";
  if (/cros /i.test(userAgent)) return "ChromeOS";
  if (/macintosh|mac os x/i.test(userAgent)) return "macOS";
  if (/linux|x11/i.test(userAgent)) return "Linux";
  return null;
}

function botWhy(bot: ClickBotReason, evidence: string | null): string {
  switch (bot) {
    case "head_request":
      return "A HEAD request asks for the headers only; a browser opening a link sends GET.";
    case "prefetch":
      return evidence
        ? `The browser fetched the link ahead of a tap (${evidence}).`
        : "The link was fetched ahead of a tap (a prefetch), not opened.";
    case "no_user_agent":
      return "The request named no user agent; every browser sends one.";
    case "link_preview":
      return `A link preview: ${evidence ? quoted(evidence) : "an app"} fetched the link to show a card where it was shared.`;
    case "mail_scanner":
      return `A mail or link scanner${evidence ? ` (${quoted(evidence)})` : ""} opened the link before the person could.`;
    case "crawler":
      return `The user agent names a crawler or a script${evidence ? ` (${quoted(evidence)})` : ""}, not a browser.`;
  }
}

export function explainHit(h: StoredHit): HitExplanation {
  const reason = h.reason as HitReason;
  const detail = detailOf(h.reason_detail);
  const rule = (HitRules as Record<string, string>)[reason] ?? "Redirect rule";
  let why: string;
  if (detail.bot) why = botWhy(detail.bot, detail.evidence);
  else
    switch (reason) {
      case "expired":
        why = "The link had expired (the step's expiry days, or Expire All Links).";
        break;
      case "desktop": {
        const system = systemOf(h.user_agent);
        why = `A desktop browser${system ? ` (${system})` : ""}, and the step blocks desktop traffic.`;
        break;
      }
      case "state_filter":
        why = detail.text
          ? `Clicked from ${detail.text.replace(" ≠ ", ", not the lead's state ")}.`
          : "Clicked from outside the lead's state.";
        break;
      case "after_first_click":
        why = "The link had been used: the step sends clicks after the first one elsewhere.";
        break;
      case "head":
        why = botWhy("head_request", null);
        break;
      case "prefetch":
        why = botWhy("prefetch", null);
        break;
      case "preview":
        why = botWhy("link_preview", null);
        break;
      case "scanner":
        why = botWhy("mail_scanner", null);
        break;
      default:
        why = botWhy("crawler", null);
    }
  if (h.proxy) why += ` From a datacenter network${h.asname ? ` (${h.asname})` : ""}.`;
  return { rule, why };
}
