import { LookupTypes } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { certificateItems, countCertificates } from "./lookup-consent-items";

/**
 * Where a lookup job's leads come from: at most one of these is set. A job started on a leads table selection has
 * none: its leads are given once (`leads`, a subquery of lead ids) and are then those of its items (`jobId`).
 */
export interface LookupScope {
  sourceId?: number | null;
  listId?: number | null;
  segmentId?: number | null;
  leadId?: number | null;
  importId?: number | null;
  leads?: SQL;
  jobId?: number;
}

/** The lead ids of a scope, as a subquery of `lead_id`. */
export function scopeLeads(teamId: number, s: LookupScope): SQL {
  if (s.leads) return s.leads;
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
  if (s.jobId) return sql`SELECT DISTINCT lead_id FROM lookup_items WHERE team_id = ${teamId} AND job_id = ${s.jobId}`;
  throw new Error("A lookup needs a scope");
}

/** Phones for carrier, DNC and Reassigned Numbers lookups, emails for email lookups. */
export function contactTable(type: number): { table: SQL; column: SQL } {
  return type === LookupTypes.email ? { table: sql`lead_emails`, column: sql`email` } : { table: sql`lead_phones`, column: sql`phone` };
}

/** What a job's items are: the scope's phones or emails, or for certificate checks its leads' consent records. */
function scopeItems(teamId: number, type: number, scope: LookupScope, gatewayType: string | null): SQL {
  const leads = scopeLeads(teamId, scope);
  if (type === LookupTypes.consent_certificates) return certificateItems(teamId, leads, gatewayType);
  const c = contactTable(type);
  return sql`SELECT c.${c.column} AS value, c.lead_id FROM ${c.table} c JOIN (${leads}) s ON s.lead_id = c.lead_id
             WHERE c.team_id = ${teamId}`;
}

/**
 * Adds the scope's items to the job's item ledger (those already there stay as they are) and counts them into
 * `total_count`. Run once when a job first starts, and again for an import whose later batches bring more leads.
 * `gatewayType` picks which certificates a certificate check takes (TrustedForm's, Jornaya's, or either for the
 * sandbox). Returns how many items were added.
 */
export async function snapshotItems(
  tx: DbOrTx,
  teamId: number,
  jobId: number,
  type: number,
  scope: LookupScope,
  gatewayType: string | null = null,
): Promise<number> {
  const added = await one<{ n: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO lookup_items (team_id, job_id, value, lead_id)
          SELECT ${teamId}, ${jobId}, x.value, x.lead_id FROM (${scopeItems(teamId, type, { jobId, ...scope }, gatewayType)}) x
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

/** How many phones, emails or certificates a scope holds now (to refuse an empty lookup before creating it). */
export async function countScopeItems(
  db: DbOrTx,
  teamId: number,
  type: number,
  scope: LookupScope,
  gatewayType: string | null = null,
): Promise<number> {
  if (type === LookupTypes.consent_certificates) return countCertificates(db, teamId, scopeLeads(teamId, scope), gatewayType);
  const c = contactTable(type);
  const row = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${c.table} c JOIN (${scopeLeads(teamId, scope)}) s ON s.lead_id = c.lead_id WHERE c.team_id = ${teamId}`,
  );
  return row?.n ?? 0;
}
