import { type MessagePreview, type MessagePreviewRequest, senderOptionsOf, smsLength } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type CampaignRecord, campaignOf, newLinkCode, renderMessage, shortLink } from "../../campaigns";
import { loadGatewayForRun } from "../../gateways";
import { teamAnswerSender } from "../../keywords";
import type { TeamCtx } from "../../shared/context";
import { AppError } from "../../shared/errors";
import { type DbOrTx, one } from "../../shared/rows";
import { storedSender } from "../dispatch/lane/test-send-sender";
import { leadValues } from "../dispatch/lane/test-send-values";

/*
 * The step editor's phone preview (docs/product/campaigns.md, "Phone preview"): the draft SMS rendered with the same
 * renderer and values as a test send, for one lead of the campaign's audience that has a phone, with the ids of the
 * leads before and after it (keyset: one index seek per segment, list or source of the audience). The link is a
 * real-length code on the step's short domain, so the parts shown are the parts sent. Nothing is written.
 */

/** The sample lead's phone (a 555-01xx number, reserved for fiction) when the audience has no lead with a phone. */
const SAMPLE_PHONE = "+12015550123";

/**
 * The audience lead nearest `id` in one direction (`>` ascending, `<` descending, `=` the lead itself), among those
 * with a phone: per segment, list or source of the campaign, the first such lead of its primary key's order.
 */
async function seek(db: DbOrTx, ctx: TeamCtx, campaignId: number, op: ">" | "<" | "=", id: number): Promise<number | null> {
  const t = ctx.teamId;
  const cmp = (col: SQL) => (op === ">" ? sql`${col} > ${id}` : op === "<" ? sql`${col} < ${id}` : sql`${col} = ${id}`);
  const order = op === "<" ? sql`DESC` : sql`ASC`;
  const phone = (col: SQL) => sql`EXISTS (SELECT 1 FROM lead_phones p WHERE p.team_id = ${t} AND p.lead_id = ${col})`;
  const of = (kind: string) => sql`a.team_id = ${t} AND a.campaign_id = ${campaignId} AND a.kind = ${kind}`;
  const found = await one<{ id: number | null }>(
    db,
    sql`SELECT ${op === "<" ? sql`max` : sql`min`}(x.lead_id)::float8 AS id FROM (
          SELECT s.lead_id FROM campaign_audiences a CROSS JOIN LATERAL (
            SELECT sl.lead_id FROM segment_leads sl WHERE sl.team_id = ${t} AND sl.segment_id = a.ref_id AND ${cmp(sql`sl.lead_id`)}
              AND ${phone(sql`sl.lead_id`)} ORDER BY sl.lead_id ${order} LIMIT 1) s WHERE ${of("segment")}
          UNION ALL
          SELECT l.lead_id FROM campaign_audiences a CROSS JOIN LATERAL (
            SELECT ll.lead_id FROM list_leads ll WHERE ll.team_id = ${t} AND ll.list_id = a.ref_id AND ${cmp(sql`ll.lead_id`)}
              AND ${phone(sql`ll.lead_id`)} ORDER BY ll.lead_id ${order} LIMIT 1) l WHERE ${of("list")}
          UNION ALL
          SELECT l.lead_id FROM campaign_audiences a JOIN lists li ON li.team_id = a.team_id AND li.source_id = a.ref_id
            CROSS JOIN LATERAL (
            SELECT ll.lead_id FROM list_leads ll WHERE ll.team_id = ${t} AND ll.list_id = li.id AND ${cmp(sql`ll.lead_id`)}
              AND ${phone(sql`ll.lead_id`)} ORDER BY ll.lead_id ${order} LIMIT 1) l WHERE ${of("source")}
        ) x`,
  );
  return found?.id ?? null;
}

/** The number (or messaging service) the lead's phone shows, and the gateway it goes through. */
async function senderOf(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord): Promise<MessagePreview["sender"]> {
  const stored = c.sender_type === "gateway" ? undefined : await storedSender(db, ctx, c);
  const gatewayId = c.sender_type === "gateway" ? c.gateway_id : (stored?.gateway_id ?? null);
  const gw = gatewayId === null ? null : await loadGatewayForRun(db, ctx.teamId, gatewayId);
  const number =
    c.sender_type !== "gateway"
      ? (stored?.sender ?? null)
      : c.ms_sid
        ? c.ms_name || c.ms_sid
        : gw
          ? (senderOptionsOf(gw.type, gw.senders).from[0]?.key ?? null)
          : null;
  return { number, name: gw?.name ?? null };
}

/** The link's base, as the engine picks it: the step's short domain while the team may use it, else the app's host. */
async function linkBase(db: DbOrTx, ctx: TeamCtx, domainId: number | null | undefined, publicUrl: string) {
  const domain = domainId
    ? await one<{ url: string; https_enabled: boolean }>(
        db,
        sql`SELECT url, https_enabled FROM short_url_domains WHERE team_id = ${ctx.teamId} AND id = ${domainId} AND access = 'enabled'`,
      )
    : undefined;
  if (domain) return { host: domain.url, https: domain.https_enabled };
  const app = new URL(publicUrl);
  return { host: app.host, https: app.protocol === "https:" };
}

const NAME_SLUGS = ["first_name", "last_name"] as const;

/** POST /api/campaigns/{id}/message-preview. Another team's campaign, or a lead outside the audience: 404. */
export async function previewMessage(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  input: MessagePreviewRequest,
  env: { publicUrl: string },
): Promise<MessagePreview> {
  const c = await campaignOf(db, ctx, campaignId);
  const wanted = input.lead_id ?? null;
  const leadId = wanted === null ? await seek(db, ctx, c.id, ">", 0) : await seek(db, ctx, c.id, "=", wanted);
  if (wanted !== null && leadId === null) throw new AppError("lead_not_found");
  const previous = leadId === null ? null : await seek(db, ctx, c.id, "<", leadId);
  const next = leadId === null ? null : await seek(db, ctx, c.id, ">", leadId);
  const values = await leadValues(db, ctx, leadId, "sms", SAMPLE_PHONE);
  const base = await linkBase(db, ctx, input.short_url_domain_id, env.publicUrl);
  // Without a lead, the sample values (as a test send's) show where each value goes: an attribute's name.
  const body = renderMessage(input.message, { ...values, link: shortLink(base, newLinkCode(11)), unsubscribeUrl: "" });
  const length = smsLength(body, { placeholders: false });
  const name = NAME_SLUGS.map((s) => values.attributes[s]?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  const sender = await senderOf(db, ctx, c);
  const brand = await teamAnswerSender(db, ctx.teamId);
  return {
    body,
    encoding: length.encoding,
    characters: length.characters,
    parts: length.parts,
    sender,
    lead: leadId === null ? null : { id: leadId, name: name || null, phone: values.phone || null },
    previous_lead_id: previous,
    next_lead_id: next,
    brand: brand.brand,
  };
}
