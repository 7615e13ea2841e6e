import {
  type EmailStatus,
  type ImportAttribute,
  type ImportFormat,
  type ImportRecord,
  type ImportStatus,
  ImportStatusLabels,
  type LeadStatus,
  type PhoneStatus,
  type SyncImport,
  type SyncImportStatus,
  SyncImportStatusLabels,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { type DbOrTx, iso, one } from "../shared/rows";

export interface ImportRow {
  id: number;
  team_id: number;
  user_id: number | null;
  user_name: string | null;
  source_id: number | null;
  source_name: string | null;
  list_id: number | null;
  list_name: string | null;
  filename: string;
  stored_path: string;
  format: ImportFormat;
  size_bytes: number;
  encoding: string | null;
  delimiter: string | null;
  status: ImportStatus;
  progress: number;
  message: string | null;
  total_rows: number;
  processed_count: number;
  unique_count: number;
  duplicates_count: number;
  failed_count: number;
  ignored_phones_count: number;
  invalid_phones_count: number;
  skipped_count: number;
  validated_at: string | null;
  merged_batches: number;
  checkpoint_line: number;
  sync_status: SyncImportStatus;
  sync_progress: number;
  sync_processed: number;
  sync_total: number;
  check_mobile_status: boolean;
  check_email_status: boolean;
  check_sms_dnc: boolean;
  email_lookup_gateway_id: number | null;
  sms_lookup_gateway_id: number | null;
  sms_dnc_gateway_id: number | null;
  lead_status: LeadStatus | null;
  email_status: EmailStatus | null;
  phone_status: PhoneStatus | null;
  statuses_applied_at: string | null;
  process_id: number | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  attributes: ImportAttribute[];
}

export const importSelect = sql`SELECT i.*, u.name AS user_name, s.name AS source_name, l.name AS list_name,
  COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'col_position', a.col_position,
              'lead_attribute_id', a.lead_attribute_id, 'consent_field', a.consent_field) ORDER BY a.col_position)
            FROM import_attributes a WHERE a.team_id = i.team_id AND a.import_id = i.id), '[]'::json) AS attributes
  FROM imports i
  LEFT JOIN users u ON u.id = i.user_id
  LEFT JOIN sources s ON s.id = i.source_id AND s.team_id = i.team_id
  LEFT JOIN lists l ON l.id = i.list_id AND l.team_id = i.team_id`;

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
const pct = (n: number) => Math.max(0, Math.min(100, Math.round(Number(n) * 100) / 100));

export function presentImport(r: ImportRow): ImportRecord {
  return {
    id: r.id,
    name: r.filename,
    filename: r.filename,
    client_original_name: r.filename,
    format: r.format,
    size_bytes: r.size_bytes,
    status: r.status,
    status_label: ImportStatusLabels[r.status],
    progress: pct(r.progress),
    total_rows: r.total_rows,
    processed_count: r.processed_count,
    unique_count: r.unique_count,
    duplicates_count: r.duplicates_count,
    failed_count: r.failed_count,
    ignored_phones_count: r.ignored_phones_count,
    invalid_phones_count: r.invalid_phones_count,
    skipped_count: r.skipped_count,
    message: r.message,
    source: ref(r.source_id, r.source_name),
    list: ref(r.list_id, r.list_name),
    attributes: r.attributes,
    sync_import: { id: r.id, status: r.sync_status, progress: pct(r.sync_progress) },
    check_mobile_status: r.check_mobile_status,
    check_email_status: r.check_email_status,
    check_sms_dnc: r.check_sms_dnc,
    email_lookup_gateway_id: r.email_lookup_gateway_id,
    sms_lookup_gateway_id: r.sms_lookup_gateway_id,
    sms_dnc_gateway_id: r.sms_dnc_gateway_id,
    lead_status: r.lead_status,
    email_status: r.email_status,
    phone_status: r.phone_status,
    user: ref(r.user_id, r.user_name),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

export function presentSyncImport(r: ImportRow): SyncImport {
  return {
    id: r.id,
    import_id: r.id,
    status: r.sync_status,
    status_label: SyncImportStatusLabels[r.sync_status],
    progress: pct(r.sync_progress),
    processed: r.sync_processed,
    total: r.sync_total,
    updated_at: iso(r.updated_at)!,
  };
}

/** The team's import, or 404. */
export async function findImport(db: DbOrTx, teamId: number, id: number, lock?: "update"): Promise<ImportRow> {
  const row = await one<ImportRow>(
    db,
    lock
      ? sql`${importSelect} WHERE i.team_id = ${teamId} AND i.id = ${id} FOR UPDATE OF i`
      : sql`${importSelect} WHERE i.team_id = ${teamId} AND i.id = ${id}`,
  );
  if (!row) throw new AppError("import_not_found");
  return row;
}

export async function updateImport(db: DbOrTx, teamId: number, id: number, set: SQL): Promise<void> {
  await db.execute(sql`UPDATE imports SET ${set}, updated_at = now() WHERE team_id = ${teamId} AND id = ${id}`);
}
