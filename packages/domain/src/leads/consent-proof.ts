import { type SQL, sql } from "drizzle-orm";

/*
 * What counts as consent proof, as SQL over a consent record (an alias of `lead_consents`). The send gate reads the
 * lead's latest record with it (a campaign's "Only leads with consent proof"), the audience filter's "Consent proof"
 * too, and the lead page and the compliance file say the same of each record:
 *
 * - a record that names a certificate (a TrustedForm certificate URL or a Jornaya LeadiD token) is proof only once
 *   the certificate check says `verified`: the certificate is the independent witness, and one that does not match
 *   the lead, expired or cannot be found proves nothing, whatever else the record says;
 * - a record without a certificate is proof when it says when consent was given (`captured_at`) and where — the page
 *   (`page_url`) or the person's connection (`ip`). Those are what a consent claim is tested on; a record holding only
 *   a seller's name or free-form evidence is not enough.
 *
 * A certificate not checked yet is waited for (`CERTIFICATE_WAIT`) rather than refused: the check runs right after the
 * capture, and refusing in between would drop leads whose proof is seconds away.
 */

/** How long after its capture a record's unchecked certificate is waited for; past it, it counts as not verified. */
export const CERTIFICATE_WAIT = sql`interval '1 day'`;

const filled = (column: SQL) => sql`coalesce(${column}, '') <> ''`;

/** The record names a certificate. */
export const certificateNamed = (r: string): SQL =>
  sql`(${filled(sql.raw(`${r}.trusted_form_cert_url`))} OR ${filled(sql.raw(`${r}.leadid_token`))})`;

/** The record says when and where consent was given. */
export const capturedWhenAndWhere = (r: string): SQL =>
  sql`(${sql.raw(r)}.captured_at IS NOT NULL AND (${filled(sql.raw(`${r}.page_url`))} OR ${filled(sql.raw(`${r}.ip`))}))`;

/** The record is proof by itself (true or false, never NULL). */
export const isConsentProof = (r: string): SQL =>
  sql`(CASE WHEN ${certificateNamed(r)} THEN coalesce(${sql.raw(r)}.certificate_status = 'verified', false) ELSE ${capturedWhenAndWhere(r)} END)`;

/** The columns of a record the gate and the filters read. */
const RECORD_COLUMNS = sql.raw(
  "x.id, x.captured_at, x.page_url, x.ip, x.trusted_form_cert_url, x.leadid_token, x.certificate_status, x.created_at",
);

/**
 * The lead's latest consent record: one backward probe of lead_consents_lead_idx (team_id, lead_id, id). `on` is
 * checked first, so a statement whose rows do not need it (a campaign without the option) reads nothing.
 */
export const latestConsentRecord = (teamId: SQL, leadId: SQL, on: SQL = sql`true`): SQL =>
  sql`SELECT ${RECORD_COLUMNS} FROM lead_consents x WHERE ${on} AND x.team_id = ${teamId} AND x.lead_id = ${leadId} ORDER BY x.id DESC LIMIT 1`;
