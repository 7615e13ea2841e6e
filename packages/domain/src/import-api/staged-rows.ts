import { sql } from "drizzle-orm";
import type { StagedRow } from "../imports";
import type { DbOrTx } from "../shared/rows";

/**
 * A handful of prepared rows into import_staging inside the caller's transaction (COPY cannot run there): one
 * INSERT from a JSON document, so the statement is the same whatever the number of rows.
 */
export async function insertStagedRows(tx: DbOrTx, importId: number, batch: number, staged: readonly StagedRow[]): Promise<void> {
  const doc = staged.map((r) => ({
    line: r.line,
    grp: r.grp,
    phones: r.phones,
    phones_raw: r.phonesRaw,
    emails: r.emails,
    attrs: attrsOf(r),
    invalid_phones: r.invalidPhones,
    ignored_phones: r.ignoredPhones,
    fail_status: r.fail?.status ?? null,
    fail_reason: r.fail?.reason ?? null,
    fail_message: r.fail?.message ?? null,
    phone: r.phone,
    email: r.email,
    consent: r.consent,
    consent_error: r.consentError,
  }));
  await tx.execute(sql`
    INSERT INTO import_staging (import_id, batch, line, grp, phones, phones_raw, emails, attrs, invalid_phones,
      ignored_phones, fail_status, fail_reason, fail_message, phone, email, consent, consent_error)
    SELECT ${importId}, ${batch}, x.line, x.grp, x.phones, x.phones_raw, x.emails, x.attrs, x.invalid_phones,
      x.ignored_phones, x.fail_status, x.fail_reason, x.fail_message, x.phone, x.email, x.consent, x.consent_error
    FROM jsonb_to_recordset(${JSON.stringify(doc)}::jsonb) AS x(line int, grp int, phones text[], phones_raw text[], emails text[],
      attrs jsonb, invalid_phones smallint, ignored_phones smallint, fail_status text, fail_reason text,
      fail_message text, phone text, email text, consent jsonb, consent_error text)`);
}

/** The row's string values as the lead keeps them: `{"<attribute id>": ["value", …]}` (docs/imports.md). */
function attrsOf(r: StagedRow): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < r.attrIds.length; i++) (out[String(r.attrIds[i])] ??= []).push(r.vals[i]!);
  return out;
}
