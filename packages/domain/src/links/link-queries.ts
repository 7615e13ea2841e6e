import { sql } from "drizzle-orm";
import { usStateCode } from "../sending";
import { type DbOrTx, one, rows, textArray } from "../shared/rows";
import type { LinkFacts } from "./link-rules";

/*
 * The reads behind the redirect's cache: one indexed read for a batch of codes (the primary key, `= ANY`) with
 * everything the rules and the click's writes need — the message's keys, the step's options, the campaign's Expire All Links, the domain's
 * fallbacks, the lead's state — and one per message for the open pixel.
 */

/** Where a hit belongs, and what it starts. */
export interface HitOwner {
  teamId: number;
  campaignId: number;
  stepId: number;
  partId: number;
  messageId: number;
  leadId: number;
  /** The message's address: the lead's phone whose "clicked" a click sets. */
  channel: string;
  address: string;
  /** The trigger campaigns a counted hit enrols the lead in (click trigger; 2FA link view). */
  clickTriggerCampaignId: number | null;
  twoFaCampaignId: number | null;
}

export interface LinkEntry extends HitOwner {
  code: string;
  facts: LinkFacts;
  /** The name the team's pages carry (its brand name, else its name): the expired-link page. */
  brand: string;
}

export interface LinkRow {
  code: string;
  team_id: number;
  campaign_id: number;
  step_id: number;
  part_id: number;
  message_id: number;
  lead_id: number;
  redirect_to: string;
  created_at: string | Date;
  first_clicked_at: string | Date | null;
  links_expired_at: string | Date | null;
  options: Record<string, unknown> | null;
  step_click_trigger: number | null;
  campaign_click_trigger: number | null;
  two_fa_campaign_id: number | null;
  channel: string | null;
  address: string | null;
  domain_redirect_to: string | null;
  filter_redirect: string | null;
  state_filter_redirect: string | null;
  expired_redirect: string | null;
  brand: string;
  attr_state: string | null;
  phone_state: string | null;
}

const time = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());
const flag = (o: Record<string, unknown>, k: string) => o[k] === true || o[k] === "1" || o[k] === 1;
const text = (o: Record<string, unknown>, k: string) =>
  typeof o[k] === "string" && (o[k] as string).trim() ? (o[k] as string).trim() : null;
const int = (o: Record<string, unknown>, k: string) => {
  const n = Number(o[k]);
  return o[k] !== null && o[k] !== "" && Number.isInteger(n) && n > 0 ? n : null;
};

export async function loadLink(db: DbOrTx, code: string): Promise<LinkEntry | null> {
  return (await loadLinks(db, [code])).get(code) ?? null;
}

/** The links of `codes` that exist, by code: the misses of many concurrent redirects in one read. */
export async function loadLinks(db: DbOrTx, codes: readonly string[]): Promise<Map<string, LinkEntry>> {
  const found = new Map<string, LinkEntry>();
  if (codes.length === 0) return found;
  const list = await rows<LinkRow>(
    db,
    sql`SELECT l.code, l.team_id, l.campaign_id, l.step_id, l.part_id, l.message_id::float8 AS message_id, l.lead_id::float8 AS lead_id,
          l.redirect_to, l.created_at, l.first_clicked_at, c.links_expired_at, s.options,
          s.click_automation_campaign_id AS step_click_trigger, c.click_automation_campaign_id AS campaign_click_trigger,
          CASE WHEN s.options->>'is_2fa_link_view' = 'true' THEN s.two_fa_automation_campaign_id END AS two_fa_campaign_id,
          m.channel, m.address, d.redirect_to AS domain_redirect_to, d.filter_redirect, d.state_filter_redirect, d.expired_redirect,
          coalesce(nullif(btrim(t.brand_name), ''), t.name) AS brand,
          CASE WHEN s.options->>'state_attribute_id' ~ '^[0-9]{1,9}$' THEN ld.attrs -> (s.options->>'state_attribute_id') ->> 0 END AS attr_state,
          p.state AS phone_state
        FROM campaign_links l
        JOIN campaigns c ON c.id = l.campaign_id
        JOIN teams t ON t.id = l.team_id
        LEFT JOIN campaign_steps s ON s.id = l.part_id
        LEFT JOIN short_url_domains d ON d.id = s.short_url_domain_id AND d.team_id = l.team_id AND d.access = 'enabled'
        LEFT JOIN campaign_messages m ON m.id = l.message_id
        LEFT JOIN leads ld ON ld.team_id = l.team_id AND ld.id = l.lead_id
        LEFT JOIN lead_phones p ON p.team_id = l.team_id AND p.phone = m.address AND m.channel = 'sms'
        WHERE l.code = ANY(${textArray(codes)})`,
  );
  for (const r of list) found.set(r.code, linkEntry(r));
  return found;
}

export function linkEntry(r: LinkRow): LinkEntry {
  const o = r.options ?? {};
  return {
    code: r.code,
    teamId: r.team_id,
    campaignId: r.campaign_id,
    stepId: r.step_id,
    partId: r.part_id,
    messageId: r.message_id,
    leadId: r.lead_id,
    channel: r.channel ?? "sms",
    address: r.address ?? "",
    clickTriggerCampaignId: r.step_click_trigger ?? r.campaign_click_trigger,
    twoFaCampaignId: r.two_fa_campaign_id,
    brand: r.brand,
    facts: {
      target: r.redirect_to,
      createdAt: time(r.created_at)!,
      campaignLinksExpiredAt: time(r.links_expired_at),
      expireLink: flag(o, "expire_link"),
      expireLinkDays: int(o, "expire_link_days"),
      redirectForExpire: text(o, "redirect_link_for_expire"),
      expireAfterFirstClick: flag(o, "expire_link_after_first_click"),
      redirectAfterFirstClick: text(o, "redirect_link_after_first_click"),
      blockDesktop: flag(o, "is_block_desktop_traffic"),
      redirectForDesktop: text(o, "redirect_link_for_block_desktop_traffic"),
      filterState: flag(o, "is_filtering_state_phone_number"),
      redirectForState: text(o, "redirect_link_for_state_filtered"),
      trackRevenue: flag(o, "is_tracking_revenue"),
      leadState: usStateCode(r.attr_state) ?? usStateCode(r.phone_state),
      domainFilterRedirect: r.filter_redirect,
      domainStateFilterRedirect: r.state_filter_redirect,
      domainRedirectTo: r.domain_redirect_to,
      domainExpiredRedirect: r.expired_redirect,
      firstClickedAt: time(r.first_clicked_at),
    },
  };
}

/** A campaign's Expire All Links moment (ms), read apart from its links: it changes after they are cached. */
export async function loadLinksExpiredAt(db: DbOrTx, campaignId: number): Promise<number | null> {
  const r = await one<{ at: string | Date | null }>(db, sql`SELECT links_expired_at AS at FROM campaigns WHERE id = ${campaignId}`);
  return time(r?.at ?? null);
}

/** An email message whose step tracks opens, with its gateway (whose secret signs the pixel). */
export interface OpenEntry extends HitOwner {
  gatewayId: number | null;
}

export async function loadOpenTarget(db: DbOrTx, messageId: number): Promise<OpenEntry | null> {
  const r = await one<{
    team_id: number;
    campaign_id: number;
    step_id: number;
    part_id: number;
    lead_id: number;
    gateway_id: number | null;
    address: string;
  }>(
    db,
    sql`SELECT m.team_id, m.campaign_id, m.step_id, m.part_id, m.lead_id::float8 AS lead_id, m.gateway_id, m.address
        FROM campaign_messages m JOIN campaign_steps s ON s.id = m.part_id
        WHERE m.id = ${messageId} AND m.channel = 'email' AND s.options->>'is_tracking_opens' = 'true'`,
  );
  if (!r) return null;
  return {
    teamId: r.team_id,
    campaignId: r.campaign_id,
    stepId: r.step_id,
    partId: r.part_id,
    messageId,
    leadId: r.lead_id,
    channel: "email",
    address: r.address,
    clickTriggerCampaignId: null,
    twoFaCampaignId: null,
    gatewayId: r.gateway_id,
  };
}
