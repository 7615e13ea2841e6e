import type {
  CloneSegment,
  CreateSegment,
  ListLeadsQuery,
  ListSegmentsQuery,
  Page,
  PreviewCount,
  PreviewSegment,
  SegmentFilters,
  SegmentLeadsPage,
  UpdateSegment,
} from "@leadflow/contracts";
import { ExportStatuses, filterTreeProblems, Segment, type SegmentSortKeys } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { leadTable } from "../leads";
import { assertWithinLimit } from "../plans";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import type { JobSender } from "../shared/jobs";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, dbTimestamp, intArray, iso, one, rows } from "../shared/rows";
import { exportLinkSigner } from "./export-links";
import { checkFilterRefs, loadCompileContext } from "./filter-refs";
import { filterProblems } from "./filter-sql";
import { readFilters } from "./segment-build";
import { countMatching, type QuickCountOptions, quickCount } from "./segment-count";
import { refreshSegmentsJob } from "./segments.jobs";

/*
 * Audiences (top-level segments) and their child segments: CRUD, the live count of a tree, and the leads table.
 * Saving a tree marks the segment `is_recalculating` and queues its rebuild (segments.jobs.ts) in the same
 * transaction: the counts shown stay the last built ones until the rebuild lands ('while is_recalculating is true
 * the lead count is not updated').
 */

/** A segment as read: the API's segment before its parent, export notice and per-record revenue are put together. */
const SegmentRow = Segment.pick({
  id: true,
  name: true,
  ignore_new_leads: true,
  parent_id: true,
  segments_count: true,
  total_leads: true,
  total_blacklisted: true,
  revenue: true,
  is_recalculating: true,
}).extend({
  parent_name: z.string().nullable(),
  created_at: dbTimestamp,
  updated_at: dbTimestamp,
  built_at: dbTimestamp.nullable(),
  // Stored JSON, read by readFilters whatever version of the tree wrote it.
  filters: z.unknown(),
  export_id: z.number().int().nullable(),
  export_status: z.number().int().nullable(),
  segment_name_at_export: z.string().nullable(),
});
type SegmentRow = z.input<typeof SegmentRow>;

const segmentSelect = sql`SELECT s.id, s.name, s.ignore_new_leads, s.parent_id, p.name AS parent_name, s.created_at, s.updated_at,
    (SELECT count(*)::int FROM segments c WHERE c.team_id = s.team_id AND c.parent_id = s.id) AS segments_count,
    s.total_leads, s.total_blacklisted, s.revenue::float8 AS revenue, s.is_recalculating, s.built_at, s.filters,
    x.id AS export_id, x.status::int AS export_status, x.segment_name AS segment_name_at_export
  FROM segments s
  LEFT JOIN segments p ON p.team_id = s.team_id AND p.id = s.parent_id
  LEFT JOIN LATERAL (SELECT id, status, segment_name FROM segment_exports e WHERE e.team_id = s.team_id AND e.segment_id = s.id
                     ORDER BY e.id DESC LIMIT 1) x ON true`;

/** Revenue per record: the segment's lifetime revenue over its leads (0 for an empty one). */
const perRecord = (r: { revenue: number; total_leads: number }) => (r.total_leads > 0 ? r.revenue / r.total_leads : 0);

type LinkSigner = (teamId: number, exportId: number) => string;

function present(r: SegmentRow, teamId: number, sign: LinkSigner): Segment {
  const exportType =
    r.export_status === null
      ? null
      : r.export_status === ExportStatuses.completed
        ? ("export-completed" as const)
        : r.export_status === ExportStatuses.failed
          ? ("export-failed" as const)
          : ("export-pending" as const);
  return {
    id: r.id,
    name: r.name,
    ignore_new_leads: r.ignore_new_leads,
    parent_id: r.parent_id,
    parent: r.parent_id === null ? null : { id: r.parent_id, name: r.parent_name ?? "" },
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    segments_count: r.segments_count,
    total_leads: r.total_leads,
    total_blacklisted: r.total_blacklisted,
    revenue: r.revenue,
    revenue_per_record: Math.round(perRecord(r) * 10_000) / 10_000,
    is_recalculating: r.is_recalculating,
    built_at: iso(r.built_at),
    filters: readFilters(r.filters),
    export:
      r.export_id === null || exportType === null
        ? null
        : {
            id: r.export_id,
            type: exportType,
            // A signed link: the browser downloads it as a plain link, without the bearer token.
            url: exportType === "export-completed" ? sign(teamId, r.export_id) : null,
            segment_name: r.segment_name_at_export ?? r.name,
          },
  };
}

const segmentSorts = {
  created_at: sql`s.created_at`,
  name: sql`s.name`,
  segments_count: sql`(SELECT count(*) FROM segments c WHERE c.team_id = s.team_id AND c.parent_id = s.id)`,
  revenue: sql`s.revenue`,
  revenue_per_record: sql`CASE WHEN s.total_leads > 0 THEN s.revenue / s.total_leads ELSE 0 END`,
  total_leads: sql`s.total_leads`,
  id: sql`s.id`,
} satisfies SortMap<(typeof SegmentSortKeys)[number]>;

/** GET /api/segments (audiences: parentId null) and GET /api/segments/{id}/segments (a parent's children). */
export async function listSegments(db: DbOrTx, ctx: TeamCtx, q: ListSegmentsQuery, parentId: number | null): Promise<Page<Segment>> {
  if (parentId !== null) await segmentRecord(db, ctx.teamId, parentId);
  let where =
    parentId === null
      ? sql`s.team_id = ${ctx.teamId} AND s.parent_id IS NULL`
      : sql`s.team_id = ${ctx.teamId} AND s.parent_id = ${parentId}`;
  if (q.search) where = sql`${where} AND s.name ILIKE ${likePattern(q.search)}`;
  const page = await pagedQuery(db, q, {
    row: SegmentRow,
    select: segmentSelect,
    from: sql`FROM segments s`,
    where,
    sorts: segmentSorts,
    fallback: { key: "created_at", direction: "desc" },
    tieBreak: sql`s.id DESC`,
  });
  const sign = await exportLinkSigner(db);
  return mapPage(page, (r) => present(r, ctx.teamId, sign));
}

export async function getSegment(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Segment> {
  const row = await one(db, sql`${segmentSelect} WHERE s.team_id = ${ctx.teamId} AND s.id = ${id}`, SegmentRow);
  if (!row) throw new AppError("segment_not_found");
  return present(row, ctx.teamId, await exportLinkSigner(db));
}

async function segmentRecord(db: DbOrTx, teamId: number, id: number): Promise<{ id: number; parent_id: number | null; name: string }> {
  const row = await one<{ id: number; parent_id: number | null; name: string }>(
    db,
    sql`SELECT id, parent_id, name FROM segments WHERE team_id = ${teamId} AND id = ${id}`,
  );
  if (!row) throw new AppError("segment_not_found");
  return row;
}

/**
 * A tree the server accepts: complete rows (filterTreeProblems) naming the team's own attributes, sources,
 * lists and campaigns. Problems answer 422 with `errors` keyed `filters.group.index.part`.
 */
export async function validateFilters(db: DbOrTx, teamId: number, tree: SegmentFilters): Promise<void> {
  const problems = { ...filterTreeProblems(tree) };
  // What only the server can tell: values that cannot be read (a date, a phone, a zone), and ids not the team's.
  if (Object.keys(problems).length === 0) Object.assign(problems, filterProblems(tree, await loadCompileContext(db, teamId)));
  if (Object.keys(problems).length === 0) Object.assign(problems, await checkFilterRefs(db, teamId, tree));
  if (Object.keys(problems).length > 0) {
    const errors = Object.fromEntries(Object.entries(problems).map(([k, v]) => [`filters.${k}`, v]));
    throw new AppError("segment_filters_invalid", undefined, errors);
  }
}

/** Queues the rebuild of segments (and their children, which read their membership) with the transaction that marked them. */
async function queueRebuild(tx: DbOrTx, jobs: JobSender, ctx: TeamCtx, ids: number[], isSubSegment: boolean): Promise<void> {
  await jobs.send(refreshSegmentsJob, { teamId: ctx.teamId, userId: ctx.userId, ids, isSubSegment }, { tx });
}

/** POST /api/segments: an audience (within the plan's audience limit), or a child of an audience, queued to be built. */
export async function createSegment(db: DbOrTx, jobs: JobSender, ctx: TeamCtx, input: CreateSegment): Promise<Segment> {
  if (input.parent_id !== undefined) {
    const parent = await segmentRecord(db, ctx.teamId, input.parent_id);
    if (parent.parent_id !== null) throw new AppError("segment_nesting");
  }
  const filters = input.filters ?? { data: [], attributes: [], system_attributes: [], campaigns: [] };
  await validateFilters(db, ctx.teamId, filters);
  const id = await db.transaction(async (tx) => {
    if (input.parent_id === undefined) await assertWithinLimit(tx, ctx.teamId, "audiences");
    const row = (await one<{ id: number }>(
      tx,
      sql`INSERT INTO segments (team_id, parent_id, name, ignore_new_leads, filters, is_recalculating)
          VALUES (${ctx.teamId}, ${input.parent_id ?? null}, ${input.name}, ${input.ignore_new_leads}, ${JSON.stringify(filters)}::jsonb, true)
          RETURNING id`,
    ))!;
    await queueRebuild(tx, jobs, ctx, [row.id], input.parent_id !== undefined);
    return row.id;
  });
  return getSegment(db, ctx, id);
}

/**
 * PUT /api/segments/{id} (name, 'Update dynamically', filters) and POST /api/segments/{id}/filters. The
 * membership is rebuilt for a new tree, or when 'Update dynamically' is turned on (the members it missed while
 * off join).
 */
export async function updateSegment(db: DbOrTx, jobs: JobSender, ctx: TeamCtx, id: number, input: UpdateSegment): Promise<Segment> {
  const before = await getSegment(db, ctx, id);
  if (input.filters) await validateFilters(db, ctx.teamId, input.filters);
  const filtersChanged = input.filters !== undefined && JSON.stringify(input.filters) !== JSON.stringify(before.filters);
  const turnedDynamic = input.ignore_new_leads === false && before.ignore_new_leads;
  const rebuild = filtersChanged || turnedDynamic;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE segments SET name = COALESCE(${input.name ?? null}, name),
            ignore_new_leads = COALESCE(${input.ignore_new_leads ?? null}::boolean, ignore_new_leads),
            filters = COALESCE(${input.filters ? JSON.stringify(input.filters) : null}::jsonb, filters),
            is_recalculating = is_recalculating OR ${rebuild}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id}`,
    );
    if (rebuild) await queueRebuild(tx, jobs, ctx, [id], before.parent_id !== null);
  });
  return getSegment(db, ctx, id);
}

/**
 * POST /api/segments/{id}/clone: a new segment (same parent) with the original's tree and, copied row for row,
 * its membership and counters — the copy is complete at once, no rebuild. Children are not copied. A copy of an
 * audience is an audience: within the plan's audience limit.
 */
export async function cloneSegment(db: DbOrTx, ctx: TeamCtx, id: number, input: CloneSegment): Promise<Segment> {
  const newId = await db.transaction(async (tx) => {
    const src = await one<{ ignore_new_leads: boolean; parent_id: number | null }>(
      tx,
      sql`SELECT ignore_new_leads, parent_id FROM segments WHERE team_id = ${ctx.teamId} AND id = ${id} FOR SHARE`,
    );
    if (!src) throw new AppError("segment_not_found");
    if (src.parent_id === null) await assertWithinLimit(tx, ctx.teamId, "audiences");
    const row = (await one<{ id: number }>(
      tx,
      sql`INSERT INTO segments (team_id, parent_id, name, ignore_new_leads, filters, total_leads, total_blacklisted, revenue, is_recalculating, built_at)
          SELECT team_id, parent_id, ${input.name}, ${input.ignore_new_leads ?? src.ignore_new_leads}, filters, total_leads,
                 total_blacklisted, revenue, is_recalculating, built_at
          FROM segments WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`,
    ))!;
    await tx.execute(
      sql`INSERT INTO segment_leads (team_id, segment_id, lead_id, status, revenue)
          SELECT team_id, ${row.id}::int, lead_id, status, revenue FROM segment_leads WHERE team_id = ${ctx.teamId} AND segment_id = ${id}`,
    );
    return row.id;
  });
  return getSegment(db, ctx, newId);
}

/**
 * DELETE /api/segments/{id} and /api/segments/batch: the segments, their children and their memberships, all or
 * nothing (an id that is not the team's segment fails the whole request with 404).
 */
export async function deleteSegments(db: DbOrTx, ctx: TeamCtx, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM segments WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(unique)}) FOR UPDATE`,
    );
    if (found.length !== unique.length) throw new AppError("segment_not_found");
    const doomed = sql`SELECT id FROM segments WHERE team_id = ${ctx.teamId} AND (id = ANY(${intArray(unique)}) OR parent_id = ANY(${intArray(unique)}))`;
    await tx.execute(sql`DELETE FROM segment_leads WHERE team_id = ${ctx.teamId} AND segment_id IN (${doomed})`);
    // Their export files stay listed (and downloadable) under Settings → Export Files, by the name they had.
    await tx.execute(sql`UPDATE segment_exports SET segment_id = NULL WHERE team_id = ${ctx.teamId} AND segment_id IN (${doomed})`);
    const gone = await rows(tx, sql`DELETE FROM segments WHERE team_id = ${ctx.teamId} AND id IN (${doomed}) RETURNING id`);
    return { deleted: gone.length };
  });
}

/**
 * POST /api/segments/refresh: marks the segments (and their children) recalculating and queues their rebuild. An
 * id that is not the team's is a 404, and nothing is marked.
 */
export async function refreshSegments(db: DbOrTx, jobs: JobSender, ctx: TeamCtx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await rows<{ id: number }>(
      tx,
      sql`UPDATE segments SET is_recalculating = true
          WHERE team_id = ${ctx.teamId} AND (id = ANY(${intArray(unique)}) OR parent_id = ANY(${intArray(unique)})) RETURNING id`,
    );
    const mine = new Set(found.map((r) => r.id));
    if (unique.some((id) => !mine.has(id))) throw new AppError("segment_not_found");
    await queueRebuild(tx, jobs, ctx, unique, false);
  });
}

/**
 * POST /api/segments/preview: what a tree matches now — every match, or (`count: "capped"`, the dialog's first
 * ask) the quick answer: exact when cheap, else "more than" PREVIEW_COUNT_CAP or an estimate from a sample.
 */
export async function previewSegment(
  db: DbOrTx,
  ctx: TeamCtx,
  input: PreviewSegment,
  quick: QuickCountOptions = {},
): Promise<{ data: PreviewCount }> {
  if (input.parent_id !== undefined) await segmentRecord(db, ctx.teamId, input.parent_id);
  await validateFilters(db, ctx.teamId, input.filters);
  const parentId = input.parent_id ?? null;
  if (input.count === "capped") return { data: await quickCount(db, ctx.teamId, input.filters, parentId, quick) };
  return { data: await countMatching(db, ctx.teamId, input.filters, parentId) };
}

/** GET /api/segments/{id}/leads: the members, as the leads tables show leads, with the maintained counts. */
export async function segmentLeads(db: DbOrTx, ctx: TeamCtx, id: number, q: ListLeadsQuery): Promise<SegmentLeadsPage> {
  const s = await one<{ total_leads: number; total_blacklisted: number; is_recalculating: boolean }>(
    db,
    sql`SELECT total_leads, total_blacklisted, is_recalculating FROM segments WHERE team_id = ${ctx.teamId} AND id = ${id}`,
  );
  if (!s) throw new AppError("segment_not_found");
  const page = await leadTable(db, ctx, q, { segmentId: id, baseTotal: s.total_leads });
  return { ...page, meta: { ...page.meta, total_blacklisted: s.total_blacklisted, is_recalculating: s.is_recalculating } };
}
