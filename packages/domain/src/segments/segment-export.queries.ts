import { type ExportStatus, ExportStatuses, ExportStatusLabels, type SegmentExport } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, iso, one } from "../shared/rows";
import { exportLinkSigner } from "./export-links";

export interface ExportRow {
  id: number;
  team_id: number;
  segment_id: number | null;
  segment_name: string;
  user_id: number | null;
  filename: string;
  /** Where the finished file is (a path under the data dir); null until written. */
  file_key: string | null;
  status: ExportStatus;
  attribute_ids: number[];
  search: string | null;
  order_by: string | null;
  /** The table's status filter, if any. */
  lead_status: number | null;
  total_rows: number;
  completed_rows: number;
  error: string | null;
  created_at: string | Date;
}

export const exportRowColumns = sql`id, team_id, segment_id, segment_name, user_id, filename, file_key, status::int AS status,
  attribute_ids, search, order_by, lead_status::int AS lead_status, total_rows, completed_rows, error, created_at`;
export const exportSelect = sql`SELECT ${exportRowColumns} FROM segment_exports`;

export function findExport(db: DbOrTx, teamId: number, id: number): Promise<ExportRow | undefined> {
  return one<ExportRow>(db, sql`${exportSelect} WHERE team_id = ${teamId} AND id = ${id}`);
}

/** Export rows as the API shows them: a completed file has a signed download link. */
export async function presentExports(db: DbOrTx, found: ExportRow[]): Promise<SegmentExport[]> {
  const link = found.some(isDownloadable) ? await exportLinkSigner(db) : null;
  return found.map((r) => ({
    id: r.id,
    filename: r.filename,
    url: link && isDownloadable(r) ? link(r.team_id, r.id) : null,
    status: r.status,
    status_label: ExportStatusLabels[r.status] ?? String(r.status),
    total_rows: r.total_rows,
    completed_rows: r.completed_rows,
    segment: { id: r.segment_id, name: r.segment_name },
    error: r.error,
    created_at: iso(r.created_at)!,
  }));
}

export const isDownloadable = (r: Pick<ExportRow, "status" | "file_key">) => r.status === ExportStatuses.completed && r.file_key !== null;
