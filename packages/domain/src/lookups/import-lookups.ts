import { LookupStatuses, type LookupType, LookupTypeGatewayKind, LookupTypes } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { loadGatewayForRun } from "../gateways";
import { AppError } from "../shared/errors";
import type { JobSender } from "../shared/jobs";
import { bigintArray, type DbOrTx, one, rows } from "../shared/rows";
import { enqueueLookups } from "./lookups.jobs";

/*
 * The import toggles ('Lookup phone numbers', 'SMS DNC', 'Lookup emails', each with its gateway), on a file
 * import and on an import API key: one lookup job per import and type over the leads the import created or
 * merged into. A file import's jobs start when it finishes; an API key's day record gets its jobs on the first
 * call and every later call adds its leads' phones and emails to them.
 */

export interface ImportLookupToggles {
  check_mobile_status: boolean;
  check_sms_dnc: boolean;
  check_email_status: boolean;
  sms_lookup_gateway_id: number | null;
  sms_dnc_gateway_id: number | null;
  email_lookup_gateway_id: number | null;
}

const TOGGLE_FIELDS = [
  ["check_mobile_status", "sms_lookup_gateway_id", LookupTypes.sms, "Lookup phone numbers"],
  ["check_sms_dnc", "sms_dnc_gateway_id", LookupTypes.sms_dnc, "SMS DNC"],
  ["check_email_status", "email_lookup_gateway_id", LookupTypes.email, "Lookup emails"],
] as const;

/**
 * The import toggles as a file import's mapping or an import API key saves them: a toggle that is on needs a
 * gateway the team may use for that lookup (its own or a platform default, of the kind, active, allowing lookups).
 * A 422 keyed by the gateway field otherwise; a toggle that is off ignores its gateway.
 */
export async function checkImportLookupToggles(db: DbOrTx, teamId: number, t: Partial<ImportLookupToggles>): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [check, field, type, label] of TOGGLE_FIELDS) {
    if (!t[check]) continue;
    const id = t[field];
    if (!id) {
      errors[field] = [`Select a gateway for '${label}'.`];
      continue;
    }
    const g = await loadGatewayForRun(db, teamId, id);
    if (!g || g.kind !== LookupTypeGatewayKind[type] || !g.active || !g.allowLookup)
      errors[field] = [`Select an active gateway for '${label}'.`];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError("lookup_gateway_invalid", first, errors);
}

function wanted(t: ImportLookupToggles): { type: LookupType; gatewayId: number }[] {
  const out: { type: LookupType; gatewayId: number }[] = [];
  if (t.check_mobile_status && t.sms_lookup_gateway_id) out.push({ type: LookupTypes.sms, gatewayId: t.sms_lookup_gateway_id });
  if (t.check_sms_dnc && t.sms_dnc_gateway_id) out.push({ type: LookupTypes.sms_dnc, gatewayId: t.sms_dnc_gateway_id });
  if (t.check_email_status && t.email_lookup_gateway_id) out.push({ type: LookupTypes.email, gatewayId: t.email_lookup_gateway_id });
  return out;
}

/** After a file import finished: its lookups start (the runner snapshots the import's leads). */
export async function startFileImportLookups(db: DbOrTx, jobs: JobSender | undefined, teamId: number, importId: number): Promise<number[]> {
  const imp = await one<ImportLookupToggles & { user_id: number | null; source_id: number | null; list_id: number | null }>(
    db,
    sql`SELECT user_id, source_id, list_id, check_mobile_status, check_sms_dnc, check_email_status, sms_lookup_gateway_id,
               sms_dnc_gateway_id, email_lookup_gateway_id
        FROM imports WHERE team_id = ${teamId} AND id = ${importId}`,
  );
  if (!imp) return [];
  const ids: number[] = [];
  for (const w of wanted(imp)) {
    const row = await one<{ id: number }>(
      db,
      sql`INSERT INTO lookup_jobs (team_id, user_id, type, gateway_id, import_id, status, started_at, run_started_at)
          VALUES (${teamId}, ${imp.user_id}, ${w.type}, ${w.gatewayId}, ${importId}, ${LookupStatuses.running}, now(), now())
          ON CONFLICT (team_id, import_id, type) WHERE import_id IS NOT NULL DO NOTHING RETURNING id`,
    );
    if (row) ids.push(row.id);
  }
  if (jobs && ids.length) await enqueueLookups(jobs, teamId, ids);
  return ids;
}

/**
 * Inside an API batch's transaction: the key's lookups for the day's record take the batch's leads. A finished
 * job runs again for them; a paused or stopped one keeps them for when it is started.
 */
export async function addApiImportLookupItems(
  tx: DbOrTx,
  teamId: number,
  importId: number,
  toggles: ImportLookupToggles,
  leadIds: number[],
): Promise<void> {
  if (!leadIds.length) return;
  const { running, completed } = LookupStatuses;
  const leads = bigintArray(leadIds);
  for (const w of wanted(toggles)) {
    const finished = sql`lookup_jobs.status = ${completed}`;
    const job = await one<{ id: number }>(
      tx,
      sql`INSERT INTO lookup_jobs (team_id, type, gateway_id, import_id, status, started_at, run_started_at, snapshot_at)
          VALUES (${teamId}, ${w.type}, ${w.gatewayId}, ${importId}, ${running}, now(), now(), now())
          ON CONFLICT (team_id, import_id, type) WHERE import_id IS NOT NULL
          DO UPDATE SET status = CASE WHEN ${finished} THEN ${running} ELSE lookup_jobs.status END,
                        run_started_at = CASE WHEN ${finished} THEN now() ELSE lookup_jobs.run_started_at END,
                        run_base_count = CASE WHEN ${finished} THEN lookup_jobs.count ELSE lookup_jobs.run_base_count END,
                        finished_at = CASE WHEN ${finished} THEN NULL ELSE lookup_jobs.finished_at END,
                        updated_at = now()
          RETURNING id`,
    );
    if (!job) continue;
    const contacts =
      w.type === LookupTypes.email
        ? sql`SELECT email AS value, lead_id FROM lead_emails`
        : sql`SELECT phone AS value, lead_id FROM lead_phones`;
    await tx.execute(
      sql`WITH ins AS (
            INSERT INTO lookup_items (team_id, job_id, value, lead_id)
            SELECT ${teamId}, ${job.id}, c.value, c.lead_id FROM (${contacts} WHERE team_id = ${teamId} AND lead_id = ANY(${leads})) c
            ON CONFLICT DO NOTHING RETURNING 1)
          UPDATE lookup_jobs SET total_count = total_count + (SELECT count(*) FROM ins) WHERE team_id = ${teamId} AND id = ${job.id}`,
    );
  }
}

/** After an API call committed: runners for the team's import lookups that have none at work. */
export async function kickImportLookups(db: DbOrTx, jobs: JobSender, teamId: number): Promise<void> {
  const idle = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM lookup_jobs WHERE team_id = ${teamId} AND import_id IS NOT NULL AND status = ${LookupStatuses.running}
          AND (lease_until IS NULL OR lease_until < now()) LIMIT 20`,
  );
  await enqueueLookups(
    jobs,
    teamId,
    idle.map((r) => r.id),
  );
}
