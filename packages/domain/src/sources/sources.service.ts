import type {
  Aggregations,
  CreateSource,
  ListSourcesQuery,
  Page,
  Source,
  SourcesTotal,
  SourceWithLists,
  UpdateSource,
} from "@leadflow/contracts";
import { SourceSortKeys } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, orderBy, parseSort, toPage } from "../shared/paging";
import { type DbOrTx, intArray, iso, one, rows } from "../shared/rows";
import { aggregationColumns, aggregationSortColumn } from "./aggregations.sql";

interface SourceRow extends Aggregations {
  name: string;
  status: Source["status"];
  lists_count: number;
  created_at: string;
  updated_at: string;
}

const present = (r: SourceRow): Source => ({ ...r, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! });

const sourceSelect = sql`SELECT ${aggregationColumns("s")}, s.name, s.status, s.created_at, s.updated_at,
  (SELECT count(*)::int FROM lists l WHERE l.team_id = s.team_id AND l.source_id = s.id) AS lists_count
  FROM sources s`;

export async function listSources(db: DbOrTx, ctx: TeamCtx, q: ListSourcesQuery): Promise<Page<Source>> {
  const sort = parseSort(q, SourceSortKeys, { key: "created_at", direction: "desc" });
  const where = q.search ? sql`s.team_id = ${ctx.teamId} AND s.name ILIKE ${likePattern(q.search)}` : sql`s.team_id = ${ctx.teamId}`;
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sources s WHERE ${where}`);
  const total = count?.n ?? 0;
  const data = await rows<SourceRow>(
    db,
    sql`${sourceSelect} WHERE ${where}
        ORDER BY ${orderBy(aggregationSortColumn("s", sort.key), sort.direction)}, s.id DESC
        LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return toPage(data.map(present), total, q.page, q.limit);
}

export async function getSource(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Source> {
  const row = await one<SourceRow>(db, sql`${sourceSelect} WHERE s.team_id = ${ctx.teamId} AND s.id = ${id}`);
  if (!row) throw new AppError("source_not_found");
  return present(row);
}

export async function createSource(db: DbOrTx, ctx: TeamCtx, input: CreateSource): Promise<Source> {
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO sources (team_id, name, status) VALUES (${ctx.teamId}, ${input.name}, ${input.status ?? "active"}) RETURNING id`,
  );
  return getSource(db, ctx, row!.id);
}

export async function updateSource(db: DbOrTx, ctx: TeamCtx, id: number, input: UpdateSource): Promise<Source> {
  const row = await one<{ id: number }>(
    db,
    sql`UPDATE sources SET name = COALESCE(${input.name ?? null}, name), status = COALESCE(${input.status ?? null}, status),
        updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`,
  );
  if (!row) throw new AppError("source_not_found");
  return getSource(db, ctx, id);
}

export async function deleteSource(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const row = await one<{ id: number }>(db, sql`DELETE FROM sources WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!row) throw new AppError("source_not_found");
}

/** All-or-nothing: if any id is not this team's, nothing is deleted and the answer is 404. */
export async function deleteSources(db: DbOrTx, ctx: TeamCtx, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM sources WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(unique)}) FOR UPDATE`,
    );
    if (found.length !== unique.length) throw new AppError("source_not_found");
    await tx.execute(sql`DELETE FROM sources WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(unique)})`);
    return { deleted: unique.length };
  });
}

export async function sourcesTotal(db: DbOrTx, ctx: TeamCtx): Promise<SourcesTotal> {
  const row = await one<SourcesTotal>(
    db,
    sql`SELECT COALESCE(sum(total_leads), 0)::int AS total_leads,
        COALESCE(sum(CASE WHEN today_on = current_date THEN unique_today ELSE 0 END), 0)::int AS unique_today,
        COALESCE(sum(CASE WHEN today_on = current_date THEN added_today ELSE 0 END), 0)::int AS added_today
        FROM sources WHERE team_id = ${ctx.teamId}`,
  );
  return row ?? { total_leads: 0, unique_today: 0, added_today: 0 };
}

export async function sourceAggregations(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Aggregations> {
  const row = await one<Aggregations>(
    db,
    sql`SELECT ${aggregationColumns("s")} FROM sources s WHERE s.team_id = ${ctx.teamId} AND s.id = ${id}`,
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
  const data = await rows<SourceWithLists>(
    db,
    sql`SELECT s.id, s.name, s.status,
        COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'is_active', l.is_active,
                    'status', CASE WHEN l.is_active THEN 'active' ELSE 'inactive' END) ORDER BY lower(l.name), l.id)
                  FROM lists l WHERE l.team_id = s.team_id AND l.source_id = s.id), '[]'::json) AS lists
        FROM sources s WHERE ${where} ORDER BY lower(s.name), s.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return toPage(data, count?.n ?? 0, q.page, q.limit);
}
