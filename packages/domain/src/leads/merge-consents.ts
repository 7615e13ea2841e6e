import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../shared/rows";
import type { MergeTarget } from "./merge-counters";

/*
 * A batch's consent records: each valid staged row that carries consent values adds one `lead_consents` record for
 * the lead the row went to (a group of rows, one each). The fast path's new leads get theirs in the statement that
 * creates them (merge-new-leads.ts); the general path's rows here. Values refused at staging go to the import's
 * history as rows that imported all the same.
 */

export const CONSENT_COLUMNS = sql`captured_at, page_url, ip, user_agent, language, seller, trusted_form_cert_url, leadid_token, evidence`;

/** The record's values from a staged row's `consent` jsonb (already checked: captured_at is an ISO instant). */
export function consentValues(column: SQL): SQL {
  return sql`(${column}->>'captured_at')::timestamptz, ${column}->>'page_url', ${column}->>'ip', ${column}->>'user_agent',
    ${column}->>'language', ${column}->>'seller', ${column}->>'trusted_form_cert_url', ${column}->>'leadid_token', ${column}->>'evidence'`;
}

export const consentOrigin = (t: MergeTarget) => t.origin ?? "import";

/** The consent records of the general path's rows (`_lm_rows`, each with its lead). */
export async function insertMatchedConsents(tx: DbOrTx, t: MergeTarget): Promise<void> {
  await tx.execute(
    sql`INSERT INTO lead_consents (team_id, lead_id, ${CONSENT_COLUMNS}, origin, import_id)
        SELECT ${t.teamId}, r.lead_id, ${consentValues(sql`s.consent`)}, ${consentOrigin(t)}, ${t.importId}
        FROM _lm_rows r JOIN import_staging s ON s.import_id = ${t.importId} AND s.batch = ${t.batch} AND s.line = r.line
        WHERE s.consent IS NOT NULL
        ORDER BY r.line`,
  );
}

/**
 * Rows that imported with consent values refused: one history row each (status imported), unless the line already
 * has one (a conflict between leads says more about the row).
 */
export async function recordConsentProblems(tx: DbOrTx, t: MergeTarget): Promise<void> {
  await tx.execute(
    sql`INSERT INTO import_failures (team_id, import_id, line, status, reason, message, phone, email)
        SELECT ${t.teamId}, ${t.importId}, s.line, 'imported', 'invalid_consent', s.consent_error,
               COALESCE(s.phone, s.phones_raw[1], s.phones[1]), COALESCE(s.email, s.emails[1])
        FROM import_staging s
        WHERE s.import_id = ${t.importId} AND s.batch = ${t.batch} AND s.fail_reason IS NULL AND s.consent_error IS NOT NULL
        ON CONFLICT DO NOTHING`,
  );
}
