import { CampaignStatusLabels } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { engineChanges, recordCampaignChanges } from "../campaigns";
import { type AnyJobDefinition, defineJob, type JobSender } from "../shared/jobs";
import { type DbOrTx, intArray, rows } from "../shared/rows";
import { publishCampaigns } from "./counters/campaign-events";
import { dispatchJob, wakeDispatchers } from "./dispatch/dispatch.jobs";
import { gatewaysWithDueRows } from "./dispatch/dispatcher";
import { applyFrequencyRules } from "./dispatch/frequency-rules";
import { spamTestsJob } from "./dispatch/spam-tests.jobs";
import { freshenWaitingDnc, startDncFreshness } from "./gate/dnc-freshness";
import { applyEventsJob } from "./outcomes/apply-events.jobs";
import { cancelEndedCampaigns } from "./outcomes/auto-fail";
import { reconcileJob } from "./outcomes/reconcile.jobs";
import { audienceSizeOf, planFirstSlice, planFirstStep, planParallelOf, planSliceOf } from "./plan/plan";
import { startVerificationLookups } from "./plan/verify";

/*
 * The engine's jobs: plan a campaign when it goes Active; dispatch a gateway's due rows (one dispatcher per gateway:
 * a second finds the lease taken and ends); and a tick every minute that starts scheduled campaigns whose time has
 * come and wakes the dispatchers of gateways with due rows (steps after a delay, windows that opened, retries).
 */

async function gatewaysOf(db: Db, campaignId: number): Promise<number[]> {
  const found = await rows<{ gateway_id: number }>(
    db,
    sql`SELECT DISTINCT gateway_id FROM campaign_messages WHERE campaign_id = ${campaignId} AND state = 'planned' AND gateway_id IS NOT NULL`,
  );
  return found.map((r) => r.gateway_id);
}

export const planJob = defineJob({
  name: "sending.plan",
  payload: z.object({ campaignId: z.number().int().positive() }),
  pollSeconds: 0.5,
  retry: { limit: 10, delaySeconds: 10, backoff: true },
  expireSeconds: 3600,
  handler: async (deps, p) => {
    const db = deps.database.db;
    const live = { db, live: deps.live, log: deps.log };
    // A first slice, committed and handed to the dispatchers at once: sending starts within two seconds of Active,
    // whatever the audience's size; then the rest (the slice's leads are not planned twice: the ledger's unique key).
    const first = await planFirstSlice(db, p.campaignId);
    if (deps.jobs && first.planned) await wakeDispatchers(deps.jobs, await gatewaysOf(db, p.campaignId));
    // Each committed slice moves the campaign's records: the page's "Planning… N of M" follows them live.
    const rest = await planFirstStep(db, p.campaignId, undefined, {
      slice: planSliceOf(deps.database.kind),
      parallel: planParallelOf(deps.database.kind),
      onSlice: () => publishCampaigns(live, [p.campaignId]),
    });
    deps.log(`campaign ${p.campaignId}: ${first.planned + rest.planned} planned, ${first.skipped + rest.skipped} skipped`);
    if (deps.jobs) await startVerificationLookups(db, { jobs: deps.jobs, live: deps.live }, p.campaignId);
    if (deps.jobs) await startDncFreshness(db, { jobs: deps.jobs, live: deps.live }, p.campaignId);
    await publishCampaigns(live, [p.campaignId]);
    if (deps.jobs) await wakeDispatchers(deps.jobs, await gatewaysOf(db, p.campaignId));
  },
});

/** Queues the planning of campaigns just set Active (in the transaction that set them, when there is one). */
export async function startCampaigns(jobs: JobSender, campaignIds: readonly number[], tx?: DbOrTx): Promise<void> {
  for (const campaignId of campaignIds)
    await jobs.send(planJob, { campaignId }, { singletonKey: `plan:${campaignId}`, ...(tx ? { tx } : {}) });
}

/**
 * Started campaigns, Active or Paused, whose audience moved since their last planning (`audience_seen`): planned
 * again, the joiners added (silently while paused), nothing planned twice. `segmentIds`: only campaigns over these.
 */
async function campaignsWithJoiners(db: DbOrTx, segmentIds?: readonly number[]): Promise<{ id: number }[]> {
  const over = segmentIds
    ? sql`AND EXISTS (SELECT 1 FROM campaign_audiences a WHERE a.campaign_id = c.id AND a.kind = 'segment'
            AND a.ref_id = ANY(${intArray(segmentIds)}))`
    : sql``;
  return rows<{ id: number }>(
    db,
    sql`SELECT c.id FROM campaigns c WHERE c.status IN ('active', 'paused') AND c.is_started AND c.type IN ('sms', 'email')
          AND c.deleted_at IS NULL AND c.planning_since IS NULL ${over}
          AND EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id)
          AND c.audience_seen IS DISTINCT FROM ${audienceSizeOf(sql`c.id`)}
        LIMIT 100`,
  );
}

/**
 * The dynamic sync changed these segments' members: the started campaigns over them plan their joiners now, within
 * seconds of the lead's change, rather than at the next minute's tick.
 */
export async function planSegmentJoiners(db: DbOrTx, jobs: JobSender, segmentIds: readonly number[]): Promise<number[]> {
  if (segmentIds.length === 0) return [];
  const ids = (await campaignsWithJoiners(db, segmentIds)).map((r) => r.id);
  if (ids.length) await startCampaigns(jobs, ids);
  return ids;
}

/** A planning still unfinished this long after its first slice has lost its job: it is queued again. */
const STALE_PLANNING_SECONDS = 10 * 60;

export const sendingTickJob = defineJob({
  name: "sending.tick",
  payload: z.object({}).passthrough(),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  cron: "* * * * *",
  handler: async (deps) => {
    const db = deps.database.db;
    // The status and its Logs entry commit together.
    const started = await db.transaction(async (tx) => {
      const moved = await rows<{ id: number; team_id: number }>(
        tx,
        sql`UPDATE campaigns SET status = 'active', is_started = true, started_at = coalesce(started_at, now()), updated_at = now()
            WHERE status = 'scheduled' AND started_at <= now() AND deleted_at IS NULL RETURNING id, team_id`,
      );
      await recordCampaignChanges(tx, engineChanges(moved, "status", [{ name: "Status", value_to: CampaignStatusLabels.active }]));
      return moved;
    });
    // Active bulk campaigns with nothing planned yet, or whose planning stopped after its first slice (a planning job
    // lost with its process), are planned again.
    const unplanned = await rows<{ id: number }>(
      db,
      sql`SELECT c.id FROM campaigns c WHERE c.status = 'active' AND c.type IN ('sms', 'email') AND c.deleted_at IS NULL
            AND (c.planning_since < now() - make_interval(secs => ${STALE_PLANNING_SECONDS})
                 OR (NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id)
                     AND EXISTS (SELECT 1 FROM campaign_audiences a WHERE a.campaign_id = c.id)))
          LIMIT 100`,
    );
    const joined = await campaignsWithJoiners(db);
    const ended = await cancelEndedCampaigns(db);
    if (ended.length) await publishCampaigns({ db, live: deps.live, log: deps.log }, ended);
    const rules = await applyFrequencyRules(db);
    if (rules.reset.length + rules.increased.length)
      deps.log(`frequency rules: reset ${rules.reset.join(", ") || "none"}, increased ${rules.increased.join(", ") || "none"}`);
    if (started.length)
      await publishCampaigns(
        { db, live: deps.live, log: deps.log },
        started.map((r) => r.id),
      );
    if (!deps.jobs) return;
    await startCampaigns(deps.jobs, [...new Set([...started, ...unplanned, ...joined].map((r) => r.id))]);
    // Texts waiting for a DNC check the team's rule asks for: their campaign's DNC lookup, again if none is under way.
    await freshenWaitingDnc(db, { jobs: deps.jobs, live: deps.live });
    await wakeDispatchers(deps.jobs, await gatewaysWithDueRows(db));
  },
});

export const sendingJobs: readonly AnyJobDefinition[] = [planJob, dispatchJob, sendingTickJob, applyEventsJob, reconcileJob, spamTestsJob];
