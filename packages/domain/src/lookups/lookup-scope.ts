import { LookupTypes } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

/** Where a lookup job's leads come from: exactly one of these is set. */
export interface LookupScope {
  sourceId?: number | null;
  listId?: number | null;
  segmentId?: number | null;
  leadId?: number | null;
  importId?: number | null;
}

/** The lead ids of a scope, as a subquery of `lead_id`. */
export function scopeLeads(teamId: number, s: LookupScope): SQL {
  if (s.leadId) return sql`SELECT ${s.leadId}::bigint AS lead_id`;
  if (s.segmentId) return sql`SELECT lead_id FROM segment_leads WHERE team_id = ${teamId} AND segment_id = ${s.segmentId}`;
  if (s.listId) return sql`SELECT lead_id FROM list_leads WHERE team_id = ${teamId} AND list_id = ${s.listId}`;
  if (s.sourceId)
    return sql`SELECT DISTINCT ll.lead_id FROM list_leads ll JOIN lists l ON l.id = ll.list_id AND l.team_id = ll.team_id
               WHERE ll.team_id = ${teamId} AND l.source_id = ${s.sourceId}`;
  if (s.importId)
    // The leads an import created, and those it merged into (its log entries).
    return sql`SELECT id AS lead_id FROM leads WHERE team_id = ${teamId} AND import_id = ${s.importId}
               UNION SELECT lead_id FROM lead_logs WHERE team_id = ${teamId} AND import_id = ${s.importId}`;
  throw new Error("A lookup needs a scope");
}

/** Phones for carrier and DNC lookups, emails for email lookups. */
export function contactTable(type: number): { table: SQL; column: SQL } {
  return type === LookupTypes.email ? { table: sql`lead_emails`, column: sql`email` } : { table: sql`lead_phones`, column: sql`phone` };
}

/**
 * Adds the scope's phones or emails to the job's item ledger (those already there stay as they are) and counts
 * them into `total_count`. Run once when a job first starts, and again for an import whose later batches bring
 * more leads. Returns how many items were added.
 */
export async function snapshotItems(tx: DbOrTx, teamId: number, jobId: number, type: number, scope: LookupScope): Promise<number> {
  const c = contactTable(type);
  const added = await one<{ n: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO lookup_items (team_id, job_id, value, lead_id)
          SELECT ${teamId}, ${jobId}, c.${c.column}, c.lead_id
          FROM ${c.table} c JOIN (${scopeLeads(teamId, scope)}) s ON s.lead_id = c.lead_id
          WHERE c.team_id = ${teamId}
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
  );
  const n = added?.n ?? 0;
  await tx.execute(
    sql`UPDATE lookup_jobs SET total_count = total_count + ${n}, snapshot_at = COALESCE(snapshot_at, now()), updated_at = now()
        WHERE team_id = ${teamId} AND id = ${jobId}`,
  );
  return n;
}

/** How many phones or emails a scope holds now (to refuse an empty lookup before creating it). */
export async function countScopeItems(db: DbOrTx, teamId: number, type: number, scope: LookupScope): Promise<number> {
  const c = contactTable(type);
  const row = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${c.table} c JOIN (${scopeLeads(teamId, scope)}) s ON s.lead_id = c.lead_id WHERE c.team_id = ${teamId}`,
  );
  return row?.n ?? 0;
}
