import {
  Aggregations,
  type CreateSource,
  type ListSourcesQuery,
  type Page,
  Source,
  SourcesTotal,
  SourceWithLists,
  type UpdateSource,
} from "@leadflow/contracts";
import { schema } from "@leadflow/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { assertWithinLimit } from "../plans";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery, toPage } from "../shared/paging";
import { type DbOrTx, dbTimestamp, iso, one, rows } from "../shared/rows";
import { aggregationColumns, aggregationSorts } from "./aggregations.sql";

/** A source as read: the API's source, its timestamps as the driver gives them. */
const SourceRow = Source.extend({ created_at: dbTimestamp, updated_at: dbTimestamp });
type SourceRow = z.input<typeof SourceRow>;

const present = (r: SourceRow): Source => ({ ...r, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! });

const sourceSelect = sql`SELECT ${aggregationColumns("s")}, s.name, s.status, s.created_at, s.updated_at,
  (SELECT count(*)::int FROM lists l WHERE l.team_id = s.team_id AND l.source_id = s.id) AS lists_count
  FROM sources s`;

const sourceSorts = aggregationSorts("s");

export async function listSources(db: DbOrTx, ctx: TeamCtx, q: ListSourcesQuery): Promise<Page<Source>> {
  const where = q.search ? sql`s.team_id = ${ctx.teamId} AND s.name ILIKE ${likePattern(q.search)}` : sql`s.team_id = ${ctx.teamId}`;
  const page = await pagedQuery(db, q, {
    row: SourceRow,
    select: sourceSelect,
    from: sql`FROM sources s`,
    where,
    sorts: sourceSorts,
    fallback: { key: "created_at", direction: "desc" },
    tieBreak: sql`s.id DESC`,
  });
  return mapPage(page, present);
}

export async function getSource(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Source> {
  const row = await one(db, sql`${sourceSelect} WHERE s.team_id = ${ctx.teamId} AND s.id = ${id}`, SourceRow);
  if (!row) throw new AppError("source_not_found");
  return present(row);
}

const { sources } = schema;
const teamSource = (ctx: TeamCtx, id: number) => and(eq(sources.teamId, ctx.teamId), eq(sources.id, id));

/** A new source, within the plan's source limit (422 past it). */
export async function createSource(db: DbOrTx, ctx: TeamCtx, input: CreateSource): Promise<Source> {
  const id = await db.transaction(async (tx) => {
    await assertWithinLimit(tx, ctx.teamId, "sources");
    const [row] = await tx
      .insert(sources)
      .values({ teamId: ctx.teamId, name: input.name, status: input.status ?? "active" })
      .returning({ id: sources.id });
    return row!.id;
  });
  return getSource(db, ctx, id);
}

export async function updateSource(db: DbOrTx, ctx: TeamCtx, id: number, input: UpdateSource): Promise<Source> {
  const [row] = await db
    .update(sources)
    .set({ name: input.name, status: input.status, updatedAt: sql`now()` })
    .where(teamSource(ctx, id))
    .returning({ id: sources.id });
  if (!row) throw new AppError("source_not_found");
  return getSource(db, ctx, id);
}

export async function deleteSource(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const [row] = await db.delete(sources).where(teamSource(ctx, id)).returning({ id: sources.id });
  if (!row) throw new AppError("source_not_found");
}

/** All-or-nothing: if any id is not this team's, nothing is deleted and the answer is 404. */
export async function deleteSources(db: DbOrTx, ctx: TeamCtx, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const mine = and(eq(sources.teamId, ctx.teamId), inArray(sources.id, unique));
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: sources.id }).from(sources).where(mine).for("update");
    if (found.length !== unique.length) throw new AppError("source_not_found");
    await tx.delete(sources).where(mine);
    return { deleted: unique.length };
  });
}

export async function sourcesTotal(db: DbOrTx, ctx: TeamCtx): Promise<SourcesTotal> {
  const row = await one(
    db,
    sql`SELECT COALESCE(sum(total_leads), 0)::int AS total_leads,
        COALESCE(sum(CASE WHEN today_on = current_date THEN unique_today ELSE 0 END), 0)::int AS unique_today,
        COALESCE(sum(CASE WHEN today_on = current_date THEN added_today ELSE 0 END), 0)::int AS added_today
        FROM sources WHERE team_id = ${ctx.teamId}`,
    SourcesTotal,
  );
  return row ?? { total_leads: 0, unique_today: 0, added_today: 0 };
}

export async function sourceAggregations(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Aggregations> {
  const row = await one(
    db,
    sql`SELECT ${aggregationColumns("s")} FROM sources s WHERE s.team_id = ${ctx.teamId} AND s.id = ${id}`,
    Aggregations,
  );
  if (!row) throw new AppError("source_not_found");
  return row;
}

export async function allSourcesWithLists(
  db: DbOrTx,
  ctx: TeamCtx,
  q: { page: number; limit: number; search?: string },
): Promise<Page<SourceWithLists>> {
  const where = q.search ? sql`s.team_id = ${ctx.teamId} AND s.name ILIKE ${likePattern(q.search)}` : sql`s.team_id = ${ctx.teamId}`;
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sources s WHERE ${where}`);
  const data = await rows(
    db,
    sql`SELECT s.id, s.name, s.status,
        COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'is_active', l.is_active,
                    'status', CASE WHEN l.is_active THEN 'active' ELSE 'inactive' END) ORDER BY lower(l.name), l.id)
                  FROM lists l WHERE l.team_id = s.team_id AND l.source_id = s.id), '[]'::json) AS lists
        FROM sources s WHERE ${where} ORDER BY lower(s.name), s.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    SourceWithLists,
  );
  return toPage(data, count?.n ?? 0, q.page, q.limit);
}
