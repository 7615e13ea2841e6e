import { CampaignStatusLabels, ClosedWithoutReceipt, OpenMessageStates } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { engineChanges, recordCampaignChanges } from "../../campaigns";
import { intArray, rows, textArray } from "../../shared/rows";

/*
 * A bulk campaign completes when every ledger row is final (docs/sending.md): nothing planned, claimed, being
 * submitted, unknown, or accepted and waiting for the provider's last word (a `sent` row reconciliation closed without a
 * receipt counts as final), and nothing of its audience left to plan. Trigger campaigns never complete: leads
 * keep arriving with events. A paused campaign stays paused.
 */
export async function completeFinishedCampaigns(db: Db, campaignIds: readonly number[]): Promise<number[]> {
  if (campaignIds.length === 0) return [];
  // The status and its Logs entry commit together.
  const done = await db.transaction(async (tx) => {
    const moved = await rows<{ id: number; team_id: number }>(
      tx,
      sql`UPDATE campaigns c SET status = 'completed', updated_at = now()
        WHERE c.id = ANY(${intArray(campaignIds)}) AND c.status = 'active' AND c.type IN ('sms', 'email') AND c.planning_since IS NULL
          AND EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.state = ANY(${textArray(OpenMessageStates)})
                            AND (m.state <> 'sent' OR m.reason IS DISTINCT FROM ${ClosedWithoutReceipt}))
        RETURNING c.id, c.team_id`,
    );
    await recordCampaignChanges(tx, engineChanges(moved, "completed", [{ name: "Status", value_to: CampaignStatusLabels.completed }]));
    return moved;
  });
  return done.map((r) => r.id);
}
