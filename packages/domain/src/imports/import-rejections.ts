import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, one } from "../shared/rows";
import { displayFilename } from "./import-upload";
import { detectFormat } from "./parsers";

/**
 * A file refused at upload (empty, header only, unreadable, unsafe, too large) leaves a failed record in Import
 * History with the same message the dialog showed, and nothing else: no stored file, no columns, no leads.
 * A file whose type cannot be imported at all, or a list that is not the team's, leaves nothing.
 */
export async function recordRejectedUpload(db: DbOrTx, ctx: TeamCtx, rawName: string, listId: number, message: string): Promise<void> {
  const filename = displayFilename(rawName);
  const format = detectFormat(filename);
  if (!format) return;
  const list = await one<{ source_id: number }>(db, sql`SELECT source_id FROM lists WHERE team_id = ${ctx.teamId} AND id = ${listId}`);
  if (!list) return;
  await db.execute(
    sql`INSERT INTO imports (team_id, user_id, source_id, list_id, filename, stored_path, format, status, message, sync_status, finished_at)
        VALUES (${ctx.teamId}, ${ctx.userId}, ${list.source_id}, ${listId}, ${filename}, '', ${format}, 'failed', ${message.slice(0, 1000)},
                'failed', now())`,
  );
}
