import { type EmailStatus, type LeadStatus, LeadStatuses, LeadStatusLabels, type PhoneStatus } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { moveLeadCounters } from "../sources";
import { recordLeadChanges } from "./lead-changes";

export interface StatusChange {
  lead_status?: LeadStatus | null;
  email_status?: EmailStatus | null;
  phone_status?: PhoneStatus | null;
}

export interface StatusChangeResult {
  leads: number;
  phones: number;
  emails: number;
}

const labelsJson = JSON.stringify(LeadStatusLabels);

/**
 * Sets statuses on a set of one team's leads (`leadIds` selects a `lead_id` column), set-based. Lead status
 * changes move the flagged/blacklisted counters of every list and source the lead is in, and are logged.
 * Run inside a transaction holding the team's lead lock.
 */
export async function applyLeadStatuses(
  tx: DbOrTx,
  teamId: number,
  leadIds: SQL,
  change: StatusChange,
  log: { type: string; importId: number | null; filename: string | null },
): Promise<StatusChangeResult> {
  let leads = 0;
  if (change.lead_status != null) {
    const s = change.lead_status;
    await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS _ls_changed (lead_id bigint, old smallint) ON COMMIT DROP`);
    await tx.execute(sql`TRUNCATE _ls_changed`);
    await tx.execute(sql`
      WITH upd AS (
        UPDATE leads l SET status = ${s}, updated_at = now()
        FROM (SELECT id, status AS old FROM leads WHERE team_id = ${teamId} AND id IN (${leadIds}) AND status <> ${s}) o
        WHERE l.team_id = ${teamId} AND l.id = o.id RETURNING l.id, o.old)
      INSERT INTO _ls_changed SELECT id, old FROM upd`);
    const { flagged, blacklisted } = LeadStatuses;
    await moveLeadCounters(
      tx,
      teamId,
      sql`SELECT lead_id, (${s} = ${flagged})::int - (old = ${flagged})::int AS total_flagged_leads,
            (${s} = ${blacklisted})::int - (old = ${blacklisted})::int AS total_blacklisted_leads
          FROM _ls_changed`,
      ["total_flagged_leads", "total_blacklisted_leads"],
    );
    await tx.execute(sql`
      INSERT INTO lead_logs (team_id, lead_id, type, action, import_id, filename, diff)
      SELECT ${teamId}, c.lead_id, ${log.type}, 'status', ${log.importId}, ${log.filename},
             jsonb_build_array(jsonb_build_object('lead_attribute_name', 'Status', 'lead_attribute_value', ${labelsJson}::jsonb ->> ${String(s)},
               'action', 'updated', 'value_from', ${labelsJson}::jsonb ->> c.old::text, 'value_to', ${labelsJson}::jsonb ->> ${String(s)}))
        FROM _ls_changed c`);
    leads = (await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM _ls_changed`))!.n;
  }
  let phones = 0;
  if (change.phone_status != null) {
    const r = await one<{ n: number }>(
      tx,
      sql`WITH u AS (UPDATE lead_phones SET status = ${change.phone_status}, updated_at = now()
            WHERE team_id = ${teamId} AND lead_id IN (${leadIds}) AND status <> ${change.phone_status} RETURNING 1)
          SELECT count(*)::int AS n FROM u`,
    );
    phones = r!.n;
  }
  let emails = 0;
  if (change.email_status != null) {
    const r = await one<{ n: number }>(
      tx,
      sql`WITH u AS (UPDATE lead_emails SET status = ${change.email_status}, updated_at = now()
            WHERE team_id = ${teamId} AND lead_id IN (${leadIds}) AND status <> ${change.email_status} RETURNING 1)
          SELECT count(*)::int AS n FROM u`,
    );
    emails = r!.n;
  }
  // Dynamic segments re-test the leads whose status (or phones' or emails' status) moved.
  if (phones > 0 || emails > 0) await recordLeadChanges(tx, teamId, { ids: leadIds });
  else if (leads > 0) await recordLeadChanges(tx, teamId, { ids: sql`SELECT lead_id FROM _ls_changed` });
  return { leads, phones, emails };
}
