import { LeadStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { bigintArray, type DbOrTx, one, rows } from "../shared/rows";
import { lockTeamSegments } from "../shared/team-locks";
import { loadCompileContext } from "./filter-refs";
import type { CompileContext } from "./filter-sql";
import { rebuildSegment, type SegmentDef, segmentSource, teamSegments } from "./segment-build";

/*
 * Dynamic membership ('Update dynamically'): a lead imported, edited or re-statused joins or leaves its team's
 * dynamic segments within a second (benchmark B7), without rebuilding them. Writers note the changed leads
 * (leads/lead-changes.ts); the sync drains a team's notes and re-tests just those leads against each segment.
 * Static segments ('Update dynamically' off) keep their members, but the members' snapshots (status, revenue)
 * follow, so the blacklisted count and revenue stay true.
 */

export interface SyncResult {
  teamId: number;
  /** Segments whose membership or counters changed. */
  changed: number[];
  /** Whether the change was "all leads" (full rebuilds). */
  all: boolean;
}

/**
 * Drains one team's change notes and applies them, in one transaction under the team's segment lock. Answers
 * null when there was nothing to do.
 */
export async function syncTeamSegments(db: DbOrTx, teamId: number): Promise<SyncResult | null> {
  const cc = await loadCompileContext(db, teamId);
  return db.transaction(async (tx) => {
    await lockTeamSegments(tx, teamId);
    await tx.execute(sql`SELECT set_config('jit', 'off', true)`);
    const drained = (await one<{ n: number; all: boolean; from_id: number | null; ids: string | number[] | null }>(
      tx,
      sql`WITH d AS (DELETE FROM segment_changes WHERE team_id = ${teamId} RETURNING lead_ids, all_leads, from_lead_id)
          SELECT count(*)::int AS n, COALESCE(bool_or(all_leads), false) AS all, min(from_lead_id)::float8 AS from_id,
                 (SELECT array_agg(DISTINCT x) FROM d, unnest(d.lead_ids) AS x) AS ids
          FROM d`,
    ))!;
    if (drained.n === 0) return null;
    const segments = await teamSegments(tx, teamId);
    if (!segments.length) return { teamId, changed: [], all: drained.all };
    if (drained.all) {
      for (const s of segments) {
        if (s.ignore_new_leads) await refreshSnapshots(tx, teamId, s.id, null);
        else await rebuildSegment(tx, teamId, s, cc);
      }
      return { teamId, changed: segments.map((s) => s.id), all: true };
    }
    // The changed leads, held once for every segment's statements.
    const ids = parseIds(drained.ids);
    await tx.execute(sql`CREATE TEMP TABLE _seg_changed (lead_id bigint PRIMARY KEY) ON COMMIT DROP`);
    await tx.execute(sql`INSERT INTO _seg_changed SELECT unnest(${bigintArray(ids)}) ON CONFLICT DO NOTHING`);
    if (drained.from_id !== null) {
      await tx.execute(
        sql`INSERT INTO _seg_changed SELECT id FROM leads WHERE team_id = ${teamId} AND id >= ${drained.from_id} ON CONFLICT DO NOTHING`,
      );
    }
    await tx.execute(sql`ANALYZE _seg_changed`);
    const changed: number[] = [];
    for (const s of segments) {
      const moved = s.ignore_new_leads
        ? await refreshSnapshots(tx, teamId, s.id, sql`SELECT lead_id FROM _seg_changed`)
        : await syncMembership(tx, teamId, s, cc);
      if (moved) changed.push(s.id);
    }
    return { teamId, changed, all: false };
  });
}

function parseIds(v: string | number[] | null): number[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v.map(Number);
  return v === "{}" ? [] : v.slice(1, -1).split(",").map(Number);
}

const { blacklisted } = LeadStatuses;

interface Delta {
  total: number;
  blacklisted: number;
  revenue: number;
  touched: number;
}

async function applyDelta(tx: DbOrTx, teamId: number, segmentId: number, d: Delta): Promise<boolean> {
  if (d.touched === 0) return false;
  await tx.execute(
    sql`UPDATE segments SET total_leads = total_leads + ${d.total}, total_blacklisted = total_blacklisted + ${d.blacklisted},
          revenue = revenue + ${d.revenue} WHERE team_id = ${teamId} AND id = ${segmentId}`,
  );
  return true;
}

/**
 * A dynamic segment: the changed leads that match now are upserted (snapshots refreshed), those that no longer
 * match leave. The counters move by the difference between the changed leads' rows after and before.
 */
async function syncMembership(tx: DbOrTx, teamId: number, s: SegmentDef, cc: CompileContext): Promise<boolean> {
  const d = (await one<Delta>(
    tx,
    sql`WITH old AS (
          SELECT m.lead_id, m.status, m.revenue FROM segment_leads m JOIN _seg_changed c ON c.lead_id = m.lead_id
          WHERE m.team_id = ${teamId} AND m.segment_id = ${s.id}),
        want AS (
          SELECT l.id, l.status, l.revenue FROM ${segmentSource(teamId, s, cc)} AND l.id IN (SELECT lead_id FROM _seg_changed)),
        del AS (
          DELETE FROM segment_leads m USING old
          WHERE m.team_id = ${teamId} AND m.segment_id = ${s.id} AND m.lead_id = old.lead_id
            AND old.lead_id NOT IN (SELECT id FROM want)
          RETURNING m.lead_id),
        up AS (
          INSERT INTO segment_leads AS m (team_id, segment_id, lead_id, status, revenue)
          SELECT ${teamId}::int, ${s.id}::int, id, status, revenue FROM want
          ON CONFLICT (team_id, segment_id, lead_id) DO UPDATE SET status = EXCLUDED.status, revenue = EXCLUDED.revenue
            WHERE (m.status, m.revenue) IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.revenue)
          RETURNING m.lead_id)
        SELECT ((SELECT count(*) FROM want) - (SELECT count(*) FROM old))::int AS total,
               ((SELECT count(*) FROM want WHERE status = ${blacklisted}) - (SELECT count(*) FROM old WHERE status = ${blacklisted}))::int
                 AS blacklisted,
               ((SELECT COALESCE(sum(revenue), 0) FROM want) - (SELECT COALESCE(sum(revenue), 0) FROM old))::float8 AS revenue,
               ((SELECT count(*) FROM del) + (SELECT count(*) FROM up))::int AS touched`,
  ))!;
  return applyDelta(tx, teamId, s.id, d);
}

/**
 * A static segment keeps its members; their snapshots follow the leads (`changed`: the leads to look at, or
 * null for every member).
 */
async function refreshSnapshots(tx: DbOrTx, teamId: number, segmentId: number, changed: SQL | null): Promise<boolean> {
  const only = changed ? sql` AND m.lead_id IN (${changed})` : sql``;
  const d = (await one<Delta>(
    tx,
    sql`WITH old AS (
          SELECT m.lead_id, m.status, m.revenue FROM segment_leads m
          WHERE m.team_id = ${teamId} AND m.segment_id = ${segmentId}${only}),
        up AS (
          UPDATE segment_leads m SET status = l.status, revenue = l.revenue FROM leads l
          WHERE m.team_id = ${teamId} AND m.segment_id = ${segmentId}${only} AND l.team_id = m.team_id AND l.id = m.lead_id
            AND (m.status, m.revenue) IS DISTINCT FROM (l.status, l.revenue)
          RETURNING m.lead_id, m.status AS new_status, l.revenue AS new_revenue)
        SELECT 0 AS total,
               ((SELECT count(*) FROM up WHERE new_status = ${blacklisted})
                 - (SELECT count(*) FROM old JOIN up USING (lead_id) WHERE old.status = ${blacklisted}))::int
                 AS blacklisted,
               ((SELECT COALESCE(sum(new_revenue), 0) FROM up) - (SELECT COALESCE(sum(old.revenue), 0) FROM old JOIN up USING (lead_id)))::float8
                 AS revenue,
               (SELECT count(*) FROM up)::int AS touched`,
  ))!;
  return applyDelta(tx, teamId, segmentId, d);
}

/** The teams with change notes waiting (oldest first). */
export async function teamsWithChanges(db: DbOrTx, limit = 50): Promise<number[]> {
  const found = await rows<{ team_id: number }>(
    db,
    sql`SELECT team_id FROM segment_changes GROUP BY team_id ORDER BY min(id) LIMIT ${limit}`,
  );
  return found.map((r) => r.team_id);
}
