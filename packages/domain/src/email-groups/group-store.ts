import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one, textArray } from "../shared/rows";

/*
 * The half that spam email groups and sender email groups share: a team's named group in its own table, with rows
 * keyed within the group (an address; a user name) in another. A save renames the group and makes its rows the
 * request's, all or nothing: a row whose key stays keeps its row (and id), the others go, and each kind writes the
 * request's rows itself (`WriteRows`). Reading the rows, listing and searching stay each kind's own.
 */

/** Where a kind of group lives, the column keying its rows within a group, and its 404. */
export interface GroupTables {
  groups: "spam_email_groups" | "sender_email_groups";
  rows: "spam_email_group_emails" | "sender_email_usernames";
  key: "email" | "user_name";
  notFound: "spam_email_group_not_found" | "sender_email_group_not_found";
}

export interface GroupRow {
  id: number;
  name: string;
}

/** Inserts the request's rows of a group (new keys in their order) and updates those it already has. */
export type WriteRows = (tx: DbOrTx, groupId: number) => Promise<void>;
/** The saved group as the API answers it, read inside the save's transaction. */
type ReadGroup<T> = (tx: DbOrTx, groupId: number) => Promise<T>;

/** The team's group, or its 404. */
export async function findGroup(db: DbOrTx, ctx: TeamCtx, t: GroupTables, id: number): Promise<GroupRow> {
  const group = await one<GroupRow>(db, sql`SELECT id, name FROM ${sql.identifier(t.groups)} WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  if (!group) throw new AppError(t.notFound);
  return group;
}

export function createGroup<T>(
  db: DbOrTx,
  ctx: TeamCtx,
  t: GroupTables,
  name: string,
  writeRows: WriteRows,
  read: ReadGroup<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const group = await one<{ id: number }>(
      tx,
      sql`INSERT INTO ${sql.identifier(t.groups)} (team_id, name) VALUES (${ctx.teamId}, ${name}) RETURNING id`,
    );
    await writeRows(tx, group!.id);
    return read(tx, group!.id);
  });
}

/**
 * Renames the group and makes its rows those keyed by `keys` (then written by `writeRows`), all or nothing; the
 * UPDATE's row lock makes concurrent edits of one group apply one after the other.
 */
export function updateGroup<T>(
  db: DbOrTx,
  ctx: TeamCtx,
  t: GroupTables,
  id: number,
  save: { name: string; keys: string[] },
  writeRows: WriteRows,
  read: ReadGroup<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const group = await one(
      tx,
      sql`UPDATE ${sql.identifier(t.groups)} SET name = ${save.name}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`,
    );
    if (!group) throw new AppError(t.notFound);
    await tx.execute(
      sql`DELETE FROM ${sql.identifier(t.rows)}
          WHERE team_id = ${ctx.teamId} AND group_id = ${id} AND NOT (${sql.identifier(t.key)} = ANY(${textArray(save.keys)}))`,
    );
    await writeRows(tx, id);
    return read(tx, id);
  });
}

/** The group and its rows (they cascade). */
export async function deleteGroup(db: DbOrTx, ctx: TeamCtx, t: GroupTables, id: number): Promise<void> {
  const gone = await one(db, sql`DELETE FROM ${sql.identifier(t.groups)} WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!gone) throw new AppError(t.notFound);
}
