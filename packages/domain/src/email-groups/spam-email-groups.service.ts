import type { ListSpamEmailGroupsQuery, Page, SaveSpamEmailGroup, SpamEmailGroup, SpamEmailGroupSortKeys } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, intArray, rows, textArray } from "../shared/rows";
import { checkGroupEmails } from "./group-emails";
import { createGroup, deleteGroup, findGroup, type GroupRow, type GroupTables, updateGroup, type WriteRows } from "./group-store";

const SpamGroups = {
  groups: "spam_email_groups",
  rows: "spam_email_group_emails",
  key: "email",
  notFound: "spam_email_group_not_found",
} as const satisfies GroupTables;

interface EmailRow {
  id: number;
  group_id: number;
  email: string;
}

const spamGroupSorts = {
  name: sql`lower(g.name)`,
  id: sql`g.id`,
} satisfies SortMap<(typeof SpamEmailGroupSortKeys)[number]>;

/** The groups with their addresses (one query for all of them), each group's in the order they were added. */
async function withEmails(db: DbOrTx, teamId: number, groups: GroupRow[]): Promise<SpamEmailGroup[]> {
  if (groups.length === 0) return [];
  const emails = await rows<EmailRow>(
    db,
    sql`SELECT id, group_id, email FROM spam_email_group_emails
        WHERE team_id = ${teamId} AND group_id = ANY(${intArray(groups.map((g) => g.id))}) ORDER BY id`,
  );
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    emails: emails.filter((e) => e.group_id === g.id).map(({ id, email }) => ({ id, email })),
  }));
}

export async function listSpamEmailGroups(db: DbOrTx, ctx: TeamCtx, q: ListSpamEmailGroupsQuery): Promise<Page<SpamEmailGroup>> {
  const where = q.search ? sql`g.team_id = ${ctx.teamId} AND g.name ILIKE ${likePattern(q.search)}` : sql`g.team_id = ${ctx.teamId}`;
  const page = await pagedQuery<GroupRow, keyof typeof spamGroupSorts>(db, q, {
    select: sql`SELECT g.id, g.name FROM spam_email_groups g`,
    from: sql`FROM spam_email_groups g`,
    where,
    sorts: spamGroupSorts,
    fallback: { key: "id", direction: "desc" },
    tieBreak: sql`g.id DESC`,
  });
  return { data: await withEmails(db, ctx.teamId, page.data), meta: page.meta };
}

export async function getSpamEmailGroup(db: DbOrTx, ctx: TeamCtx, id: number): Promise<SpamEmailGroup> {
  return (await withEmails(db, ctx.teamId, [await findGroup(db, ctx, SpamGroups, id)]))[0]!;
}

/** The request's addresses, checked and normalised before anything is written. */
function emailsOf(input: SaveSpamEmailGroup): string[] {
  const check = checkGroupEmails(input.emails);
  if (!check.ok) throw new AppError("spam_email_invalid", Object.values(check.errors)[0]![0], check.errors);
  return check.emails;
}

/** Adds the addresses the group lacks, in the order given (their ids follow it); ones it has keep their row. */
function addEmails(teamId: number, emails: string[]): WriteRows {
  return async (tx, groupId) => {
    await tx.execute(
      sql`INSERT INTO spam_email_group_emails (team_id, group_id, email)
          SELECT ${teamId}::int, ${groupId}::int, e FROM unnest(${textArray(emails)}) WITH ORDINALITY AS t(e, n) ORDER BY n
          ON CONFLICT (group_id, email) DO NOTHING`,
    );
  };
}

export async function createSpamEmailGroup(db: DbOrTx, ctx: TeamCtx, input: SaveSpamEmailGroup): Promise<SpamEmailGroup> {
  const emails = emailsOf(input);
  return createGroup(db, ctx, SpamGroups, input.name, addEmails(ctx.teamId, emails), (tx, id) => getSpamEmailGroup(tx, ctx, id));
}

/** Renames the group and replaces its addresses with the request's, all or nothing (group-store.ts). */
export async function updateSpamEmailGroup(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveSpamEmailGroup): Promise<SpamEmailGroup> {
  const emails = emailsOf(input);
  return updateGroup(db, ctx, SpamGroups, id, { name: input.name, keys: emails }, addEmails(ctx.teamId, emails), (tx) =>
    getSpamEmailGroup(tx, ctx, id),
  );
}

/** The group and its addresses (they cascade). */
export function deleteSpamEmailGroup(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  return deleteGroup(db, ctx, SpamGroups, id);
}
