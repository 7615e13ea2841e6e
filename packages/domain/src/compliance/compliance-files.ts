import { randomUUID } from "node:crypto";
import { COMPLIANCE_FILE_MAX_LEADS, type ComplianceFile, ExportStatuses, type StartComplianceFile } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { holdSelection, selectedLeads } from "../leads";
import { startProcess } from "../processes";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type FileStore, localFiles } from "../shared/file-store";
import type { JobSender } from "../shared/jobs";
import { type DbOrTx, one, rows } from "../shared/rows";
import { complianceFileJob } from "./compliance-file.jobs";
import { type ComplianceFileRow, complianceColumns, findComplianceFile, isReady, presentComplianceFiles } from "./compliance-file.queries";

/*
 * Compliance files, asked for from a lead page (one lead) or the leads table (a selection, at most 1,000 leads):
 * recorded New with the leads it holds, added to the user's System Processes and queued in one transaction; listed
 * beside the export files; downloaded through a signed link, as export files are.
 */

export const COMPLIANCE_QUEUED_MESSAGE = "Compliance file added to queue. See it in Settings → Export Files.";
const LIST_LIMIT = 100;

const day = () => new Date().toISOString().slice(0, 10);

/** POST /api/compliance-files. A selection with none of the team's leads is a 404; over the cap a 422. */
export async function startComplianceFile(
  db: DbOrTx,
  jobs: JobSender,
  ctx: TeamCtx,
  input: StartComplianceFile,
  opts: { files: FileStore },
): Promise<{ message: string; data: ComplianceFile }> {
  const row = await db.transaction(async (tx) => {
    await holdSelection(tx, ctx, input.selection);
    const ids = (
      await rows<{ lead_id: number }>(
        tx,
        sql`SELECT lead_id::float8 AS lead_id FROM (${selectedLeads}) s ORDER BY lead_id LIMIT ${COMPLIANCE_FILE_MAX_LEADS + 1}`,
      )
    ).map((r) => r.lead_id);
    if (ids.length === 0) throw new AppError("lead_not_found");
    if (ids.length > COMPLIANCE_FILE_MAX_LEADS) throw new AppError("compliance_file_too_many");
    const filename = ids.length === 1 ? `compliance-lead-${ids[0]}-${day()}.zip` : `compliance-${ids.length}-leads-${day()}.zip`;
    const inserted = (await one<ComplianceFileRow>(
      tx,
      sql`INSERT INTO compliance_exports (team_id, user_id, lead_ids, filename, status, total_leads)
          VALUES (${ctx.teamId}, ${ctx.userId}, ${JSON.stringify(ids)}::jsonb, ${filename}, ${ExportStatuses.new}, ${ids.length})
          RETURNING ${complianceColumns}`,
    ))!;
    await startProcess(tx, ctx, { kind: "job", refId: inserted.id, title: `Compliance file ${filename}` });
    const path = opts.files.refFor(`compliance/${ctx.teamId}/${randomUUID()}.zip`);
    await jobs.send(complianceFileJob, { fileId: inserted.id, teamId: ctx.teamId, path }, { tx });
    return inserted;
  });
  const [data] = await presentComplianceFiles(db, [row]);
  return { message: COMPLIANCE_QUEUED_MESSAGE, data: data! };
}

/** GET /api/compliance-files: the team's newest files. */
export async function listComplianceFiles(db: DbOrTx, ctx: TeamCtx): Promise<{ data: ComplianceFile[] }> {
  const found = await rows<ComplianceFileRow>(
    db,
    sql`SELECT ${complianceColumns} FROM compliance_exports WHERE team_id = ${ctx.teamId} ORDER BY id DESC LIMIT ${LIST_LIMIT}`,
  );
  return { data: await presentComplianceFiles(db, found) };
}

/** GET /api/compliance-files/{id}: one file's progress (the dialog polls it when live events are down). */
export async function getComplianceFile(db: DbOrTx, ctx: TeamCtx, id: number): Promise<{ data: ComplianceFile }> {
  const row = await findComplianceFile(db, ctx.teamId, id);
  if (!row) throw new AppError("compliance_file_not_found");
  const [data] = await presentComplianceFiles(db, [row]);
  return { data: data! };
}

/** A completed file of the team: 404 for another team's, an unknown id or a file gone from the store; 409 before it is done. */
export async function complianceDownload(
  db: DbOrTx,
  teamId: number,
  id: number,
  files: FileStore = localFiles,
): Promise<{ path: string; filename: string }> {
  const row = await findComplianceFile(db, teamId, id);
  if (!row) throw new AppError("compliance_file_not_found");
  if (!isReady(row))
    throw new AppError(
      "compliance_file_not_ready",
      row.status === ExportStatuses.failed ? "The compliance file failed; ask for it again." : undefined,
    );
  if ((await files.size(row.file_key!)) === null)
    throw new AppError("compliance_file_not_found", "The compliance file is no longer available; ask for it again.");
  return { path: row.file_key!, filename: row.filename };
}
