import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type FileStore, localFiles } from "../shared/file-store";
import { type DbOrTx, one } from "../shared/rows";
import { unstartedStatuses } from "./import-quota";
import { removeStoredUpload } from "./import-upload";

/**
 * Cancel in Match Format: an import that was uploaded (or mapped) but never started is removed with its columns
 * and its stored file, which stops counting against the team's upload quota. A started import stays.
 */
export async function discardImport(db: DbOrTx, ctx: TeamCtx, id: number, files: FileStore = localFiles): Promise<void> {
  const found = await one<{ status: string }>(db, sql`SELECT status FROM imports WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  if (!found) throw new AppError("import_not_found");
  const gone = await db.transaction(async (tx) => {
    const row = await one<{ stored_path: string }>(
      tx,
      sql`DELETE FROM imports WHERE team_id = ${ctx.teamId} AND id = ${id} AND status IN (${unstartedStatuses}) RETURNING stored_path`,
    );
    if (row) await tx.execute(sql`DELETE FROM import_attributes WHERE team_id = ${ctx.teamId} AND import_id = ${id}`);
    return row;
  });
  if (!gone) throw new AppError("import_already_started", "This import has already started; it stays in Import History.");
  await removeStoredUpload(gone.stored_path, files).catch(() => undefined);
}
