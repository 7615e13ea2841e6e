import { sql } from "drizzle-orm";
import { z } from "zod";
import { sweepUnstartedUploads } from "../imports";
import { filesOf } from "../shared/file-store";
import { type AnyJobDefinition, defineJob } from "../shared/jobs";

/**
 * Keeps the small bookkeeping tables small: rate-limit windows, dead tokens, used or expired password resets,
 * old delivered mail; and uploads never started within a day, with their files (they count against the team's
 * upload quota until then). Idempotent: running it twice deletes nothing more.
 */
export const cleanupJob = defineJob({
  name: "maintenance.cleanup",
  payload: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  cron: "17 * * * *",
  async handler(deps) {
    const { database, log } = deps;
    const db = database.db;
    await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
    await db.execute(sql`DELETE FROM import_api_requests WHERE created_at < now() - interval '1 day'`);
    await db.execute(sql`DELETE FROM access_tokens WHERE expires_at < now() - interval '7 days' OR revoked_at < now() - interval '7 days'`);
    await db.execute(sql`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
    await db.execute(sql`DELETE FROM mail_outbox WHERE status = 'sent' AND sent_at < now() - interval '30 days'`);
    const uploads = await sweepUnstartedUploads(db, undefined, filesOf(deps));
    log("maintenance cleanup done", { unstarted_uploads_removed: uploads.removed, unstarted_uploads_kept: uploads.kept });
  },
});

export const maintenanceJobs: readonly AnyJobDefinition[] = [cleanupJob];
