import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type FileStore, localFiles } from "../shared/file-store";
import { intArray, rows } from "../shared/rows";
import { UNSTARTED_UPLOAD_TTL_HOURS, unstartedStatuses } from "./import-quota";
import { removeStoredUpload } from "./import-upload";

const BATCH = 500;

export interface SweepResult {
  removed: number;
  /** Files that could not be removed: their imports stay for the next sweep, so no row loses its file. */
  kept: number;
}

/**
 * Removes uploads nobody started within a day (left at Match Format, or mapped and never dispatched) with their
 * columns and stored files (wherever `files` keeps them), across teams. `now` is the clock the day is measured against (the database's when
 * absent). The rows stay locked while their files go: a dispatch arriving meanwhile waits, then finds no import,
 * instead of starting one whose file is gone; a draft being mapped right now is skipped until the next sweep.
 */
export async function sweepUnstartedUploads(db: Db, now?: Date, files: FileStore = localFiles): Promise<SweepResult> {
  const cutoff = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  let removed = 0;
  const kept = new Set<string>();
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const found = await rows<{ team_id: number; id: number; stored_path: string }>(
        tx,
        sql`SELECT team_id, id, stored_path FROM imports
            WHERE status IN (${unstartedStatuses}) AND created_at < ${cutoff} - make_interval(hours => ${UNSTARTED_UPLOAD_TTL_HOURS})
            ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      const gone: typeof found = [];
      for (const r of found) {
        const ok = await removeStoredUpload(r.stored_path, files).then(
          () => true,
          () => false,
        );
        if (ok) gone.push(r);
        else kept.add(`${r.team_id}:${r.id}`);
      }
      if (gone.length > 0) {
        const pairs = sql`unnest(${intArray(gone.map((r) => r.team_id))}, ${intArray(gone.map((r) => r.id))}) AS g(team_id, id)`;
        await tx.execute(sql`DELETE FROM import_attributes a USING ${pairs} WHERE a.team_id = g.team_id AND a.import_id = g.id`);
        await tx.execute(sql`DELETE FROM imports i USING ${pairs} WHERE i.team_id = g.team_id AND i.id = g.id`);
      }
      return { full: found.length === BATCH, removed: gone.length };
    });
    removed += batch.removed;
    if (!batch.full || batch.removed === 0) return { removed, kept: kept.size };
  }
}
