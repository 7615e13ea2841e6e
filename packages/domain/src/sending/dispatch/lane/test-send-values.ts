import { sql } from "drizzle-orm";
import type { MessageValues } from "../../../campaigns";
import type { TeamCtx } from "../../../shared/context";
import { type DbOrTx, one, rows } from "../../../shared/rows";

/*
 * The values a test message is rendered with: a real lead of the campaign's audience that has an address of the
 * test's channel, or sample values when the audience has none (a new campaign, an empty list).
 */

export type LeadValues = Omit<MessageValues, "link" | "unsubscribeUrl"> & { leadId: number | null };

/**
 * One lead of the audience with a phone (sms) or an email. UNION ALL with LIMIT stops at the first row found,
 * instead of de-duplicating a million-lead audience for one lead.
 */
async function audienceLead(db: DbOrTx, ctx: TeamCtx, campaignId: number, channel: "sms" | "email"): Promise<number | null> {
  const t = ctx.teamId;
  const of = (kind: string) => sql`a.team_id = ${t} AND a.campaign_id = ${campaignId} AND a.kind = ${kind}`;
  const address =
    channel === "sms"
      ? sql`EXISTS (SELECT 1 FROM lead_phones p WHERE p.team_id = ${t} AND p.lead_id = m.lead_id)`
      : sql`EXISTS (SELECT 1 FROM lead_emails e WHERE e.team_id = ${t} AND e.lead_id = m.lead_id)`;
  const found = await one<{ id: number }>(
    db,
    sql`SELECT m.lead_id::float8 AS id FROM (
          SELECT sl.lead_id FROM campaign_audiences a JOIN segment_leads sl ON sl.team_id = a.team_id AND sl.segment_id = a.ref_id WHERE ${of("segment")}
          UNION ALL SELECT ll.lead_id FROM campaign_audiences a JOIN list_leads ll ON ll.team_id = a.team_id AND ll.list_id = a.ref_id WHERE ${of("list")}
          UNION ALL SELECT ll.lead_id FROM campaign_audiences a JOIN lists li ON li.team_id = a.team_id AND li.source_id = a.ref_id
            JOIN list_leads ll ON ll.team_id = li.team_id AND ll.list_id = li.id WHERE ${of("source")}
        ) m WHERE ${address} LIMIT 1`,
  );
  return found ? found.id : null;
}

/** Every attribute slug of the team, with the lead's first value ("" when none) or, without a lead, its name. */
async function attributeValues(db: DbOrTx, ctx: TeamCtx, leadId: number | null): Promise<Record<string, string>> {
  const found = await rows<{ slug: string; name: string; value: string | null }>(
    db,
    sql`SELECT a.slug, a.name, l.attrs -> a.id::text ->> 0 AS value
        FROM lead_attributes a LEFT JOIN leads l ON l.team_id = a.team_id AND l.id = ${leadId ?? -1}
        WHERE a.team_id = ${ctx.teamId} ORDER BY a.sort_order, a.id`,
  );
  const out: Record<string, string> = {};
  for (const a of found) {
    if (Object.hasOwn(out, a.slug)) continue;
    out[a.slug] = leadId === null ? a.name : (a.value ?? "");
  }
  return out;
}

/** Sample values: the recipient's own address and the attributes' names, so a test shows where each value goes. */
const SAMPLE = { source: "Sample source", list: "Sample list" } as const;

export async function testLeadValues(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  channel: "sms" | "email",
  recipient: string,
): Promise<LeadValues> {
  return leadValues(db, ctx, await audienceLead(db, ctx, campaignId, channel), channel, recipient);
}

/** The values of one lead of the team (the caller knows it is the campaign's), or sample values for null. */
export async function leadValues(
  db: DbOrTx,
  ctx: TeamCtx,
  leadId: number | null,
  channel: "sms" | "email",
  recipient: string,
): Promise<LeadValues> {
  const attributes = await attributeValues(db, ctx, leadId);
  if (leadId === null) return { leadId, ...SAMPLE, phone: channel === "sms" ? recipient : "", attributes };
  const t = ctx.teamId;
  const lead = await one<{ phone: string | null; email: string | null; source: string | null; list: string | null }>(
    db,
    sql`SELECT (SELECT phone FROM lead_phones WHERE team_id = ${t} AND lead_id = ${leadId} ORDER BY id LIMIT 1) AS phone,
          (SELECT email FROM lead_emails WHERE team_id = ${t} AND lead_id = ${leadId} ORDER BY id LIMIT 1) AS email,
          s.name AS source, li.name AS list
        FROM (SELECT 1) x
        LEFT JOIN LATERAL (SELECT list_id FROM list_leads WHERE team_id = ${t} AND lead_id = ${leadId} ORDER BY created_at, list_id LIMIT 1) ll ON true
        LEFT JOIN lists li ON li.team_id = ${t} AND li.id = ll.list_id
        LEFT JOIN sources s ON s.team_id = ${t} AND s.id = li.source_id`,
  );
  // The system Phone and Email attributes hold no values in `attrs`: their addresses live in their own tables.
  if (lead?.phone && Object.hasOwn(attributes, "phone")) attributes.phone = lead.phone;
  if (lead?.email && Object.hasOwn(attributes, "email")) attributes.email = lead.email;
  return { leadId, source: lead?.source ?? "", list: lead?.list ?? "", phone: lead?.phone ?? "", attributes };
}
