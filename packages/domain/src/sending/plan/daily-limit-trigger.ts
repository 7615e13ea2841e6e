import { CampaignChannel, type CampaignTrigger, type CampaignType, isTriggerType } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, intArray, rows } from "../../shared/rows";
import { enrollLeads } from "./enroll";

/*
 * The daily-limit trigger (docs/sending.md, "Trigger campaigns"): when a campaign's daily limit moves due rows to its
 * next day (allowance.ts, reason `daily_limit`), the leads so deferred enter the team's trigger campaigns — SMS Trigger
 * for an SMS campaign, Email Trigger for an email one, Active or Paused — that list `campaign_daily_limit` among their
 * triggers, never the deferring campaign itself. `enrollLeads` plans each lead at most once per step, so a lead
 * deferred again tomorrow is not enrolled twice. Runs in the deferring transaction: both happen or neither.
 */

const DAILY_LIMIT_TRIGGER: CampaignTrigger = "campaign_daily_limit";

/** The leads one campaign's daily limit just deferred. */
export interface DailyLimitDeferred {
  teamId: number;
  campaignId: number;
  leadIds: readonly number[];
}

/** Enrols the deferred leads; answers the gateways of the new rows, whose dispatchers the caller wakes. */
export async function enrollDailyLimitTriggers(tx: DbOrTx, deferred: readonly DailyLimitDeferred[]): Promise<number[]> {
  const withLeads = deferred.filter((d) => d.leadIds.length > 0);
  if (withLeads.length === 0) return [];
  const campaignIds = [...new Set(withLeads.map((d) => d.campaignId))];
  const teamIds = [...new Set(withLeads.map((d) => d.teamId))];
  const found = await rows<{ id: number; team_id: number; type: CampaignType; is_trigger: boolean }>(
    tx,
    sql`SELECT id, team_id, type, false AS is_trigger FROM campaigns WHERE id = ANY(${intArray(campaignIds)})
        UNION ALL
        SELECT id, team_id, type, true FROM campaigns
        WHERE team_id = ANY(${intArray(teamIds)}) AND type IN ('automation', 'email_automation')
          AND status IN ('active', 'paused') AND deleted_at IS NULL AND ${DAILY_LIMIT_TRIGGER} = ANY(triggers)
        ORDER BY 1`,
  );
  const typeOf = new Map(found.filter((c) => !c.is_trigger).map((c) => [c.id, c.type]));
  const triggers = found.filter((c) => c.is_trigger && isTriggerType(c.type));
  // Each trigger campaign's leads, from every deferring campaign of its team and channel but itself.
  const leadsOf = new Map<number, Set<number>>();
  for (const d of withLeads) {
    const type = typeOf.get(d.campaignId);
    if (!type) continue;
    for (const t of triggers) {
      if (t.team_id !== d.teamId || t.id === d.campaignId || CampaignChannel[t.type] !== CampaignChannel[type]) continue;
      const set = leadsOf.get(t.id) ?? new Set<number>();
      for (const id of d.leadIds) set.add(id);
      leadsOf.set(t.id, set);
    }
  }
  const gateways = new Set<number>();
  for (const t of triggers) {
    const leads = leadsOf.get(t.id);
    if (!leads) continue;
    const enrolled = await enrollLeads(tx, t.team_id, t.id, [...leads]);
    for (const g of enrolled.gatewayIds) gateways.add(g);
  }
  return [...gateways];
}
