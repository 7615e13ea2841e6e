import { type BatchDeleteResponse, type LeadSelection, LeadStatuses } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import type { DbOrTx } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";
import { uncountLeads } from "../sources";
import { dropSegmentMembers } from "./lead-changes";
import { holdSelection } from "./lead-selection";

/**
 * DELETE /api/leads/batch and DELETE /api/leads/{id}: the leads with their phones, emails, list memberships and
 * log, and every counter they were part of, in one transaction under the team's lead lock. Ids are all or
 * nothing, like the other batch deletes: if any is not the team's lead, nothing is deleted and the answer is 404.
 */
export async function deleteLeads(db: DbOrTx, ctx: TeamCtx, sel: LeadSelection): Promise<BatchDeleteResponse> {
  const deleted = await db.transaction(async (tx) => {
    await lockTeamLeads(tx, ctx.teamId);
    const { found, missing } = await holdSelection(tx, ctx, sel);
    if (missing > 0) throw new AppError("lead_not_found");
    if (found > 0) await removeSelected(tx, ctx.teamId);
    return found;
  });
  const message = deleted === 1 ? "1 lead deleted." : deleted === 0 ? "No leads were deleted." : `${deleted} leads deleted.`;
  return { message, deleted };
}

/**
 * The selected leads leave the counters they were part of, taken back as set-based deltas (source-counters.ts):
 * flagged and blacklisted by the lead's status, contacts (and looked-up, verified ones) by its phones and emails,
 * the "today" counters where it counted today (a membership that came with the import that created the lead
 * today). Then every segment, and the rows themselves.
 */
async function removeSelected(tx: DbOrTx, t: number): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE _lead_gone ON COMMIT DROP AS
    SELECT s.lead_id, l.status, l.import_id, l.created_at::date = current_date AS created_today,
           COALESCE(p.n, 0) + COALESCE(e.n, 0) AS contacts, COALESCE(p.looked, 0) + COALESCE(e.looked, 0) AS looked,
           COALESCE(p.verified, 0) + COALESCE(e.verified, 0) AS verified
    FROM _lead_selection s
    JOIN leads l ON l.team_id = ${t} AND l.id = s.lead_id
    LEFT JOIN (SELECT lead_id, count(*) AS n, count(looked_up_at) AS looked, count(verified_at) AS verified FROM lead_phones
               WHERE team_id = ${t} AND lead_id IN (SELECT lead_id FROM _lead_selection) GROUP BY lead_id) p ON p.lead_id = s.lead_id
    LEFT JOIN (SELECT lead_id, count(*) AS n, count(looked_up_at) AS looked, count(verified_at) AS verified FROM lead_emails
               WHERE team_id = ${t} AND lead_id IN (SELECT lead_id FROM _lead_selection) GROUP BY lead_id) e ON e.lead_id = s.lead_id`);
  // Memberships in lists that still exist (a deleted list leaves its rows behind; it has no counters to fix).
  await tx.execute(sql`CREATE TEMP TABLE _lead_gone_member ON COMMIT DROP AS
    SELECT m.list_id, li.source_id, m.lead_id, m.created_at,
           (g.created_today AND m.import_id IS NOT DISTINCT FROM g.import_id) AS created_here
    FROM _lead_gone g
    JOIN list_leads m ON m.team_id = ${t} AND m.lead_id = g.lead_id
    JOIN lists li ON li.team_id = ${t} AND li.id = m.list_id`);

  const { flagged, blacklisted } = LeadStatuses;
  await uncountLeads(
    tx,
    t,
    sql`SELECT lead_id, (status = ${flagged})::int AS total_flagged_leads, (status = ${blacklisted})::int AS total_blacklisted_leads,
          contacts AS contacts_total, looked AS contacts_looked_up, verified AS contacts_verified FROM _lead_gone`,
    sql`SELECT list_id, source_id, lead_id, created_at, created_here FROM _lead_gone_member`,
  );

  await dropSegmentMembers(tx, t, sql`SELECT lead_id FROM _lead_selection`);
  for (const table of ["lead_phones", "lead_emails", "list_leads", "lead_logs"] as const) {
    await tx.execute(sql`DELETE FROM ${sql.raw(table)} x USING _lead_selection s WHERE x.team_id = ${t} AND x.lead_id = s.lead_id`);
  }
  await tx.execute(sql`DELETE FROM leads l USING _lead_selection s WHERE l.team_id = ${t} AND l.id = s.lead_id`);
}
