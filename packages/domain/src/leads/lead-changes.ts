import { LeadStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { bigintArray, type DbOrTx } from "../shared/rows";

/*
 * The lead-change outbox: what every writer of leads (imports, the public API, edits, statuses, lookups) owes the
 * memberships derived from leads. A writer notes the leads it changed in `segment_changes` inside its own
 * transaction (recordLeadChanges) — durable, so a crash loses nothing — and wakes the dynamic-segment sync
 * (segments/segment-sync.ts), which re-tests just those leads. Deleted leads cannot be re-tested: they leave every
 * segment in the deleting transaction (dropSegmentMembers).
 */

/** Above this many ids a change is noted as "all leads" (every segment of the team is redone). */
export const MAX_LISTED_CHANGES = 100_000;

export type LeadChanges = { ids: SQL | readonly number[]; fromLeadId?: number } | "all";

/**
 * Notes changed leads for the sync, in the writer's transaction. `ids` is a list or a query answering lead ids
 * (`SELECT lead_id FROM …`); `fromLeadId`: also the team's leads from that id on. Costs one statement, and
 * nothing is written for a team without segments.
 */
export async function recordLeadChanges(tx: DbOrTx, teamId: number, changes: LeadChanges): Promise<void> {
  const hasSegments = sql`EXISTS (SELECT 1 FROM segments WHERE team_id = ${teamId})`;
  if (changes === "all") {
    await tx.execute(sql`INSERT INTO segment_changes (team_id, all_leads) SELECT ${teamId}, true WHERE ${hasSegments}`);
  } else {
    const ids = Array.isArray(changes.ids)
      ? bigintArray(changes.ids as number[])
      : sql`ARRAY(SELECT DISTINCT x FROM (${changes.ids as SQL}) AS q(x) WHERE x IS NOT NULL)`;
    // Past MAX_LISTED_CHANGES the note says "all leads" instead of carrying the ids.
    await tx.execute(
      sql`INSERT INTO segment_changes (team_id, lead_ids, from_lead_id, all_leads)
          SELECT ${teamId}, CASE WHEN big THEN '{}'::bigint[] ELSE c.ids END, ${changes.fromLeadId ?? null}::bigint, big
          FROM (SELECT ids, cardinality(ids) > ${MAX_LISTED_CHANGES} AS big FROM (SELECT ${ids} AS ids) i) c
          WHERE ${hasSegments} AND (cardinality(c.ids) > 0 OR ${changes.fromLeadId ?? null}::bigint IS NOT NULL)`,
    );
  }
  leadChangeSignal.notify();
}

/** Wakes the sync loop in this process right after a write (other processes' writes are found by its poll). */
export const leadChangeSignal = {
  listeners: new Set<() => void>(),
  notify() {
    for (const l of this.listeners) l();
  },
};

/**
 * Deleted leads leave every segment at once (not through the sync: they no longer exist to be re-tested), in the
 * deleting transaction, the counters moving by what left. `ids` answers the lead ids (`SELECT lead_id FROM …`).
 */
export async function dropSegmentMembers(tx: DbOrTx, teamId: number, ids: SQL): Promise<void> {
  await tx.execute(
    sql`WITH d AS (
          DELETE FROM segment_leads WHERE team_id = ${teamId} AND lead_id IN (${ids}) RETURNING segment_id, status, revenue),
        gone AS (
          SELECT segment_id, count(*)::int AS n, (count(*) FILTER (WHERE status = ${LeadStatuses.blacklisted}))::int AS b, COALESCE(sum(revenue), 0) AS r
          FROM d GROUP BY segment_id)
        UPDATE segments s SET total_leads = s.total_leads - gone.n, total_blacklisted = s.total_blacklisted - gone.b,
          revenue = s.revenue - gone.r
        FROM gone WHERE s.team_id = ${teamId} AND s.id = gone.segment_id`,
  );
}
