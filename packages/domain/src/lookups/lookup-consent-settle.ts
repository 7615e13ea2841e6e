import { CertificateStatusLabels, RndResultLabels } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { CertificateCheckResult, RndQueryInput, RndQueryResult } from "../providers";
import { type DbOrTx, rows } from "../shared/rows";
import type { Answered } from "./lookup-items";
import { line, writeLogs } from "./lookup-log";

/*
 * Where the consent checks' answers land, inside the batch's settle: a certificate verdict on the consent record
 * it checked (the record is otherwise never changed), a Reassigned Numbers answer on the phone with the date it
 * was asked about. Each writes a line on the lead's timeline.
 */

export async function applyCertificates(tx: DbOrTx, teamId: number, answered: Answered<CertificateCheckResult>[]): Promise<number[]> {
  const payload = answered.map((a) => ({ id: Number(a.value), status: a.result.status, details: a.result.details }));
  const changed = await rows<{ lead_id: number; certificate: string; status: keyof typeof CertificateStatusLabels }>(
    tx,
    sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(id bigint, status text, details jsonb))
        UPDATE lead_consents c SET certificate_status = v.status, certificate_checked_at = now(), certificate_details = v.details
        FROM v WHERE c.team_id = ${teamId} AND c.id = v.id
        RETURNING c.lead_id, COALESCE(c.trusted_form_cert_url, c.leadid_token) AS certificate, c.certificate_status AS status`,
  );
  await writeLogs(
    tx,
    teamId,
    changed.map((c) => ({
      lead_id: c.lead_id,
      diff: [line("Consent certificate", c.certificate, null, CertificateStatusLabels[c.status] ?? c.status)],
    })),
  );
  return [...new Set(changed.map((c) => Number(c.lead_id)))];
}

export async function applyRnd(tx: DbOrTx, teamId: number, answered: Answered<RndQueryResult>[]): Promise<number[]> {
  const payload = answered.map((a) => ({ phone: a.value, result: a.result.result, since: (a.input as RndQueryInput).since }));
  const changed = await rows<{ value: string; lead_id: number; result: keyof typeof RndResultLabels; since: string }>(
    tx,
    sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(phone text, result text, since text))
        UPDATE lead_phones p SET rnd_result = v.result, rnd_since = v.since, rnd_checked_at = now(), updated_at = now()
        FROM v WHERE p.team_id = ${teamId} AND p.phone = v.phone
        RETURNING p.phone AS value, p.lead_id, p.rnd_result AS result, p.rnd_since AS since`,
  );
  await writeLogs(
    tx,
    teamId,
    changed.map((c) => ({
      lead_id: c.lead_id,
      diff: [line("Reassigned Numbers", c.value, null, `${RndResultLabels[c.result] ?? c.result} since ${c.since}`)],
    })),
  );
  return [...new Set(changed.map((c) => Number(c.lead_id)))];
}
