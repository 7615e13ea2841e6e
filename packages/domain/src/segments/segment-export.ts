import { randomUUID } from "node:crypto";
import type { ExportSegment, ExportSegmentResponse, SegmentExportsResponse } from "@leadflow/contracts";
import { ExportStatuses } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { startProcess } from "../processes";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type FileStore, localFiles } from "../shared/file-store";
import type { JobSender } from "../shared/jobs";
import { type DbOrTx, one, rows } from "../shared/rows";
import { runSegmentExportJob } from "./segment-export.jobs";
import { type ExportRow, exportRowColumns, exportSelect, findExport, isDownloadable, presentExports } from "./segment-export.queries";

/** The product's exact wording (docs/product/audiences-lookups-settings.md, "Export as CSV"). */
export const EXPORT_QUEUED_MESSAGE = "Export added to queue. See result in Settings->Export Files";

/** Settings → Export Files shows the newest this many. */
const LIST_LIMIT = 100;

/**
 * A file name from what the user typed: letters and digits (accents dropped), runs of anything else as one
 * dash, lower case, at most 100 characters; nothing left gives "export". Never a path, never a formula.
 */
export function exportFilename(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 100)
    .replace(/^-+|-+$/g, "");
  return `${slug || "export"}.csv`;
}

/**
 * POST /api/segments/{id}/export: records the export (New), adds it to the user's System Processes and queues
 * the job that writes `exports/{team}/{uuid}.csv` to the file store, all in one transaction. The visible columns, search and order are kept on
 * the row, so the file shows the table as it was asked for.
 */
export async function exportSegment(
  db: DbOrTx,
  jobs: JobSender,
  ctx: TeamCtx,
  segmentId: number,
  input: z.input<typeof ExportSegment>,
  opts: { files: FileStore },
): Promise<z.infer<typeof ExportSegmentResponse>> {
  const segment = await one<{ name: string }>(db, sql`SELECT name FROM segments WHERE team_id = ${ctx.teamId} AND id = ${segmentId}`);
  if (!segment) throw new AppError("segment_not_found");
  const filename = exportFilename(input.name);
  const row = await db.transaction(async (tx) => {
    const inserted = (await one<ExportRow>(
      tx,
      sql`INSERT INTO segment_exports (team_id, segment_id, segment_name, user_id, filename, status, attribute_ids, search, order_by, lead_status)
          VALUES (${ctx.teamId}, ${segmentId}, ${segment.name}, ${ctx.userId}, ${filename}, ${ExportStatuses.new},
            ${JSON.stringify(input.attributes ?? [])}::jsonb, ${input.search || null}, ${input.order || null}, ${input.status ?? null})
          RETURNING ${exportRowColumns}`,
    ))!;
    await startProcess(tx, ctx, { kind: "export", refId: inserted.id, title: `Export ${filename}` });
    const path = opts.files.refFor(`exports/${ctx.teamId}/${randomUUID()}.csv`);
    await jobs.send(runSegmentExportJob, { exportId: inserted.id, teamId: ctx.teamId, path }, { tx });
    return inserted;
  });
  const [data] = await presentExports(db, [row]);
  return { message: EXPORT_QUEUED_MESSAGE, data: data! };
}

/** GET /api/segments/exports: the team's exports, newest first. */
export async function listSegmentExports(db: DbOrTx, ctx: TeamCtx): Promise<z.infer<typeof SegmentExportsResponse>> {
  const found = await rows<ExportRow>(db, sql`${exportSelect} WHERE team_id = ${ctx.teamId} ORDER BY id DESC LIMIT ${LIST_LIMIT}`);
  return { data: await presentExports(db, found) };
}

/**
 * The file of a completed export of the team (its ref in `files`): 404 for another team's or an unknown id, or a
 * file no longer there; 409 while not completed.
 */
export async function exportDownload(
  db: DbOrTx,
  teamId: number,
  id: number,
  files: FileStore = localFiles,
): Promise<{ path: string; filename: string }> {
  const row = await findExport(db, teamId, id);
  if (!row) throw new AppError("export_not_found");
  if (!isDownloadable(row)) {
    throw new AppError(
      "export_not_ready",
      row.status === ExportStatuses.failed ? "The export failed; export the audience again." : undefined,
    );
  }
  if ((await files.size(row.file_key!)) === null)
    throw new AppError("export_not_found", "The export file is no longer available; export the audience again.");
  return { path: row.file_key!, filename: row.filename };
}
