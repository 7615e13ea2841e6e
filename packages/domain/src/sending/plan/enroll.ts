import { isTriggerType } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../../campaigns";
import { bigintArray, type DbOrTx, rows } from "../../shared/rows";
import { firstStep, loadPlannedCampaign, planStep, stepDelayMs } from "./plan";

/*
 * Trigger campaigns (SMS Trigger, Email Trigger) take their leads from events — a click in another campaign, a 2FA
 * link view, a daily limit reached, a keyword — through this one function: the leads are planned on the campaign's
 * first step, due after its delay, in their window. The ledger's unique key makes each lead enter each step at most
 * once, however often the event repeats. Leads join while the campaign is Active or Paused (paused: silently, sent on
 * resume); any other status takes none.
 */

export interface Enrolled {
  /** Leads newly planned (a lead already in the campaign is not planned again). */
  planned: number;
  /** The gateways the new rows go out through: the caller wakes their dispatchers. */
  gatewayIds: number[];
}

export async function enrollLeads(
  db: DbOrTx,
  teamId: number,
  campaignId: number,
  leadIds: readonly number[],
  now = new Date(),
): Promise<Enrolled> {
  if (leadIds.length === 0) return { planned: 0, gatewayIds: [] };
  return db.transaction(async (tx) => {
    const c = await loadPlannedCampaign(tx, campaignId);
    if (!c || c.team_id !== teamId || !isTriggerType(c.type) || (c.status !== "active" && c.status !== "paused"))
      return { planned: 0, gatewayIds: [] };
    const step = await firstStep(tx, campaignId);
    if (!step) return { planned: 0, gatewayIds: [] };
    // Only the team's leads: an event never enrols another team's lead.
    const leads = sql`(SELECT l.team_id, l.id AS lead_id FROM leads l WHERE l.team_id = ${teamId} AND l.id = ANY(${bigintArray([...new Set(leadIds)])}))`;
    const result = await planStep(tx, c, step, leads, now.getTime() + stepDelayMs(step));
    if (result.total === 0) return { planned: 0, gatewayIds: [] };
    const day = utcDay(now);
    const counters = new CounterBatch().add({ teamId, campaignId, stepId: 0, partId: 0, day }, "records", result.total);
    if (result.skipped) counters.add({ teamId, campaignId, stepId: step.id, partId: 0, day }, "processed", result.skipped);
    await counters.write(tx);
    const gateways = await rows<{ gateway_id: number }>(
      tx,
      sql`SELECT DISTINCT gateway_id FROM campaign_messages
          WHERE campaign_id = ${campaignId} AND step_id = ${step.id} AND state = 'planned' AND gateway_id IS NOT NULL
            AND lead_id = ANY(${bigintArray([...leadIds])})`,
    );
    return { planned: result.total - result.skipped, gatewayIds: gateways.map((g) => g.gateway_id) };
  });
}
