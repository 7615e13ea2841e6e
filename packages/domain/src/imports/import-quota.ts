import { UnstartedImportStatuses } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { lockTeamUploads } from "../shared/team-locks";
import { formatBytes } from "./parsers/parsers.errors";

/** What a team's unstarted uploads may take together (LEADFLOW_UPLOAD_QUOTA_BYTES overrides). */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 2 * 1024 ** 3;

/** Uploads not started within this many hours are removed with their files (the hourly maintenance sweep). */
export const UNSTARTED_UPLOAD_TTL_HOURS = 24;

export const unstartedStatuses = sql.join(
  UnstartedImportStatuses.map((s) => sql`${s}`),
  sql`, `,
);

export function uploadQuotaError(usedBytes: number, quotaBytes: number): AppError {
  const message =
    `Your team's unstarted uploads use ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)}. Start or remove an upload, ` +
    `or try again after unstarted uploads are cleared (after ${UNSTARTED_UPLOAD_TTL_HOURS} hours).`;
  return new AppError("import_upload_quota", message, { file: [message] });
}

export async function unstartedUploadBytes(db: DbOrTx, teamId: number): Promise<number> {
  const row = await one<{ used: string | number }>(
    db,
    sql`SELECT COALESCE(sum(size_bytes), 0) AS used FROM imports WHERE team_id = ${teamId} AND status IN (${unstartedStatuses})`,
  );
  return Number(row?.used ?? 0);
}

/**
 * The check that holds: inside the transaction that records the upload, one upload of a team at a time, so
 * uploads sent together cannot each see room for themselves. Throws 413 when this one would not fit.
 */
export async function reserveUploadQuota(tx: DbOrTx, teamId: number, sizeBytes: number, quotaBytes: number): Promise<void> {
  await lockTeamUploads(tx, teamId);
  const used = await unstartedUploadBytes(tx, teamId);
  if (used + sizeBytes > quotaBytes) throw uploadQuotaError(used, quotaBytes);
}
