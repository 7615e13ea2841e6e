import { sql } from "drizzle-orm";
import { z } from "zod";
import { type AnyJobDefinition, defineJob } from "../shared/jobs";
import { rows } from "../shared/rows";
import { rebuildSegments } from "./segment-build";
import { runSegmentExportJob } from "./segment-export.jobs";

/**
 * Rebuilds segments (and their children) after their filters were saved, they were created, or the user asked
 * for a refresh ('Segments added to refresh queue'). Queued in the transaction that marked them recalculating.
 * Idempotent: a retry rebuilds again from the leads as they are. Tells the asking user when done
 * (`RefreshSegmentCompleted`), so open pages refetch; a rebuild the sweep queued has no one to tell.
 */
export const refreshSegmentsJob = defineJob({
  name: "segments.refresh",
  payload: z.object({
    teamId: z.number().int().positive(),
    userId: z.number().int().positive().optional(),
    ids: z.array(z.number().int().positive()).min(1),
    isSubSegment: z.boolean().default(false),
  }),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireSeconds: 3600,
  heartbeatSeconds: 30,
  handler: async (deps, p) => {
    await rebuildSegments(deps.database.db, p.teamId, p.ids);
    if (p.userId) await deps.live.toUser(p.userId, "RefreshSegmentCompleted", { is_sub_segment: p.isSubSegment });
  },
});

/**
 * Every minute: segments left recalculating with no rebuild of their team waiting or running (its retries ran
 * out, or it was lost with the queue) get one. Asks pg-boss's job table, in the same snapshot as the segments, so
 * a rebuild that is under way or just finished is never queued twice.
 */
export const segmentSweepJob = defineJob({
  name: "segments.sweep",
  payload: z.object({}).passthrough(),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  cron: "* * * * *",
  handler: async (deps) => {
    const stuck = await rows<{ team_id: number; ids: number[] }>(
      deps.database.db,
      sql`SELECT s.team_id, json_agg(s.id ORDER BY s.id) AS ids FROM segments s
          WHERE s.is_recalculating AND NOT EXISTS (
            SELECT 1 FROM pgboss.job j
            WHERE j.name = ${refreshSegmentsJob.name} AND j.state < 'completed' AND j.data ->> 'teamId' = s.team_id::text)
          GROUP BY s.team_id LIMIT 100`,
    );
    const sender = deps.jobs;
    if (!sender) return;
    for (const s of stuck) await sender.send(refreshSegmentsJob, { teamId: s.team_id, ids: s.ids, isSubSegment: false });
  },
});

/** A campaign filter's campaigns had activity since the segment was built (no campaign chosen: any of the team's). */
const campaignActivitySinceBuilt = sql`EXISTS (
  SELECT 1 FROM campaign_counter_hours h
  WHERE h.team_id = s.team_id AND h.hour >= date_trunc('hour', s.built_at)
    AND (EXISTS (SELECT 1 FROM jsonb_array_elements(s.filters -> 'campaigns') f
                 WHERE jsonb_array_length(coalesce(f -> 'values', '[]'::jsonb)) = 0)
         OR h.campaign_id IN (SELECT v::int FROM jsonb_array_elements(s.filters -> 'campaigns') f,
                                jsonb_array_elements_text(coalesce(f -> 'values', '[]'::jsonb)) v)))`;

/**
 * Every minute: dynamic segments with campaign filters are rebuilt when their campaigns moved since their last build
 * (at most every 5 minutes each), and at least daily ("last 90 days" slides). The dynamic sync re-tests leads that
 * changed, but a send, a delivery, an open or a STOP changes the ledger and the engagement tables, not the lead.
 */
export const segmentCampaignRefreshJob = defineJob({
  name: "segments.campaign-refresh",
  payload: z.object({}).passthrough(),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  cron: "* * * * *",
  handler: async (deps) => {
    const due = await rows<{ team_id: number; ids: number[] }>(
      deps.database.db,
      sql`SELECT s.team_id, json_agg(s.id ORDER BY s.id) AS ids FROM segments s
          WHERE NOT s.ignore_new_leads AND NOT s.is_recalculating AND s.built_at < now() - interval '5 minutes'
            AND jsonb_typeof(s.filters -> 'campaigns') = 'array' AND jsonb_array_length(s.filters -> 'campaigns') > 0
            AND (s.built_at < now() - interval '1 day' OR ${campaignActivitySinceBuilt})
            AND NOT EXISTS (
              SELECT 1 FROM pgboss.job j
              WHERE j.name = ${refreshSegmentsJob.name} AND j.state < 'completed' AND j.data ->> 'teamId' = s.team_id::text)
          GROUP BY s.team_id LIMIT 100`,
    );
    const sender = deps.jobs;
    if (!sender) return;
    for (const s of due) await sender.send(refreshSegmentsJob, { teamId: s.team_id, ids: s.ids, isSubSegment: false });
  },
});

export const segmentJobs: readonly AnyJobDefinition[] = [
  refreshSegmentsJob,
  runSegmentExportJob,
  segmentSweepJob,
  segmentCampaignRefreshJob,
];
