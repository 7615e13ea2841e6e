import type { BatchStatusRequest, BatchStatusResponse } from "@leadflow/contracts";
import { LeadStatusLabels } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";
import { holdSelection, selectedLeads } from "./lead-selection";
import { applyLeadStatuses } from "./lead-statuses";

const leads = (n: number) => (n === 1 ? "1 lead" : `${n} leads`);
const were = (n: number) => (n === 1 ? "was" : "were");

/**
 * PUT /api/leads/batch-status: one status for a selection, set-based (applyLeadStatuses moves the flagged and
 * blacklisted counters of every list and source the leads are in, and logs each change as the user's). Ids that
 * are not the team's leads are reported in `errors`, like leads that already had the status; a selection of ids
 * none of which is the team's is a 404.
 */
export async function batchLeadStatus(db: DbOrTx, ctx: TeamCtx, req: BatchStatusRequest): Promise<BatchStatusResponse> {
  const label = LeadStatusLabels[req.status];
  return db.transaction(async (tx) => {
    await lockTeamLeads(tx, ctx.teamId);
    const sel = await holdSelection(tx, ctx, req);
    if ("ids" in req && sel.found === 0) throw new AppError("lead_not_found");
    const already = (await one<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM leads WHERE team_id = ${ctx.teamId} AND id IN (${selectedLeads}) AND status = ${req.status}`,
    ))!.n;
    const changed = (
      await applyLeadStatuses(tx, ctx.teamId, selectedLeads, { lead_status: req.status }, { type: "user", importId: null, filename: null })
    ).leads;
    const info = changed > 0 ? [`${leads(changed)} set to ${label}.`] : [];
    const errors = [
      ...(sel.found === 0 ? ["No leads match the selection."] : []),
      ...(already > 0 ? [`${leads(already)} ${were(already)} already ${label}.`] : []),
      ...(sel.missing > 0 ? [`${leads(sel.missing)} ${were(sel.missing)} not found.`] : []),
    ];
    const message =
      errors.length === 0 ? "Status updated successfully!" : changed > 0 ? "Status updated for some leads." : "No lead status was changed.";
    return { message, info, errors };
  });
}
