import {
  type ImportFailure,
  type ImportFailureReason,
  ImportFailureReasonLabels,
  type ImportFailureSortKeys,
  type ImportFailureStatus,
  ImportFailureStatusLabels,
  type ImportHistoryQuery,
  type ImportRecord,
  type ImportSortKeys,
  type ListImportsQuery,
  type Page,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, iso } from "../shared/rows";
import { unstartedStatuses } from "./import-quota";
import { findImport, type ImportRow, importSelect, presentImport } from "./imports.queries";

const importSorts = {
  updated_at: sql`i.updated_at`,
  created_at: sql`i.created_at`,
  name: sql`lower(i.filename)`,
  total_rows: sql`i.total_rows`,
  processed_count: sql`i.processed_count`,
  unique_count: sql`i.unique_count`,
  duplicates_count: sql`i.duplicates_count`,
  failed_count: sql`i.failed_count`,
  ignored_phones_count: sql`i.ignored_phones_count`,
  invalid_phones_count: sql`i.invalid_phones_count`,
  skipped_count: sql`i.skipped_count`,
  status: sql`i.status`,
  id: sql`i.id`,
} satisfies SortMap<(typeof ImportSortKeys)[number]>;

/**
 * Import History: started imports (and files refused at upload), newest first unless sorted; `search` matches
 * the file name. Uploads never started are Match Format's drafts (opened by id), not history: listed, they showed
 * as rows of zeros.
 */
export async function listImports(db: DbOrTx, ctx: TeamCtx, q: ListImportsQuery): Promise<Page<ImportRecord>> {
  let where = sql`i.team_id = ${ctx.teamId} AND i.status NOT IN (${unstartedStatuses})`;
  if (q.search) where = sql`${where} AND i.filename ILIKE ${likePattern(q.search)}`;
  const page = await pagedQuery<ImportRow, keyof typeof importSorts>(db, q, {
    select: importSelect,
    from: sql`FROM imports i`,
    where,
    sorts: importSorts,
    fallback: { key: "created_at", direction: "desc" },
    tieBreak: sql`i.id DESC`,
  });
  return mapPage(page, presentImport);
}

interface FailureRow {
  id: number;
  line: number;
  status: ImportFailureStatus;
  reason: ImportFailureReason;
  message: string | null;
  phone: string | null;
  email: string | null;
  found_lead_by_phone: number | null;
  found_lead_by_email: number | null;
  created_at: string;
}

const failureSorts = {
  line: sql`line`,
  created_at: sql`created_at`,
  status: sql`status`,
  failed_reason: sql`reason`,
  id: sql`id`,
} satisfies SortMap<(typeof ImportFailureSortKeys)[number]>;

/** Import History file detail: failed, skipped and conflicting rows; `search` matches phone or email. */
export async function importHistory(db: DbOrTx, ctx: TeamCtx, id: number, q: ImportHistoryQuery): Promise<Page<ImportFailure>> {
  await findImport(db, ctx.teamId, id);
  let where = sql`team_id = ${ctx.teamId} AND import_id = ${id}`;
  if (q.search) where = sql`${where} AND (phone ILIKE ${likePattern(q.search)} OR email ILIKE ${likePattern(q.search)})`;
  const page = await pagedQuery<FailureRow, keyof typeof failureSorts>(db, q, {
    select: sql`SELECT id, line, status, reason, message, phone, email, found_lead_by_phone, found_lead_by_email, created_at
                FROM import_failures`,
    from: sql`FROM import_failures`,
    where,
    sorts: failureSorts,
    fallback: { key: "line", direction: "asc" },
    tieBreak: sql`id`,
  });
  return mapPage(page, (r) => ({
    id: r.id,
    line: r.line,
    status: r.status,
    status_label: ImportFailureStatusLabels[r.status],
    failed_reason: r.reason,
    failed_reason_label: r.message ?? ImportFailureReasonLabels[r.reason],
    phone: r.phone,
    found_lead_by_phone: r.found_lead_by_phone,
    email: r.email,
    found_lead_by_email: r.found_lead_by_email,
    created_at: iso(r.created_at)!,
  }));
}
