import type { schema } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { getPhoneTemplate } from "../contacts";
import { insertStagedRows } from "../import-api";
import { type ColumnPlan, checkConsent, groupRows, prepareBatch } from "../imports";
import { mergeStagedBatch } from "../leads";
import { type DbOrTx, one } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";

/*
 * A sign-up merged into its list through the merge file imports and the import API use (docs/imports.md: dedupe by
 * phone and email, values attached, counters moved, the consent record written), under the form's import record: one
 * line and one batch per submission, so Import History lists them. Runs in the caller's transaction.
 */

export interface FormTarget {
  teamId: number;
  listId: number;
  sourceId: number;
  importId: number;
}

/** Answers the lead and its new consent record, or null when the merge refused the row (the plan's lead limit …). */
export async function mergeSubmission(
  tx: DbOrTx,
  t: FormTarget,
  s: schema.OptInSubmission,
  evidence: string | null,
): Promise<{ leadId: number; consentId: number | null } | null> {
  const { values: ignoreTemplate } = await getPhoneTemplate(tx, t.teamId);
  await lockTeamLeads(tx, t.teamId);
  const record = await one<{ filename: string; line: number; batch: number }>(
    tx,
    sql`UPDATE imports SET total_rows = total_rows + 1, merged_batches = merged_batches + 1, updated_at = now()
        WHERE team_id = ${t.teamId} AND id = ${t.importId}
        RETURNING filename, total_rows::int AS line, merged_batches AS batch`,
  );
  if (!record) return null;
  const plan: ColumnPlan[] = s.attributes.map((a, col) => ({ col, kind: a.type, attributeId: a.attribute_id, name: a.type }));
  const row = prepareBatch([{ line: record.line, cells: s.attributes.map((a) => a.value) }], plan, { ignoreTemplate }).rows[0]!;
  row.consent = checkConsent({ ...s.consent, ...(evidence ? { evidence } : {}) }).values;
  row.consentError = null;
  groupRows([row]);
  await insertStagedRows(tx, t.importId, record.batch, [row]);
  const counts = await mergeStagedBatch(
    tx,
    {
      teamId: t.teamId,
      listId: t.listId,
      sourceId: t.sourceId,
      importId: t.importId,
      filename: record.filename,
      batch: record.batch,
      origin: "form",
    },
    { rowLeads: true },
  );
  await tx.execute(
    sql`UPDATE imports SET processed_count = processed_count + ${counts.processed}, unique_count = unique_count + ${counts.unique},
          duplicates_count = duplicates_count + ${counts.duplicates}, failed_count = failed_count + ${counts.failed},
          checkpoint_line = ${record.line}, finished_at = now()
        WHERE team_id = ${t.teamId} AND id = ${t.importId}`,
  );
  const lead = counts.rows?.[0];
  if (!lead) return null;
  const consent = await one<{ id: number }>(
    tx,
    sql`SELECT id::float8 AS id FROM lead_consents WHERE team_id = ${t.teamId} AND lead_id = ${lead.leadId} AND import_id = ${t.importId}
        ORDER BY id DESC LIMIT 1`,
  );
  return { leadId: lead.leadId, consentId: consent?.id ?? null };
}
