import { type ConsentPhone, type ConsentRecord, type LeadConsent, type MessageReason, MessageReasons } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { getLeadDetail, leadLedger } from "../leads";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, iso, rows } from "../shared/rows";
import { consentPhones, consentProofVerdict, consentRecords } from "./lead-consent";

/*
 * Everything Leadflow knows about one lead's consent and what it was sent — the compliance file's JSON for the lead,
 * which its PDF renders (docs/compliance.md, The format). Read per lead, through the lead's own keys: its consent
 * records and phones by (team, lead), its messages by the ledger's unique key through the team's steps, its replies
 * and suppressions by its addresses.
 */

export const DOSSIER_FORMAT = "leadflow.compliance/1";

export interface DossierMessage {
  id: number;
  kind: "campaign" | "welcome";
  campaign_id: number;
  campaign_name: string;
  step: string | null;
  channel: "sms" | "email";
  to: string;
  from: string | null;
  state: string;
  reason: string | null;
  reason_label: string | null;
  subject: string | null;
  text: string | null;
  provider_id: string | null;
  error: string | null;
  submitted_at: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  /** The sending window that applied: the recipient's zone (and where it came from), state, country, and the row's bounds. */
  window: {
    time_zone: string | null;
    time_zone_source: string | null;
    us_state: string | null;
    country: string | null;
    due_at: string | null;
    not_after: string | null;
  } | null;
}

export interface DossierReply {
  id: number;
  received_at: string;
  from: string;
  to: string;
  text: string;
  /** stop, start, help, keyword, fuzzy_stop, none */
  intent: string;
  campaign_name: string | null;
  answer: { text: string | null; state: string | null; sent_at: string | null; error: string | null } | null;
}

export interface DossierSuppression {
  channel: string;
  address: string;
  reason: string;
  campaign_id: number | null;
  since: string;
}

export interface LeadDossier {
  format: typeof DOSSIER_FORMAT;
  generated_at: string;
  lead: {
    id: number;
    status: string;
    created_at: string;
    updated_at: string;
    values: { attribute: string; value: string; status: string | null }[];
    lists: string[];
  };
  consent: { proof: LeadConsent["proof"]; records: ConsentRecord[] };
  phones: ConsentPhone[];
  messages: DossierMessage[];
  replies: DossierReply[];
  suppressions: DossierSuppression[];
}

interface LedgerRow {
  id: number;
  campaign_id: number;
  campaign_name: string;
  step: string;
  part: string | null;
  channel: "sms" | "email";
  address: string;
  sender: string | null;
  state: string;
  reason: string | null;
  subject: string | null;
  body: string | null;
  provider_id: string | null;
  error_message: string | null;
  submitted_at: string | Date | null;
  sent_at: string | Date | null;
  delivered_at: string | Date | null;
  time_zone: string | null;
  time_zone_source: string | null;
  us_state: string | null;
  country: string | null;
  due_at: string | Date | null;
  not_after: string | Date | null;
}

const reasonLabel = (r: string | null) => (r ? (MessageReasons[r as MessageReason] ?? r) : null);

async function campaignMessages(db: DbOrTx, teamId: number, leadId: number): Promise<DossierMessage[]> {
  const found = await rows<LedgerRow>(
    db,
    sql`SELECT m.id::float8 AS id, m.campaign_id, c.name AS campaign_name, s.name AS step, p.name AS part, m.channel, m.address,
          m.sender, m.state, m.reason, m.subject, m.body, m.provider_id, m.error_message, m.submitted_at, m.sent_at, m.delivered_at,
          m.time_zone, m.time_zone_source, m.us_state, m.country, m.due_at, m.not_after
        ${leadLedger(teamId, leadId, { join: sql`LEFT JOIN campaign_steps p ON p.id = m.part_id AND p.team_id = s.team_id AND m.part_id <> m.step_id` })}
        ORDER BY coalesce(m.submitted_at, m.due_at), m.id`,
  );
  return found.map((m) => ({
    id: m.id,
    kind: "campaign",
    campaign_id: m.campaign_id,
    campaign_name: m.campaign_name,
    step: m.part ? `${m.step} › ${m.part}` : m.step,
    channel: m.channel,
    to: m.address,
    from: m.sender,
    state: m.state,
    reason: m.reason,
    reason_label: reasonLabel(m.reason),
    subject: m.subject,
    text: m.body,
    provider_id: m.provider_id,
    error: m.error_message,
    submitted_at: iso(m.submitted_at),
    sent_at: iso(m.sent_at),
    delivered_at: iso(m.delivered_at),
    window: {
      time_zone: m.time_zone,
      time_zone_source: m.time_zone_source,
      us_state: m.us_state,
      country: m.country,
      due_at: iso(m.due_at),
      not_after: iso(m.not_after),
    },
  }));
}

async function welcomeMessages(db: DbOrTx, teamId: number, leadId: number): Promise<DossierMessage[]> {
  const found = await rows<{
    id: number;
    campaign_id: number;
    campaign_name: string;
    to_number: string;
    short_code: string | null;
    message: string;
    state: string;
    provider_id: string | null;
    error_message: string | null;
    sent_at: string | Date | null;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT w.id::float8 AS id, w.campaign_id, c.name AS campaign_name, w.to_number, w.short_code, w.message, w.state, w.provider_id,
          w.error_message, w.sent_at, w.created_at
        FROM campaigns c JOIN welcome_messages w ON w.campaign_id = c.id AND w.lead_id = ${leadId} AND w.team_id = c.team_id
        WHERE c.team_id = ${teamId} ORDER BY w.created_at, w.id`,
  );
  return found.map((w) => ({
    id: w.id,
    kind: "welcome",
    campaign_id: w.campaign_id,
    campaign_name: w.campaign_name,
    step: "Welcome message",
    channel: "sms",
    to: w.to_number,
    from: w.short_code,
    state: w.state,
    reason: null,
    reason_label: null,
    subject: null,
    text: w.message,
    provider_id: w.provider_id,
    error: w.error_message,
    submitted_at: iso(w.sent_at),
    sent_at: iso(w.sent_at),
    delivered_at: null,
    window: null,
  }));
}

async function replies(db: DbOrTx, teamId: number, leadId: number): Promise<DossierReply[]> {
  const found = await rows<{
    id: number;
    created_at: string | Date;
    from_number: string;
    to_number: string;
    body: string;
    intent: string;
    campaign_name: string | null;
    answer_message: string | null;
    answer_state: string | null;
    answered_at: string | Date | null;
    answer_error: string | null;
  }>(
    db,
    sql`SELECT i.id::float8 AS id, i.created_at, i.from_number, i.to_number, i.body, i.intent, c.name AS campaign_name,
          i.answer_message, i.answer_state, i.answered_at, i.answer_error
        FROM lead_phones p
        JOIN inbound_messages i ON i.team_id = p.team_id AND i.from_number = p.phone
        LEFT JOIN campaigns c ON c.team_id = i.team_id AND c.id = i.campaign_id
        WHERE p.team_id = ${teamId} AND p.lead_id = ${leadId} AND (i.lead_id = ${leadId} OR i.lead_id IS NULL)
        ORDER BY i.created_at, i.id`,
  );
  return found.map((r) => ({
    id: r.id,
    received_at: iso(r.created_at)!,
    from: r.from_number,
    to: r.to_number,
    text: r.body,
    intent: r.intent,
    campaign_name: r.campaign_name,
    answer:
      r.answer_message || r.answer_state
        ? { text: r.answer_message, state: r.answer_state, sent_at: iso(r.answered_at), error: r.answer_error }
        : null,
  }));
}

async function suppressions(db: DbOrTx, teamId: number, leadId: number): Promise<DossierSuppression[]> {
  const found = await rows<{ channel: string; address: string; reason: string; campaign_id: number | null; created_at: string | Date }>(
    db,
    sql`SELECT s.channel, s.address, s.reason, s.campaign_id, s.created_at FROM suppressions s
        WHERE s.team_id = ${teamId} AND ((s.channel = 'sms' AND s.address IN (SELECT phone FROM lead_phones WHERE team_id = ${teamId} AND lead_id = ${leadId}))
          OR (s.channel = 'email' AND s.address IN (SELECT email FROM lead_emails WHERE team_id = ${teamId} AND lead_id = ${leadId})))
        ORDER BY s.created_at`,
  );
  return found.map(({ created_at, ...s }) => ({ ...s, since: iso(created_at)! }));
}

/** The lead's compliance record; another team's lead, or none, is lead_not_found. */
export async function leadDossier(db: DbOrTx, ctx: TeamCtx, leadId: number, now = new Date()): Promise<LeadDossier> {
  const lead = await getLeadDetail(db, ctx, leadId);
  const at = (m: DossierMessage) => m.sent_at ?? m.submitted_at ?? m.window?.due_at ?? "";
  const messages = [...(await campaignMessages(db, ctx.teamId, leadId)), ...(await welcomeMessages(db, ctx.teamId, leadId))].sort((a, b) =>
    at(a).localeCompare(at(b)),
  );
  return {
    format: DOSSIER_FORMAT,
    generated_at: now.toISOString(),
    lead: {
      id: lead.id,
      status: lead.status_label,
      created_at: lead.created_at,
      updated_at: lead.updated_at,
      values: lead.lead_values.map((v) => ({ attribute: v.attribute.name, value: v.value, status: v.status_label })),
      lists: lead.lists.map((l) => `${l.source.name} › ${l.name}`),
    },
    consent: { proof: await consentProofVerdict(db, ctx.teamId, leadId), records: await consentRecords(db, ctx.teamId, leadId) },
    phones: await consentPhones(db, ctx.teamId, leadId),
    messages,
    replies: await replies(db, ctx.teamId, leadId),
    suppressions: await suppressions(db, ctx.teamId, leadId),
  };
}
