import { LeadStatuses, type SegmentFilters, SegmentFilters as SegmentFiltersSchema } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one, rows } from "../shared/rows";
import { lockTeamSegments } from "../shared/team-locks";
import { loadCompileContext } from "./filter-refs";
import { type CompileContext, compileFilters } from "./filter-sql";

/*
 * Materialising a segment: its members are the team's leads its filter tree matches (a child's: within its
 * parent's members), written to `segment_leads` with a snapshot of what the counters sum. One INSERT … SELECT
 * per segment (benchmark B6 holds it against the bare INSERT … SELECT of the same ids); the counters come from
 * the rows it wrote, not from a second count.
 */

/** Rebuilds that wrote this many members re-analyse the membership table. */
const ANALYZE_AFTER_ROWS = 50_000;

export interface SegmentDef {
  id: number;
  parent_id: number | null;
  ignore_new_leads: boolean;
  filters: SegmentFilters;
}

/** The team's segments, parents before their children (a child reads its parent's fresh membership). */
export async function teamSegments(db: DbOrTx, teamId: number, ids?: number[]): Promise<SegmentDef[]> {
  const only = ids ? sql` AND (id = ANY(${`{${ids.join(",")}}`}::int[]) OR parent_id = ANY(${`{${ids.join(",")}}`}::int[]))` : sql``;
  const found = await rows<SegmentDef & { filters: unknown }>(
    db,
    sql`SELECT id, parent_id, ignore_new_leads, filters FROM segments WHERE team_id = ${teamId}${only}
        ORDER BY parent_id NULLS FIRST, id`,
  );
  return found.map((s) => ({ ...s, filters: readFilters(s.filters) }));
}

/** Stored trees were validated when saved; a tree from an older shape still parses (defaults fill the gaps). */
export function readFilters(stored: unknown): SegmentFilters {
  const parsed = SegmentFiltersSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { data: [], attributes: [], system_attributes: [], campaigns: [] };
}

/**
 * The leads of a segment as a FROM … WHERE over `leads l`: an audience reads the team's leads, a child drives
 * from its parent's membership (already narrowed), both with the compiled tree.
 */
export function segmentSource(
  teamId: number,
  s: Pick<SegmentDef, "parent_id" | "filters">,
  cc: CompileContext,
  /** The leads as read: a sample of them for an estimate (`leads l TABLESAMPLE …`). */
  leads: SQL = sql`leads l`,
): SQL {
  const where = compileFilters(s.filters, cc);
  return s.parent_id === null
    ? sql`${leads} WHERE l.team_id = ${teamId} AND ${where}`
    : sql`segment_leads p JOIN ${leads} ON l.team_id = p.team_id AND l.id = p.lead_id
          WHERE p.team_id = ${teamId} AND p.segment_id = ${s.parent_id} AND ${where}`;
}

export interface BuildCounts {
  total: number;
  blacklisted: number;
  revenue: number;
}

/**
 * Rebuilds one segment's membership and counters, in the caller's transaction (after lockTeamSegments). Its
 * children are not touched: rebuildSegments does parents then children.
 */
export async function rebuildSegment(tx: DbOrTx, teamId: number, s: SegmentDef, cc: CompileContext): Promise<BuildCounts> {
  await tx.execute(sql`DELETE FROM segment_leads WHERE team_id = ${teamId} AND segment_id = ${s.id}`);
  const counts = (await one<BuildCounts>(
    tx,
    sql`WITH ins AS (
          INSERT INTO segment_leads (team_id, segment_id, lead_id, status, revenue)
          SELECT l.team_id, ${s.id}::int, l.id, l.status, l.revenue FROM ${segmentSource(teamId, s, cc)}
          RETURNING status, revenue)
        SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = ${LeadStatuses.blacklisted}))::int AS blacklisted,
               COALESCE(sum(revenue), 0)::float8 AS revenue FROM ins`,
  ))!;
  await tx.execute(
    sql`UPDATE segments SET total_leads = ${counts.total}, total_blacklisted = ${counts.blacklisted}, revenue = ${counts.revenue},
          is_recalculating = false, built_at = now() WHERE team_id = ${teamId} AND id = ${s.id}`,
  );
  return counts;
}

/**
 * Rebuilds the given segments and their children, each in its own transaction (a big audience does not hold the
 * team's lock for every other one). Segments deleted meanwhile are skipped. Answers the ids rebuilt.
 */
export async function rebuildSegments(db: DbOrTx, teamId: number, ids: number[]): Promise<number[]> {
  const cc = await loadCompileContext(db, teamId);
  const done: number[] = [];
  let written = 0;
  for (const s of await teamSegments(db, teamId, ids)) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
      await lockTeamSegments(tx, teamId);
      // Re-read under the lock: the segment may have been deleted or its filters saved again meanwhile.
      const [current] = await teamSegments(tx, teamId, [s.id]).then((all) => all.filter((x) => x.id === s.id));
      if (!current) return;
      written += (await rebuildSegment(tx, teamId, current, cc)).total;
      done.push(s.id);
    });
  }
  // A big rebuild changes what the planner should believe about the memberships: without fresh statistics the
  // audience's first page was planned as a hash join over every member (1.6 s instead of 6 ms at 500k members).
  if (written >= ANALYZE_AFTER_ROWS) await db.execute(sql`ANALYZE segment_leads`);
  return done;
}
