import { CampaignAutoFail, CampaignStatusLabels, type MessageReason } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { CounterBatch, engineChanges, recordCampaignChanges, utcDay } from "../../campaigns";
import { type DbOrTx, intArray, rows } from "../../shared/rows";

/*
 * Auto-fail (docs/sending.md): after outcomes are recorded, each campaign they touched is checked against the
 * thresholds on its counters — failures are failed, blocked-by-carrier, inactive-device and bounced messages. One that
 * crosses them turns Failed with the reason written on it, and its planned messages are cancelled with that reason
 * (counted as processed and cancelled), in one transaction.
 */

export function autoFailReason(sent: number, failures: number, outcomes: number): string | null {
  const percent = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;
  if (sent >= CampaignAutoFail.minSent && failures >= CampaignAutoFail.sentShare * sent)
    return `Failed automatically: ${percent(failures, sent)} of ${sent.toLocaleString("en-US")} sent messages failed (the limit is ${percent(CampaignAutoFail.sentShare, 1)} after ${CampaignAutoFail.minSent.toLocaleString("en-US")}).`;
  if (outcomes >= CampaignAutoFail.minOutcomes && failures >= CampaignAutoFail.outcomeShare * outcomes)
    return `Failed automatically: ${percent(failures, outcomes)} of the first ${outcomes.toLocaleString("en-US")} answers were failures (the limit is ${percent(CampaignAutoFail.outcomeShare, 1)} once ${CampaignAutoFail.minOutcomes} are in).`;
  return null;
}

/** What the thresholds read, from the counters of the Active ones of these campaigns. */
export async function failureFigures(
  db: DbOrTx,
  campaignIds: readonly number[],
): Promise<{ id: number; sent: number; failures: number; outcomes: number }[]> {
  return rows(
    db,
    sql`SELECT c.id, coalesce(sum(k.sent), 0)::float8 AS sent,
          coalesce(sum(k.failed + k.blocked + k.inactive_device + k.bounces), 0)::float8 AS failures,
          coalesce(sum(k.delivered + k.failed + k.blocked + k.inactive_device + k.bounces), 0)::float8 AS outcomes
        FROM campaigns c LEFT JOIN campaign_counters k ON k.campaign_id = c.id
        WHERE c.id = ANY(${intArray(campaignIds)}) AND c.status = 'active'
        GROUP BY c.id`,
  );
}

/** Fails the campaigns over a threshold; answers their ids. */
export async function failCampaignsOverThreshold(db: Db, campaignIds: readonly number[]): Promise<number[]> {
  if (campaignIds.length === 0) return [];
  const figures = await failureFigures(db, campaignIds);
  const failing = figures.flatMap((f) => {
    const reason = autoFailReason(f.sent, f.failures, f.outcomes);
    return reason ? [{ id: f.id, reason }] : [];
  });
  for (const f of failing) {
    await db.transaction(async (tx) => {
      const moved = await rows<{ id: number; team_id: number }>(
        tx,
        sql`UPDATE campaigns SET status = 'failed', status_reason = ${f.reason}, updated_at = now()
            WHERE id = ${f.id} AND status = 'active' RETURNING id, team_id`,
      );
      if (moved.length === 0) return;
      const attributes = [
        { name: "Status", value_to: CampaignStatusLabels.failed },
        { name: "Reason", value_to: f.reason },
      ];
      await recordCampaignChanges(tx, engineChanges(moved, "failed", attributes));
      await cancelPlanned(tx, f.id, "campaign_failed");
    });
  }
  return failing.map((f) => f.id);
}

/** A campaign's planned rows cancelled with the reason, counted as processed and cancelled. Answers how many. */
export async function cancelPlanned(tx: DbOrTx, campaignId: number, reason: MessageReason): Promise<number> {
  const cancelled = await rows<{ team_id: number; step_id: number; part_id: number; n: number }>(
    tx,
    sql`WITH c AS (UPDATE campaign_messages SET state = 'cancelled', reason = ${reason}, updated_at = now()
                   WHERE campaign_id = ${campaignId} AND state = 'planned' RETURNING team_id, step_id, part_id)
        SELECT team_id, step_id, part_id, count(*)::int AS n FROM c GROUP BY team_id, step_id, part_id`,
  );
  const counters = new CounterBatch();
  for (const c of cancelled) {
    const key = { teamId: c.team_id, campaignId, stepId: c.step_id, partId: c.part_id, day: utcDay() };
    counters.add(key, "processed", c.n).add(key, "cancelled", c.n);
  }
  await counters.write(tx);
  return cancelled.reduce((n, c) => n + c.n, 0);
}

/**
 * Campaigns that ended — Failed, or Stopped by hand — keep no planned row: rows a batch under way returned after the
 * status changed are cancelled too, so every row of an ended campaign is final with its reason (the tick runs this).
 */
export async function cancelEndedCampaigns(db: Db): Promise<number[]> {
  const ended = await rows<{ id: number; status: string }>(
    db,
    sql`SELECT DISTINCT c.id, c.status FROM campaigns c JOIN campaign_messages m ON m.campaign_id = c.id AND m.state = 'planned'
        WHERE c.status IN ('failed', 'stop') LIMIT 100`,
  );
  for (const c of ended)
    await db.transaction((tx) => cancelPlanned(tx, c.id, c.status === "stop" ? "campaign_stopped" : "campaign_failed"));
  return ended.map((c) => c.id);
}
