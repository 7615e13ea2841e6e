import type { ClickBotReason } from "./click-agent";

/*
 * What a short link answers (docs/short-links.md), as a pure function of the link, the request and the clock. The rules
 * run in the product's order: expired → desktop blocked → state filtered → after the first click → the target. A hit
 * from a machine (a bot, a link preview, a HEAD request, a mail scanner) is redirected like a link's own rule says
 * (an expired link stays expired) but otherwise to the target: the desktop, state and first-click rules describe
 * the person holding the phone, and a machine is not that person — it is stored flagged and never counted.
 */

/** Why a hit was not counted or went elsewhere (`message_hits.reason`); null: a counted hit to the target. */
export const HitReasons = [
  "bot",
  "preview",
  "head",
  "scanner",
  "prefetch",
  "expired",
  "desktop",
  "state_filter",
  "after_first_click",
] as const;
export type HitReason = (typeof HitReasons)[number];

/** The classifier's reasons in the audit trail's words. */
export const BotHitReason = {
  head_request: "head",
  prefetch: "prefetch",
  no_user_agent: "bot",
  link_preview: "preview",
  mail_scanner: "scanner",
  crawler: "bot",
} as const satisfies Record<ClickBotReason, HitReason>;

/** What the rules read of a link: its step's options, its campaign's Expire All Links and its domain's fallbacks. */
export interface LinkFacts {
  target: string;
  createdAt: number;
  /** Expire All Links: links created before it are expired. */
  campaignLinksExpiredAt: number | null;
  expireLink: boolean;
  expireLinkDays: number | null;
  redirectForExpire: string | null;
  expireAfterFirstClick: boolean;
  redirectAfterFirstClick: string | null;
  blockDesktop: boolean;
  redirectForDesktop: string | null;
  filterState: boolean;
  redirectForState: string | null;
  trackRevenue: boolean;
  /** The lead's US state (two letters) the state filter compares with: its state attribute, else its phone's. */
  leadState: string | null;
  /** The domain the link was sent on: where filtered and state-filtered clicks go when the step names nowhere. */
  domainFilterRedirect: string | null;
  domainStateFilterRedirect: string | null;
  /** Where the bare domain goes: the way on from Leadflow's own expired-link page. */
  domainRedirectTo: string | null;
  /** The domain's fallback for an expired link (`short_url_domains.expired_redirect`). */
  domainExpiredRedirect: string | null;
  /** The first counted click (this process's, or the database's as cached). */
  firstClickedAt: number | null;
}

/** What the rules read of the request. */
export interface HitFacts {
  bot: ClickBotReason | null;
  desktop: boolean;
  /** Where the address geolocates: a country code, and a US state's two letters when in the US. */
  country: string | null;
  usState: string | null;
}

/** A redirect (`url` null: nowhere to send it — the caller answers its small page instead). */
export interface LinkDecision {
  url: string | null;
  reason: HitReason | null;
  /** A counted click: it uses up "first click", feeds counters, the lead and the triggers. */
  counted: boolean;
}

const DAY_MS = 86_400_000;

export function isExpired(link: LinkFacts, now: number): boolean {
  if (link.campaignLinksExpiredAt !== null && link.createdAt <= link.campaignLinksExpiredAt) return true;
  return link.expireLink && link.expireLinkDays !== null && now >= link.createdAt + link.expireLinkDays * DAY_MS;
}

/**
 * State filter: a click from a place other than the lead's state goes elsewhere. Only a known answer filters — an
 * address that does not geolocate, or a lead whose state is unknown, passes (a person is not punished for our gap).
 */
export function stateFiltered(link: LinkFacts, hit: HitFacts): boolean {
  if (!link.filterState || !link.leadState) return false;
  if (hit.country && hit.country !== "US") return true;
  return hit.usState !== null && hit.usState !== link.leadState;
}

export function decideLink(link: LinkFacts, hit: HitFacts, now: number): LinkDecision {
  // The step's expiry URL, else the domain's fallback; with neither, the caller answers Leadflow's expired page.
  const expiredUrl = link.redirectForExpire ?? link.domainExpiredRedirect;
  if (isExpired(link, now)) return { url: expiredUrl, reason: hit.bot ? BotHitReason[hit.bot] : "expired", counted: false };
  if (hit.bot) return { url: link.target, reason: BotHitReason[hit.bot], counted: false };
  if (link.blockDesktop && hit.desktop)
    return { url: link.redirectForDesktop ?? link.domainFilterRedirect, reason: "desktop", counted: false };
  if (stateFiltered(link, hit))
    return { url: link.redirectForState ?? link.domainStateFilterRedirect, reason: "state_filter", counted: false };
  if (link.expireAfterFirstClick && link.firstClickedAt !== null)
    return { url: link.redirectAfterFirstClick ?? expiredUrl, reason: "after_first_click", counted: false };
  return { url: link.target, reason: null, counted: true };
}

const CLICK_ID = "{click_id}";
const REVENUE_TOKEN = "{revenue_token}";

/**
 * The URL a hit goes to, its macros filled with the hit's public id: `{click_id}` wherever the target has it, the
 * step's revenue token (`revenue={revenue_token}`), and — when the step tracks revenue — a `click_id` parameter the
 * landing page hands to the partner, who posts it back. A target that already carries `click_id=` keeps its own.
 */
export function fillTarget(url: string, hitId: string, trackRevenue: boolean): string {
  const id = encodeURIComponent(hitId);
  let out = url.split(CLICK_ID).join(id).split(REVENUE_TOKEN).join(id);
  if (trackRevenue && !/[?&]click_id=/.test(out)) {
    const hash = out.indexOf("#");
    const [base, frag] = hash === -1 ? [out, ""] : [out.slice(0, hash), out.slice(hash)];
    out = `${base}${base.includes("?") ? "&" : "?"}click_id=${id}${frag}`;
  }
  return out;
}

// Phones and tablets say so; a desktop browser names a desktop system and none of these.
const MOBILE = /mobi|android|iphone|ipad|ipod|windows phone|blackberry|bb10|opera mini|iemobile|silk\/|kindle|webos|kaios/i;
const DESKTOP = /windows nt|macintosh|mac os x|x11|linux x86_64|cros /i;

/**
 * A desktop browser, for "block desktop traffic". iPadOS asks for desktop sites with a Mac user agent by default and
 * cannot be told from a Mac here; an agent naming no system is not called desktop.
 */
export function isDesktopAgent(userAgent: string | null): boolean {
  if (!userAgent) return false;
  return !MOBILE.test(userAgent) && DESKTOP.test(userAgent);
}
