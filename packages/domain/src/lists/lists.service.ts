import { Aggregations, type CreateList, LeadList, type ListQuery, type Page, type UpdateList } from "@leadflow/contracts";
import { schema } from "@leadflow/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { assertWithinLimit } from "../plans";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery } from "../shared/paging";
import { type DbOrTx, dbTimestamp, iso, one } from "../shared/rows";
import { aggregationColumns, aggregationSorts, getSource } from "../sources";

/** A list as read: the API's list before its status, source and attributes are put together. */
const ListRow = LeadList.omit({ attributes: true, status: true, source: true }).extend({
  source_name: z.string(),
  created_at: dbTimestamp,
  updated_at: dbTimestamp,
});
type ListRow = z.input<typeof ListRow>;

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

const listSorts = aggregationSorts("l");

export async function listLists(db: DbOrTx, ctx: TeamCtx, sourceId: number, q: ListQuery): Promise<Page<LeadList>> {
  await getSource(db, ctx, sourceId);
  let where = sql`l.team_id = ${ctx.teamId} AND l.source_id = ${sourceId}`;
  if (q.search) where = sql`${where} AND l.name ILIKE ${likePattern(q.search)}`;
  const page = await pagedQuery(db, q, {
    row: ListRow,
    select: listSelect,
    from: sql`FROM lists l`,
    where,
    sorts: listSorts,
    fallback: { key: "created_at", direction: "desc" },
    tieBreak: sql`l.id DESC`,
  });
  return mapPage(page, present);
}

export async function getList(db: DbOrTx, ctx: TeamCtx, id: number): Promise<LeadList> {
  const row = await one(db, sql`${listSelect} WHERE l.team_id = ${ctx.teamId} AND l.id = ${id}`, ListRow);
  if (!row) throw new AppError("list_not_found");
  return present(row);
}

const { lists } = schema;
const teamList = (ctx: TeamCtx, id: number) => and(eq(lists.teamId, ctx.teamId), eq(lists.id, id));

/** A new list of the team's source (404 for another team's), within the plan's list limit (422 past it). */
export async function createList(db: DbOrTx, ctx: TeamCtx, sourceId: number, input: CreateList): Promise<LeadList> {
  await getSource(db, ctx, sourceId);
  const id = await db.transaction(async (tx) => {
    await assertWithinLimit(tx, ctx.teamId, "lists");
    const [row] = await tx
      .insert(lists)
      .values({ teamId: ctx.teamId, sourceId, name: input.name, isActive: (input.status ?? "active") === "active" })
      .returning({ id: lists.id });
    return row!.id;
  });
  return getList(db, ctx, id);
}

export async function updateList(db: DbOrTx, ctx: TeamCtx, id: number, input: UpdateList): Promise<LeadList> {
  const isActive = input.status === undefined ? undefined : input.status === "active";
  const [row] = await db
    .update(lists)
    .set({ name: input.name, isActive, updatedAt: sql`now()` })
    .where(teamList(ctx, id))
    .returning({ id: lists.id });
  if (!row) throw new AppError("list_not_found");
  return getList(db, ctx, id);
}

export async function deleteList(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const [row] = await db.delete(lists).where(teamList(ctx, id)).returning({ id: lists.id });
  if (!row) throw new AppError("list_not_found");
}

/** All-or-nothing, like deleteSources. */
export async function deleteLists(db: DbOrTx, ctx: TeamCtx, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const mine = and(eq(lists.teamId, ctx.teamId), inArray(lists.id, unique));
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: lists.id }).from(lists).where(mine).for("update");
    if (found.length !== unique.length) throw new AppError("list_not_found");
    await tx.delete(lists).where(mine);
    return { deleted: unique.length };
  });
}

export async function listAggregations(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Aggregations> {
  const row = await one(
    db,
    sql`SELECT ${aggregationColumns("l")} FROM lists l WHERE l.team_id = ${ctx.teamId} AND l.id = ${id}`,
    Aggregations,
  );
  if (!row) throw new AppError("list_not_found");
  return row;
}
