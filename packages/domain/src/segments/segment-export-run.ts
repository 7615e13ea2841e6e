import { ExportStatuses, type LeadSortKey, LeadSortKeys, type LeadStatus } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { filterSql } from "../leads";
import { filesOf } from "../shared/file-store";
import type { JobDeps } from "../shared/jobs";
import { parseSort, type Sort } from "../shared/paging";
import { type DbOrTx, one } from "../shared/rows";
import { exportColumns } from "./export-columns";
import { exportLinkSigner } from "./export-links";
import { type ExportRows, writeExportCsv } from "./export-stream";
import { type ExportRow, findExport } from "./segment-export.queries";
import { ExportProgress } from "./segment-export-progress";

export interface RunExportOptions {
  /** Rows per statement on PGlite. */
  chunkRows?: number;
  /** Fault injection for tests: the export fails once this many rows are written. */
  failAfterRows?: number;
}

export interface ExportRef {
  exportId: number;
  teamId: number;
  /**
   * Where the file goes, chosen when the export was asked for: the file store's ref for `exports/{team}/{uuid}.csv`
   * (a path in the local folder, or `s3://bucket/key`).
   */
  path: string;
}

/** The leads tables' default order (lead-table.ts): newest first. */
const DEFAULT_SORT: Sort<LeadSortKey> = { key: "id", direction: "desc" };

/**
 * The export job: In progress, the segment's leads narrowed by the search, in the order, written as CSV to the
 * file store (which shows the file only once it is complete: a renamed temporary file, or a finished S3 upload);
 * then Completed with its link, or Failed with the reason and no file. A run repeated after a lost worker (status still In progress) writes the file again from scratch; a
 * finished export is left as it is.
 */
export async function runSegmentExport(deps: JobDeps, ref: ExportRef, opts: RunExportOptions = {}): Promise<void> {
  const db = deps.database.db;
  const row = await findExport(db, ref.teamId, ref.exportId);
  if (!row || row.status === ExportStatuses.completed || row.status === ExportStatuses.failed) return;
  const progress = await ExportProgress.of(deps, { id: row.id, teamId: row.team_id, userId: row.user_id });
  const files = filesOf(deps);
  const set = (changes: SQL) =>
    db.execute(sql`UPDATE segment_exports SET ${changes}, updated_at = now() WHERE team_id = ${row.team_id} AND id = ${row.id}`);
  try {
    await set(sql`status = ${ExportStatuses.in_progress}, completed_rows = 0, error = NULL, file_key = NULL`);
    await progress.started();
    const { q, total } = await exportRows(db, row);
    await set(sql`total_rows = ${total}`);
    const written = await writeExportCsv(
      deps.database,
      files,
      ref.path,
      q,
      async (n) => {
        if (opts.failAfterRows !== undefined && n >= opts.failAfterRows) throw new Error(`Simulated failure after ${n} rows.`);
        await progress.rows(n, total);
      },
      { chunkRows: opts.chunkRows, expectedRows: total },
    );
    await set(sql`status = ${ExportStatuses.completed}, file_key = ${ref.path}, total_rows = ${written}, completed_rows = ${written}`);
    await progress.completed((await exportLinkSigner(db))(row.team_id, row.id));
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
    deps.log(`export ${row.id} failed: ${message}`);
    await set(sql`status = ${ExportStatuses.failed}, error = ${message}, file_key = NULL`);
    await progress.failed();
  }
}

/**
 * The rows of the segment's table as its page shows them (lead-filter.ts, the sort of lead-cursor.ts), and how
 * many to expect: the segment's maintained count, or a count of the search's matches.
 */
async function exportRows(db: DbOrTx, row: ExportRow): Promise<{ q: ExportRows; total: number }> {
  const segment =
    row.segment_id === null
      ? undefined
      : await one<{ total_leads: number }>(
          db,
          sql`SELECT total_leads FROM segments WHERE team_id = ${row.team_id} AND id = ${row.segment_id}`,
        );
  if (row.segment_id === null || !segment) throw new Error("The audience no longer exists.");
  const search = row.search ?? undefined;
  const status = (row.lead_status ?? undefined) as LeadStatus | undefined;
  const filter = await filterSql(db, { teamId: row.team_id, segmentId: row.segment_id, search, status });
  const sort = parseSort({ order: row.order_by ?? undefined }, LeadSortKeys, DEFAULT_SORT, { lenient: true });
  const columns = await exportColumns(db, row.team_id, row.attribute_ids);
  const total =
    !search && status === undefined
      ? segment.total_leads
      : filter.none
        ? 0
        : ((await one<{ n: number }>(db, sql`SELECT count(*)::float8 AS n FROM ${filter.from} WHERE ${filter.where}`))?.n ?? 0);
  return {
    q: { columns, from: filter.from, where: filter.where, idColumn: filter.idColumn, sort, teamId: row.team_id, none: filter.none },
    total,
  };
}
