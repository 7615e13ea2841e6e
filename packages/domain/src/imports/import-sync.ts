import { sql } from "drizzle-orm";
import { applyLeadStatuses, type StatusChange } from "../leads";
import type { JobDeps } from "../shared/jobs";
import type { Lease } from "../shared/lease";
import { one } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";
import { ImportProgress, type ProgressTarget } from "./import-progress";
import { findImport } from "./imports.queries";

/** Leads per status transaction: big enough to be set-based, small enough to keep the team lock short. */
const CHUNK = 20_000;

/**
 * Phase two, 'Lead synchronization': applies the import's lead, phone and email statuses (if chosen) to every lead
 * the import created or merged into, in chunks of lead ids, then completes. Setting a status is idempotent, so a
 * resumed run simply starts over.
 */
export async function synchronizeImport(deps: JobDeps, t: ProgressTarget, lease: Lease): Promise<void> {
  const db = deps.database.db;
  const r = await findImport(db, t.teamId, t.id);
  const change: StatusChange = { lead_status: r.lead_status, email_status: r.email_status, phone_status: r.phone_status };
  const apply = change.lead_status != null || change.email_status != null || change.phone_status != null;
  const progress = new ImportProgress(deps, t);
  const touched = touchedLeads(t.teamId, t.id);

  let total = 0;
  if (apply) total = (await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${touched({ after: 0 })}) x`))!.n;
  await db.execute(
    sql`UPDATE imports SET status = CASE WHEN status = 'processing' THEN 'synchronizing' ELSE status END,
          sync_status = 'processing', sync_progress = 0, sync_processed = 0, sync_total = ${total}, updated_at = now()
        WHERE ${lease.mine}`,
  );
  await progress.publish({ type: "sync_progress", processed: 0, current: 0, total }, true);

  let after = 0;
  let processed = 0;
  while (apply) {
    const chunk = await one<{ upto: number | null; n: number }>(
      db,
      sql`SELECT max(lead_id) AS upto, count(*)::int AS n FROM (${touched({ after, limit: CHUNK })} ORDER BY lead_id LIMIT ${CHUNK}) x`,
    );
    if (!chunk || chunk.n === 0 || chunk.upto === null) break;
    const upto = chunk.upto;
    await db.transaction(async (tx) => {
      await lockTeamLeads(tx, t.teamId);
      await applyLeadStatuses(tx, t.teamId, touched({ after, upto }), change, {
        type: "import",
        importId: t.id,
        filename: t.filename,
      });
      await tx.execute(
        sql`UPDATE imports SET sync_processed = ${processed + chunk.n}, sync_progress = ${(100 * (processed + chunk.n)) / Math.max(total, 1)},
              ${lease.extended}, updated_at = now()
            WHERE ${lease.mine}`,
      );
    });
    after = upto;
    processed += chunk.n;
    await progress.publish({ type: "sync_progress", processed, current: (100 * processed) / Math.max(total, 1), total });
  }

  await db.execute(
    sql`UPDATE imports SET sync_status = 'completed', sync_progress = 100, sync_processed = ${processed},
          statuses_applied_at = CASE WHEN ${apply} THEN now() ELSE statuses_applied_at END, updated_at = now()
        WHERE ${lease.mine}`,
  );
  await progress.publish({ type: "sync_progress", processed, current: 100, total }, true);
}

/**
 * The leads an import touched, by id range: those it created (`leads.import_id`) and those it merged into (their
 * activity-log entries). With `limit`, each side reads at most that many from its index, in id order.
 */
function touchedLeads(teamId: number, importId: number) {
  return (range: { after: number; upto?: number; limit?: number }) => {
    const upto = (col: string) => (range.upto === undefined ? sql`` : sql`AND ${sql.raw(col)} <= ${range.upto}`);
    const cap = range.limit === undefined ? sql`` : sql`ORDER BY 1 LIMIT ${range.limit}`;
    return sql`(SELECT id AS lead_id FROM leads WHERE team_id = ${teamId} AND import_id = ${importId} AND id > ${range.after} ${upto("id")} ${cap})
      UNION
      (SELECT DISTINCT lead_id FROM lead_logs
       WHERE team_id = ${teamId} AND import_id = ${importId} AND lead_id > ${range.after} ${upto("lead_id")} ${cap})`;
  };
}
