import type {
  ListSenderEmailGroupsQuery,
  Page,
  SaveSenderEmailGroup,
  SenderEmailGroup,
  SenderEmailGroupSortKeys,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { likePattern, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, intArray, rows, textArray } from "../shared/rows";
import { createGroup, deleteGroup, findGroup, type GroupRow, type GroupTables, updateGroup, type WriteRows } from "./group-store";

const SenderGroups = {
  groups: "sender_email_groups",
  rows: "sender_email_usernames",
  key: "user_name",
  notFound: "sender_email_group_not_found",
} as const satisfies GroupTables;

interface UsernameRow {
  id: number;
  group_id: number;
  from_name: string;
  user_name: string;
}

const senderGroupSorts = {
  name: sql`lower(g.name)`,
  count: sql`(SELECT count(*) FROM sender_email_usernames u WHERE u.group_id = g.id)`,
  id: sql`g.id`,
} satisfies SortMap<(typeof SenderEmailGroupSortKeys)[number]>;

/** The groups with their user names (one query for all of them), each group's in the order they were added. */
async function withUsernames(db: DbOrTx, teamId: number, groups: GroupRow[]): Promise<SenderEmailGroup[]> {
  if (groups.length === 0) return [];
  const usernames = await rows<UsernameRow>(
    db,
    sql`SELECT id, group_id, from_name, user_name FROM sender_email_usernames
        WHERE team_id = ${teamId} AND group_id = ANY(${intArray(groups.map((g) => g.id))}) ORDER BY id`,
  );
  return groups.map((g) => {
    const own = usernames.filter((u) => u.group_id === g.id).map(({ id, from_name, user_name }) => ({ id, from_name, user_name }));
    return { id: g.id, name: g.name, usernames: own, count: own.length };
  });
}

/** Search finds a group by its name, or by a from name or user name in it. */
export async function listSenderEmailGroups(db: DbOrTx, ctx: TeamCtx, q: ListSenderEmailGroupsQuery): Promise<Page<SenderEmailGroup>> {
  let where = sql`g.team_id = ${ctx.teamId}`;
  if (q.search) {
    const like = likePattern(q.search);
    where = sql`${where} AND (g.name ILIKE ${like} OR EXISTS (
      SELECT 1 FROM sender_email_usernames u WHERE u.group_id = g.id AND (u.from_name ILIKE ${like} OR u.user_name ILIKE ${like})))`;
  }
  const page = await pagedQuery<GroupRow, keyof typeof senderGroupSorts>(db, q, {
    select: sql`SELECT g.id, g.name FROM sender_email_groups g`,
    from: sql`FROM sender_email_groups g`,
    where,
    sorts: senderGroupSorts,
    fallback: { key: "id", direction: "desc" },
    tieBreak: sql`g.id DESC`,
  });
  return { data: await withUsernames(db, ctx.teamId, page.data), meta: page.meta };
}

export async function getSenderEmailGroup(db: DbOrTx, ctx: TeamCtx, id: number): Promise<SenderEmailGroup> {
  return (await withUsernames(db, ctx.teamId, [await findGroup(db, ctx, SenderGroups, id)]))[0]!;
}

/**
 * Writes the request's rows in their order: a user name the group has keeps its row (and id) and takes the new
 * from name. The contract has made user names unique within the request.
 */
function upsertUsernames(teamId: number, input: SaveSenderEmailGroup): WriteRows {
  const userNames = textArray(input.usernames.map((u) => u.user_name));
  const fromNames = textArray(input.usernames.map((u) => u.from_name));
  return async (tx, groupId) => {
    await tx.execute(
      sql`INSERT INTO sender_email_usernames (team_id, group_id, user_name, from_name)
          SELECT ${teamId}::int, ${groupId}::int, u, f FROM unnest(${userNames}, ${fromNames}) WITH ORDINALITY AS t(u, f, n) ORDER BY n
          ON CONFLICT (group_id, user_name) DO UPDATE SET from_name = EXCLUDED.from_name`,
    );
  };
}

export async function createSenderEmailGroup(db: DbOrTx, ctx: TeamCtx, input: SaveSenderEmailGroup): Promise<SenderEmailGroup> {
  return createGroup(db, ctx, SenderGroups, input.name, upsertUsernames(ctx.teamId, input), (tx, id) => getSenderEmailGroup(tx, ctx, id));
}

/** Renames the group and replaces its user names with the request's, all or nothing (group-store.ts). */
export async function updateSenderEmailGroup(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveSenderEmailGroup): Promise<SenderEmailGroup> {
  const save = { name: input.name, keys: input.usernames.map((u) => u.user_name) };
  return updateGroup(db, ctx, SenderGroups, id, save, upsertUsernames(ctx.teamId, input), (tx) => getSenderEmailGroup(tx, ctx, id));
}

/** The group and its user names (they cascade). */
export function deleteSenderEmailGroup(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  return deleteGroup(db, ctx, SenderGroups, id);
}
