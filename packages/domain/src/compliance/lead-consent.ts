import {
  type CertificateStatus,
  type ConsentPhone,
  type ConsentRecord,
  type LeadConsent,
  type MessageReason,
  MessageReasons,
  PhoneStatusLabels,
  type RndResult,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { certificateNamed, isConsentProof, latestConsentRecord } from "../leads";
import { consentProofWhens } from "../sending";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, iso, one, rows } from "../shared/rows";

/*
 * A lead's consent as the lead page and the compliance file show it: every record (newest first) with its
 * certificate's verdict, each phone's DNC and Reassigned Numbers checks, and what the send gate would say of the lead
 * today for a campaign with "Only leads with consent proof" — the same SQL, so the page never disagrees with the gate.
 */

interface RecordRow {
  id: number;
  captured_at: string | Date | null;
  page_url: string | null;
  ip: string | null;
  user_agent: string | null;
  language: string | null;
  seller: string | null;
  trusted_form_cert_url: string | null;
  leadid_token: string | null;
  evidence: string | null;
  origin: string;
  import_id: number | null;
  certificate_status: CertificateStatus | null;
  certificate_named: boolean;
  certificate_checked_at: string | Date | null;
  certificate_details: unknown;
  is_proof: boolean;
  created_at: string | Date;
}

interface PhoneRow {
  phone: string;
  status: number;
  dnc_code: string | null;
  dnc_message: string | null;
  dnc_checked_at: string | Date | null;
  dnc_stale: boolean;
  rnd_result: RndResult | null;
  rnd_since: string | null;
  rnd_checked_at: string | Date | null;
}

export async function consentRecords(db: DbOrTx, teamId: number, leadId: number): Promise<ConsentRecord[]> {
  const found = await rows<RecordRow>(
    db,
    sql`SELECT x.id::float8 AS id, x.captured_at, x.page_url, x.ip, x.user_agent, x.language, x.seller, x.trusted_form_cert_url,
          x.leadid_token, x.evidence, x.origin, x.import_id, x.certificate_status, ${certificateNamed("x")} AS certificate_named,
          x.certificate_checked_at, x.certificate_details, ${isConsentProof("x")} AS is_proof, x.created_at
        FROM lead_consents x WHERE x.team_id = ${teamId} AND x.lead_id = ${leadId} ORDER BY x.id DESC`,
  );
  return found.map((r) => ({
    ...r,
    captured_at: iso(r.captured_at),
    certificate_checked_at: iso(r.certificate_checked_at),
    certificate_details: r.certificate_details ?? null,
    created_at: iso(r.created_at)!,
  }));
}

export async function consentPhones(db: DbOrTx, teamId: number, leadId: number): Promise<ConsentPhone[]> {
  const found = await rows<PhoneRow>(
    db,
    sql`SELECT p.phone, p.status, p.dnc_code, p.dnc_message, p.dnc_checked_at, p.rnd_result, p.rnd_since, p.rnd_checked_at,
          (t.dnc_max_age_days IS NOT NULL AND (p.dnc_checked_at IS NULL
            OR p.dnc_checked_at < now() - make_interval(days => t.dnc_max_age_days))) AS dnc_stale
        FROM lead_phones p JOIN teams t ON t.id = p.team_id
        WHERE p.team_id = ${teamId} AND p.lead_id = ${leadId} ORDER BY p.id`,
  );
  return found.map((p) => ({
    ...p,
    status_label: PhoneStatusLabels[p.status as keyof typeof PhoneStatusLabels] ?? String(p.status),
    dnc_checked_at: iso(p.dnc_checked_at),
    rnd_checked_at: iso(p.rnd_checked_at),
  }));
}

/** What the gate says of the lead's consent proof now: the first reason it would refuse, or none. */
export async function consentProofVerdict(db: DbOrTx, teamId: number, leadId: number): Promise<LeadConsent["proof"]> {
  const v = await one<{ reason: MessageReason | null }>(
    db,
    sql`SELECT CASE ${consentProofWhens(sql`true`, sql`'sms'`)} END AS reason
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (${latestConsentRecord(sql`${teamId}`, sql`${leadId}::bigint`)}) lc ON true
        LEFT JOIN LATERAL (SELECT p.rnd_result FROM lead_phones p WHERE p.team_id = ${teamId} AND p.lead_id = ${leadId}
          AND p.rnd_result = 'reassigned' LIMIT 1) lp ON true`,
  );
  const reason = v?.reason ?? null;
  return { ok: reason === null, reason, label: reason ? MessageReasons[reason] : null };
}

/** GET /api/leads/{id}/consent. Another team's lead, or none, is a 404. */
export async function getLeadConsent(db: DbOrTx, ctx: TeamCtx, leadId: number): Promise<LeadConsent> {
  const lead = await one<{ days: number | null }>(
    db,
    sql`SELECT t.dnc_max_age_days AS days FROM leads l JOIN teams t ON t.id = l.team_id WHERE l.team_id = ${ctx.teamId} AND l.id = ${leadId}`,
  );
  if (!lead) throw new AppError("lead_not_found");
  return {
    records: await consentRecords(db, ctx.teamId, leadId),
    phones: await consentPhones(db, ctx.teamId, leadId),
    proof: await consentProofVerdict(db, ctx.teamId, leadId),
    dnc_max_age_days: lead.days,
  };
}
