import { type ComplianceFile, type ExportStatus, ExportStatuses, ExportStatusLabels } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, iso, one } from "../shared/rows";
import { complianceLinkSigner } from "./compliance-links";

export interface ComplianceFileRow {
  id: number;
  team_id: number;
  user_id: number | null;
  lead_ids: number[];
  filename: string;
  /** The finished ZIP's ref in the file store; null until written. */
  file_key: string | null;
  status: ExportStatus;
  total_leads: number;
  completed_leads: number;
  error: string | null;
  created_at: string | Date;
}

export const complianceColumns = sql`id, team_id, user_id, lead_ids, filename, file_key, status::int AS status, total_leads,
  completed_leads, error, created_at`;

export function findComplianceFile(db: DbOrTx, teamId: number, id: number): Promise<ComplianceFileRow | undefined> {
  return one<ComplianceFileRow>(db, sql`SELECT ${complianceColumns} FROM compliance_exports WHERE team_id = ${teamId} AND id = ${id}`);
}

export const isReady = (r: Pick<ComplianceFileRow, "status" | "file_key">) => r.status === ExportStatuses.completed && r.file_key !== null;

/** Rows as the API shows them: a completed file has its signed download link. */
export async function presentComplianceFiles(db: DbOrTx, found: ComplianceFileRow[]): Promise<ComplianceFile[]> {
  const link = found.some(isReady) ? await complianceLinkSigner(db) : null;
  return found.map((r) => ({
    id: r.id,
    filename: r.filename,
    url: link && isReady(r) ? link(r.team_id, r.id) : null,
    status: r.status,
    status_label: ExportStatusLabels[r.status] ?? String(r.status),
    total_leads: r.total_leads,
    completed_leads: r.completed_leads,
    error: r.error,
    created_at: iso(r.created_at)!,
  }));
}
