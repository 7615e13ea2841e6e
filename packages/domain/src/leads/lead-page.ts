import type {
  AnyLeadValue,
  AttributeType,
  CampaignStatus,
  CampaignType,
  CarrierStatus,
  LeadCampaigns,
  LeadDetail,
  LeadSources,
  MessageState,
  RndResult,
} from "@leadflow/contracts";
import {
  CampaignStatusLabels,
  CampaignTypeLabels,
  CarrierStatuses,
  CarrierStatusLabels,
  EmailStatusLabels,
  LeadStatusLabels,
  PhoneStatusLabels,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, iso, one, rows } from "../shared/rows";
import { leadLedger } from "./lead-messages";
import { encodeValueId, valueHash } from "./lead-value-ids";

interface LeadRecord {
  id: number;
  status: number;
  created_at: string | Date;
  updated_at: string | Date;
  duplicates_count: number;
  revenue: number;
  total_clicks: number;
  last_clicked_at: string | Date | null;
  total_conversations: number;
}

interface AttributeRef {
  attribute_id: number;
  attribute_name: string;
  attribute_type: AttributeType;
  sort_order: number;
}

type PhoneRecord = AttributeRef & {
  row_id: number;
  phone: string;
  status: number;
  carrier_name: string | null;
  carrier_type: string | null;
  carrier_status: number | null;
  clicked: boolean;
  ban: boolean;
  unsubscribed: boolean;
  state: string | null;
  city: string | null;
  timezone: string | null;
  lookup_action: string | null;
  lookup_reason: string | null;
  dnc_code: string | null;
  dnc_message: string | null;
  rnd_result: RndResult | null;
  rnd_since: string | null;
  rnd_checked_at: string | null;
};
type EmailRecord = AttributeRef & { row_id: number; email: string; status: number; result: string | null };
type StringRecord = AttributeRef & { value: string };

const label = <M extends Record<number, string>>(labels: M, n: number | null): string | null =>
  n === null ? null : ((labels as Record<number, string>)[n] ?? null);

/** Providers' words for a line type, letters only and lower-cased; any other word is 'Other'. */
const LINE_TYPES: Record<string, CarrierStatus> = {
  mobile: CarrierStatuses.mobile,
  wireless: CarrierStatuses.mobile,
  cellular: CarrierStatuses.mobile,
  cell: CarrierStatuses.mobile,
  landline: CarrierStatuses.landline,
  fixedline: CarrierStatuses.landline,
  fixed: CarrierStatuses.landline,
  voip: CarrierStatuses.voip,
  fixedvoip: CarrierStatuses.voip,
  nonfixedvoip: CarrierStatuses.voip,
  other: CarrierStatuses.other,
};

/**
 * A phone's line type for the lead page: its `carrier_status` when a lookup recorded one, else what the
 * provider's `carrier_type` says; null when neither is known (not looked up).
 */
export function carrierStatusLabel(carrierStatus: number | null, carrierType: string | null): string | null {
  const byStatus = label(CarrierStatusLabels, carrierStatus);
  if (byStatus) return byStatus;
  const word = carrierType?.toLowerCase().replace(/[^a-z]/g, "");
  if (!word) return null;
  return CarrierStatusLabels[LINE_TYPES[word] ?? CarrierStatuses.other];
}

const attributeOf = (r: AttributeRef) => ({ id: r.attribute_id, name: r.attribute_name, type: r.attribute_type, sort_order: r.sort_order });

/** The lead itself, or 404 (another team's lead is not found either). */
export async function leadRecord(db: DbOrTx, teamId: number, leadId: number): Promise<LeadRecord> {
  const lead = await one<LeadRecord>(
    db,
    sql`SELECT id::float8 AS id, status::int AS status, created_at, updated_at, duplicates_count, revenue::float8 AS revenue,
          total_clicks, last_clicked_at, total_conversations
        FROM leads WHERE team_id = ${teamId} AND id = ${leadId}`,
  );
  if (!lead) throw new AppError("lead_not_found");
  return lead;
}

const systemAttribute = (teamId: number, type: "phone" | "email") =>
  sql`JOIN lead_attributes a ON a.team_id = ${teamId} AND a.is_system AND a.type = ${type}`;
const attributeColumns = sql`a.id AS attribute_id, a.name AS attribute_name, a.type AS attribute_type, a.sort_order`;

/**
 * GET /api/leads/{id}: phones (with their lookup fields), emails, then string values in the attributes' order,
 * and the lists holding the lead. 'Not Checked' phones are status 1 and show as Subscribed.
 */
export async function getLeadDetail(db: DbOrTx, ctx: TeamCtx, leadId: number): Promise<LeadDetail> {
  const t = ctx.teamId;
  const lead = await leadRecord(db, t, leadId);
  const phones = await rows<PhoneRecord>(
    db,
    sql`SELECT p.id::float8 AS row_id, p.phone, p.status::int AS status, p.carrier_name, p.carrier_type, p.carrier_status::int AS carrier_status,
          p.clicked, p.ban, p.unsubscribed, p.state, p.city, p.timezone, p.lookup_action, p.lookup_reason,
          p.dnc_code, p.dnc_message, p.rnd_result, p.rnd_since, p.rnd_checked_at, ${attributeColumns}
        FROM lead_phones p ${systemAttribute(t, "phone")} WHERE p.team_id = ${t} AND p.lead_id = ${leadId} ORDER BY p.id`,
  );
  const emails = await rows<EmailRecord>(
    db,
    sql`SELECT e.id::float8 AS row_id, e.email, e.status::int AS status, e.result, ${attributeColumns}
        FROM lead_emails e ${systemAttribute(t, "email")} WHERE e.team_id = ${t} AND e.lead_id = ${leadId} ORDER BY e.id`,
  );
  const strings = await rows<StringRecord>(
    db,
    sql`SELECT v.value, ${attributeColumns}
        FROM leads l
        CROSS JOIN LATERAL jsonb_each(l.attrs) AS e(key, vals)
        CROSS JOIN LATERAL jsonb_array_elements_text(e.vals) WITH ORDINALITY AS v(value, ord)
        JOIN lead_attributes a ON a.team_id = l.team_id AND a.id = e.key::int
        WHERE l.team_id = ${t} AND l.id = ${leadId}
        ORDER BY a.sort_order, a.id, v.ord`,
  );
  const lists = await rows<{ id: number; name: string; source_id: number; source_name: string }>(
    db,
    sql`SELECT li.id, li.name, s.id AS source_id, s.name AS source_name
        FROM list_leads m JOIN lists li ON li.team_id = m.team_id AND li.id = m.list_id JOIN sources s ON s.team_id = li.team_id AND s.id = li.source_id
        WHERE m.team_id = ${t} AND m.lead_id = ${leadId} ORDER BY s.name, s.id, li.name, li.id`,
  );

  const values: AnyLeadValue[] = [
    ...phones.map(
      (p): AnyLeadValue => ({
        kind: "phone",
        id: encodeValueId({ kind: "phone", leadId, rowId: p.row_id }),
        value: p.phone,
        attribute: attributeOf(p),
        status: p.status,
        status_label: label(PhoneStatusLabels, p.status),
        carrier_name: p.carrier_name,
        carrier_type: p.carrier_type,
        carrier_status: p.carrier_status,
        carrier_status_label: carrierStatusLabel(p.carrier_status, p.carrier_type),
        clicked: p.clicked,
        ban: p.ban,
        unsubscribed: p.unsubscribed,
        state: p.state,
        city: p.city,
        timezone: p.timezone,
        lookup_action: p.lookup_action,
        lookup_reason: p.lookup_reason,
        black_list_alliance_phone_code: p.dnc_code,
        black_list_alliance_phone_message: p.dnc_message,
        rnd_result: p.rnd_result,
        rnd_since: p.rnd_since,
        rnd_checked_at: iso(p.rnd_checked_at),
      }),
    ),
    ...emails.map(
      (e): AnyLeadValue => ({
        kind: "email",
        id: encodeValueId({ kind: "email", leadId, rowId: e.row_id }),
        value: e.email,
        attribute: attributeOf(e),
        status: e.status,
        status_label: label(EmailStatusLabels, e.status),
        result: e.result,
      }),
    ),
    ...strings.map(
      (s): AnyLeadValue => ({
        kind: "string",
        id: encodeValueId({ kind: "string", leadId, attributeId: s.attribute_id, hash: valueHash(s.value) }),
        value: s.value,
        attribute: attributeOf(s),
        status: null,
        status_label: null,
      }),
    ),
  ];

  return {
    id: lead.id,
    status: lead.status,
    status_label: label(LeadStatusLabels, lead.status) ?? String(lead.status),
    created_at: iso(lead.created_at)!,
    updated_at: iso(lead.updated_at)!,
    duplicates_count: lead.duplicates_count,
    revenue: lead.revenue,
    lead_values: values,
    lists: lists.map((l) => ({ id: l.id, name: l.name, source: { id: l.source_id, name: l.source_name } })),
    // Campaign engagement, maintained on the lead by the campaigns' event writers.
    lifetime_value: lead.revenue,
    total_conversations: lead.total_conversations,
    last_clicked_at: iso(lead.last_clicked_at),
    total_clicks: lead.total_clicks,
  };
}

/** GET /api/leads/{id}/sources: the lead's sources, each with its lists that hold the lead. */
export async function getLeadSources(db: DbOrTx, ctx: TeamCtx, leadId: number): Promise<LeadSources> {
  await leadRecord(db, ctx.teamId, leadId);
  const found = await rows<{ id: number; name: string; lists: { id: number; name: string }[] }>(
    db,
    sql`SELECT s.id, s.name, json_agg(json_build_object('id', li.id, 'name', li.name) ORDER BY li.name, li.id) AS lists
        FROM list_leads m JOIN lists li ON li.team_id = m.team_id AND li.id = m.list_id JOIN sources s ON s.team_id = li.team_id AND s.id = li.source_id
        WHERE m.team_id = ${ctx.teamId} AND m.lead_id = ${leadId}
        GROUP BY s.id, s.name ORDER BY s.name, s.id`,
  );
  return { data: found };
}

/** GET /api/leads/{id}/segments: the audiences and segments that hold the lead (their materialised membership). */
export async function getLeadSegments(db: DbOrTx, ctx: TeamCtx, leadId: number) {
  await leadRecord(db, ctx.teamId, leadId);
  const data = await rows<{ id: number; name: string; parent_id: number | null }>(
    db,
    sql`SELECT s.id, s.name, s.parent_id FROM segment_leads m JOIN segments s ON s.team_id = m.team_id AND s.id = m.segment_id
        WHERE m.team_id = ${ctx.teamId} AND m.lead_id = ${leadId} ORDER BY s.parent_id NULLS FIRST, s.name, s.id`,
  );
  return { data };
}

/**
 * GET /api/leads/{id}/campaigns: the campaigns with a message for the lead, latest sent first, each with the lead's
 * figures in it. The ledger is probed through the team's steps (lead-messages.ts); a deleted campaign is left out.
 */
export async function getLeadCampaigns(db: DbOrTx, ctx: TeamCtx, leadId: number): Promise<LeadCampaigns> {
  await leadRecord(db, ctx.teamId, leadId);
  const found = await rows<{
    id: number;
    name: string;
    type: CampaignType;
    status: CampaignStatus;
    messages: number;
    state: MessageState;
    sent_at: string | Date | null;
    clicked_at: string | Date | null;
    revenue: number;
  }>(
    db,
    sql`SELECT c.id, c.name, c.type, c.status, count(*)::int AS messages,
          (array_agg(m.state ORDER BY coalesce(m.sent_at, m.submitted_at, m.due_at) DESC, m.id DESC))[1] AS state,
          max(coalesce(m.sent_at, m.submitted_at)) AS sent_at, min(m.clicked_at) AS clicked_at, sum(m.revenue)::float8 AS revenue
        ${leadLedger(ctx.teamId, leadId, { and: sql`c.deleted_at IS NULL` })}
        GROUP BY c.id, c.name, c.type, c.status
        ORDER BY max(coalesce(m.sent_at, m.submitted_at)) DESC NULLS LAST, c.id DESC`,
  );
  return {
    data: found.map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      type_label: CampaignTypeLabels[c.type],
      status: c.status,
      status_label: CampaignStatusLabels[c.status],
      messages: c.messages,
      state: c.state,
      sent_at: iso(c.sent_at),
      clicked: c.clicked_at !== null,
      clicked_at: iso(c.clicked_at),
      revenue: c.revenue,
    })),
  };
}
