import type { Aggregations, CreateList, LeadList, ListQuery, Page, UpdateList } from "@leadflow/contracts";
import { ListSortKeys } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, orderBy, parseSort, toPage } from "../shared/paging";
import { type DbOrTx, intArray, iso, one, rows } from "../shared/rows";
import { aggregationColumns, aggregationSortColumn } from "../sources/aggregations.sql";
import { getSource } from "../sources/sources.service";

type ListRow = Omit<LeadList, "attributes" | "status"> & { source_name: string };

const listSelect = sql`SELECT ${aggregationColumns("l")}, l.name, l.is_active, l.source_id, s.name AS source_name,
  l.created_at, l.updated_at FROM lists l JOIN sources s ON s.id = l.source_id AND s.team_id = l.team_id`;

function present(r: ListRow): LeadList {
  const { source_name, ...rest } = r;
  return {
    ...rest,
    status: r.is_active ? "active" : "inactive",
    source: { id: r.source_id, name: source_name },
    // Per-list attributes arrive with imports; a list starts with none of its own.
    attributes: [],
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export async function listLists(db: DbOrTx, ctx: TeamCtx, sourceId: number, q: ListQuery): Promise<Page<LeadList>> {
  await getSource(db, ctx, sourceId);
  const sort = parseSort(q, ListSortKeys, { key: "created_at", direction: "desc" });
  let where = sql`l.team_id = ${ctx.teamId} AND l.source_id = ${sourceId}`;
  if (q.search) where = sql`${where} AND l.name ILIKE ${likePattern(q.search)}`;
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM lists l WHERE ${where}`);
  const data = await rows<ListRow>(
    db,
    sql`${listSelect} WHERE ${where}
        ORDER BY ${orderBy(aggregationSortColumn("l", sort.key), sort.direction)}, l.id DESC
        LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return toPage(data.map(present), count?.n ?? 0, q.page, q.limit);
}

export async function getList(db: DbOrTx, ctx: TeamCtx, id: number): Promise<LeadList> {
  const row = await one<ListRow>(db, sql`${listSelect} WHERE l.team_id = ${ctx.teamId} AND l.id = ${id}`);
  if (!row) throw new AppError("list_not_found");
  return present(row);
}

export async function createList(db: DbOrTx, ctx: TeamCtx, sourceId: number, input: CreateList): Promise<LeadList> {
  await getSource(db, ctx, sourceId);
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO lists (team_id, source_id, name, is_active)
        VALUES (${ctx.teamId}, ${sourceId}, ${input.name}, ${(input.status ?? "active") === "active"}) RETURNING id`,
  );
  return getList(db, ctx, row!.id);
}

export async function updateList(db: DbOrTx, ctx: TeamCtx, id: number, input: UpdateList): Promise<LeadList> {
  const isActive = input.status === undefined ? null : input.status === "active";
  const row = await one<{ id: number }>(
    db,
    sql`UPDATE lists SET name = COALESCE(${input.name ?? null}, name), is_active = COALESCE(${isActive}::boolean, is_active),
        updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`,
  );
  if (!row) throw new AppError("list_not_found");
  return getList(db, ctx, id);
}

export async function deleteList(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const row = await one<{ id: number }>(db, sql`DELETE FROM lists WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!row) throw new AppError("list_not_found");
}

/** All-or-nothing, like deleteSources. */
export async function deleteLists(db: DbOrTx, ctx: TeamCtx, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM lists WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(unique)}) FOR UPDATE`,
    );
    if (found.length !== unique.length) throw new AppError("list_not_found");
    await tx.execute(sql`DELETE FROM lists WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(unique)})`);
    return { deleted: unique.length };
  });
}

export async function listAggregations(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Aggregations> {
  const row = await one<Aggregations>(
    db,
    sql`SELECT ${aggregationColumns("l")} FROM lists l WHERE l.team_id = ${ctx.teamId} AND l.id = ${id}`,
  );
  if (!row) throw new AppError("list_not_found");
  return row;
}
