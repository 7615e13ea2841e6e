import {
  ActiveImportStatuses,
  type ImportRecord,
  type ImportUploadResponse,
  type LeadStatusesRequest,
  type SyncImport,
  type SyncImportAttributesRequest,
  type UpdateSyncImportRequest,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { allAttributes } from "../attributes";
import { getList } from "../lists";
import { checkImportLookupToggles } from "../lookups";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type FileStore, localFiles } from "../shared/file-store";
import type { JobSender } from "../shared/jobs";
import { type DbOrTx, one, rows } from "../shared/rows";
import { suggestedConsentField } from "./consent";
import { DEFAULT_UPLOAD_QUOTA_BYTES, reserveUploadQuota } from "./import-quota";
import type { StoredUpload } from "./import-upload";
import { runImportJob } from "./imports.jobs";
import { findImport, type ImportRow, importSelect, presentImport, presentSyncImport } from "./imports.queries";
import { guessAttributeType, suggestMapping } from "./normalize";
import { ImportFileError, previewImportFile } from "./parsers";

/**
 * After the upload: checks the list is the team's, reads the preview (a bad file answers 422 with the parser's
 * message), records the import and its columns if the team's unstarted uploads leave room for it (else 413),
 * and suggests a mapping. Whatever fails, the file is removed.
 */
export async function createImport(
  db: DbOrTx,
  ctx: TeamCtx,
  upload: StoredUpload,
  listId: number,
  opts: { quotaBytes?: number; files?: FileStore } = {},
): Promise<ImportUploadResponse> {
  const files = opts.files ?? localFiles;
  try {
    const list = await getList(db, ctx, listId);
    let preview: Awaited<ReturnType<typeof previewImportFile>>;
    try {
      preview = await previewImportFile(upload.path, upload.format, 10, undefined, files);
    } catch (e) {
      if (e instanceof ImportFileError) throw new AppError("import_file_invalid", e.message, { file: [e.message] });
      throw e;
    }
    const attributes = await allAttributes(db, ctx.teamId);
    const id = await db.transaction(async (tx) => {
      await reserveUploadQuota(tx, ctx.teamId, upload.size, opts.quotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES);
      const row = await one<{ id: number }>(
        tx,
        sql`INSERT INTO imports (team_id, user_id, source_id, list_id, filename, stored_path, format, size_bytes, encoding, delimiter)
            VALUES (${ctx.teamId}, ${ctx.userId}, ${list.source_id}, ${list.id}, ${upload.filename}, ${upload.path}, ${upload.format},
                    ${upload.size}, ${preview.encoding}, ${preview.delimiter ?? null})
            RETURNING id`,
      );
      await tx.execute(
        sql`INSERT INTO import_attributes (team_id, import_id, name, col_position)
            SELECT ${ctx.teamId}, ${row!.id}, h.name, (h.ord - 1)::int
            FROM jsonb_array_elements_text(${JSON.stringify(preview.headings)}::jsonb) WITH ORDINALITY AS h(name, ord)`,
      );
      return row!.id;
    });
    const record = await getImport(db, ctx, id);
    const suggestions = suggestMapping(
      preview.headings,
      attributes.map((a) => ({ id: a.id, name: a.name, type: a.type })),
    );
    const byId = new Map(attributes.map((a) => [a.id, a]));
    return {
      data: {
        ...record,
        preview: { headings: preview.headings, rows: preview.rows, encoding: preview.encoding, delimiter: preview.delimiter ?? null },
      },
      mapping: record.attributes.map((col, i) => {
        const s = suggestions[i]!;
        const consent = suggestedConsentField(col.name, s.attribute_id !== null ? (byId.get(s.attribute_id)?.name ?? null) : null);
        return {
          processing_document_attribute_id: col.id,
          heading: col.name,
          col_position: col.col_position,
          lead_attribute_id: consent ? null : s.attribute_id,
          consent_field: consent,
          suggested_name: s.suggested_name,
          suggested_type: s.attribute_id !== null ? (byId.get(s.attribute_id)?.type ?? "string") : guessAttributeType(col.name),
        };
      }),
    };
  } catch (e) {
    await files.remove(upload.path).catch(() => undefined);
    throw e;
  }
}

export async function getImport(db: DbOrTx, ctx: TeamCtx, id: number): Promise<ImportRecord> {
  return presentImport(await findImport(db, ctx.teamId, id));
}

/** The caller's running imports (the progress dialog and System Processes restore from this). */
export async function activeImports(db: DbOrTx, ctx: TeamCtx): Promise<ImportRecord[]> {
  const statuses = sql.join(
    ActiveImportStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const data = await rows<ImportRow>(
    db,
    sql`${importSelect} WHERE i.team_id = ${ctx.teamId} AND i.user_id = ${ctx.userId} AND i.status IN (${statuses})
        ORDER BY i.id DESC LIMIT 50`,
  );
  return data.map(presentImport);
}

export async function getSyncImport(db: DbOrTx, ctx: TeamCtx, id: number): Promise<SyncImport> {
  return presentSyncImport(await findImport(db, ctx.teamId, id));
}

/**
 * The Match Format answer: every listed column gets its attribute or consent value (neither = Ignore), unlisted
 * ones are ignored. Columns must be this import's, attributes this team's (else 404), and a phone or email must
 * be mapped.
 */
export async function syncImportAttributes(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  input: SyncImportAttributesRequest,
): Promise<ImportRecord> {
  await db.transaction(async (tx) => {
    const current = await findImport(tx, ctx.teamId, id, "update");
    if (current.status !== "uploaded" && current.status !== "mapped") throw new AppError("import_already_started");
    const columns = new Set(current.attributes.map((a) => a.id));
    input.attributes.forEach((a, i) => {
      if (!columns.has(a.processing_document_attribute_id)) throw new AppError("not_found", "Column not found in this import.");
      if (a.lead_attribute_id != null && a.consent_field)
        throw new AppError("import_mapping_both", undefined, {
          [`attributes.${i}.consent_field`]: ["A column maps to an attribute or to a consent value, not both."],
        });
    });
    const attrIds = [...new Set(input.attributes.map((a) => a.lead_attribute_id).filter((v): v is number => v != null))];
    const found = await rows<{ id: number; type: string }>(
      tx,
      sql`SELECT id, type FROM lead_attributes WHERE team_id = ${ctx.teamId} AND id = ANY(${`{${attrIds.join(",")}}`}::int[])`,
    );
    if (found.length !== attrIds.length) throw new AppError("lead_attribute_not_found");
    if (!found.some((a) => a.type !== "string")) {
      throw new AppError("import_mapping_no_contact", undefined, { attributes: ["Map at least one column to Phone or Email."] });
    }
    await checkImportLookupToggles(tx, ctx.teamId, input);
    const pairs = sql.join(
      input.attributes.map(
        (a) => sql`(${a.processing_document_attribute_id}::int, ${a.lead_attribute_id ?? null}::int, ${a.consent_field ?? null}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE import_attributes SET lead_attribute_id = NULL, consent_field = NULL WHERE team_id = ${ctx.teamId} AND import_id = ${id}`,
    );
    await tx.execute(
      sql`UPDATE import_attributes ia SET lead_attribute_id = m.attr, consent_field = m.consent
          FROM (VALUES ${pairs}) AS m(col, attr, consent)
          WHERE ia.team_id = ${ctx.teamId} AND ia.import_id = ${id} AND ia.id = m.col`,
    );
    await tx.execute(
      sql`UPDATE imports SET status = 'mapped', check_mobile_status = ${input.check_mobile_status ?? false},
            check_email_status = ${input.check_email_status ?? false}, check_sms_dnc = ${input.check_sms_dnc ?? false},
            email_lookup_gateway_id = ${input.email_lookup_gateway_id ?? null}, sms_lookup_gateway_id = ${input.sms_lookup_gateway_id ?? null},
            sms_dnc_gateway_id = ${input.sms_dnc_gateway_id ?? null}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id}`,
    );
  });
  return getImport(db, ctx, id);
}

/**
 * Starts the import. Idempotent: only the call that moves it from 'mapped' to 'queued' enqueues the job, in the
 * same transaction; a repeat answers the import as it stands.
 */
export async function dispatchImport(db: DbOrTx, jobs: JobSender, ctx: TeamCtx, id: number): Promise<ImportRecord> {
  const current = await findImport(db, ctx.teamId, id);
  if (current.status === "uploaded") throw new AppError("import_not_mapped");
  await db.transaction(async (tx) => {
    const moved = await one<{ id: number }>(
      tx,
      sql`UPDATE imports SET status = 'queued', dispatched_at = now(), message = NULL, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id} AND status = 'mapped' RETURNING id`,
    );
    if (moved) await jobs.send(runImportJob, { importId: id, teamId: ctx.teamId }, { tx });
  });
  return getImport(db, ctx, id);
}

/**
 * `PUT /sync-import/{id}` with `pending` re-runs the lead synchronisation of a finished import (after a failed
 * one, or to apply statuses again). Other values are not the client's to set.
 */
export async function updateSyncImport(
  db: DbOrTx,
  jobs: JobSender,
  ctx: TeamCtx,
  id: number,
  input: UpdateSyncImportRequest,
): Promise<SyncImport> {
  const current = await findImport(db, ctx.teamId, id);
  if (input.status !== "pending") {
    throw new AppError("import_not_finished", "Only a new synchronisation (status pending) can be requested.", {
      status: ["Only pending can be requested."],
    });
  }
  if (current.status === "completed" && current.sync_status !== "pending" && current.sync_status !== "processing") {
    await requestSync(db, jobs, ctx, id);
  }
  return getSyncImport(db, ctx, id);
}

/** Stores the statuses; the lead synchronisation applies them (now, for a finished import). */
export async function setImportLeadStatuses(
  db: DbOrTx,
  jobs: JobSender,
  ctx: TeamCtx,
  id: number,
  input: LeadStatusesRequest,
): Promise<{ message: string; data: ImportRecord }> {
  const current = await findImport(db, ctx.teamId, id);
  if (current.status === "synchronizing") throw new AppError("import_not_finished");
  await db.execute(
    sql`UPDATE imports SET lead_status = ${input.lead_status ?? null}, email_status = ${input.email_status ?? null},
          phone_status = ${input.phone_status ?? null}, statuses_applied_at = NULL, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ${id}`,
  );
  const finished = current.status === "completed" || current.status === "failed";
  if (finished) await requestSync(db, jobs, ctx, id);
  return {
    message: finished ? "Statuses are being applied to the imported leads." : "Statuses will be applied when the import finishes.",
    data: await getImport(db, ctx, id),
  };
}

/** Marks the lead synchronisation pending and queues the run that does it, in one transaction. */
async function requestSync(db: DbOrTx, jobs: JobSender, ctx: TeamCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // A failed import keeps its leads; synchronising them means treating the import as finished.
    const row = await one<{ status: string }>(
      tx,
      sql`UPDATE imports SET sync_status = 'pending', sync_progress = 0,
            status = CASE WHEN status = 'failed' AND validated_at IS NOT NULL AND processed_count >= total_rows THEN 'completed' ELSE status END,
            updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING status`,
    );
    if (row?.status === "completed") await jobs.send(runImportJob, { importId: id, teamId: ctx.teamId }, { tx });
  });
}
