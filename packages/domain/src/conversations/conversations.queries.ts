import type { ConversationBrief, ConversationPage, ConversationUnread, ListConversationsQuery } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern } from "../shared/paging";
import { type DbOrTx, iso, one, rows } from "../shared/rows";
import { decodeCursor, encodeCursor } from "./conversation-cursor";

/*
 * The inbox: the team's threads, newest activity first, keyset paged on (last_activity_at, id) by the thread index.
 * Each row's name, assignee, opt-out and newest message are read for the page's rows only.
 */

/** Attribute slugs a lead's name is read from: the first name (or the whole name), then the last name. */
const FIRST_NAME = ["first_name", "firstname", "name", "full_name", "fullname"];
const LAST_NAME = ["last_name", "lastname", "surname"];

const slugs = (list: readonly string[]) =>
  sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  );

/** The lead's name from its attribute values, as `nm.name` (null when it has none). */
const leadNameJoin = sql`LEFT JOIN LATERAL (
    SELECT nullif(btrim(concat_ws(' ',
      max(CASE WHEN a.slug IN (${slugs(FIRST_NAME)}) THEN l.attrs -> (a.id::text) ->> 0 END),
      max(CASE WHEN a.slug IN (${slugs(LAST_NAME)}) THEN l.attrs -> (a.id::text) ->> 0 END))), '') AS name
    FROM lead_attributes a WHERE a.team_id = c.team_id AND a.slug IN (${slugs([...FIRST_NAME, ...LAST_NAME])})) nm ON true`;

/** The thread's newest reply received or sent from the inbox, as `last` (body, dir). */
const lastMessageJoin = sql`LEFT JOIN LATERAL (
    SELECT x.body, x.dir FROM (
      (SELECT i.body, 'in' AS dir, i.created_at AS at FROM inbound_messages i
        WHERE i.team_id = c.team_id AND i.from_number = c.phone ORDER BY i.created_at DESC LIMIT 1)
      UNION ALL
      (SELECT r.body, 'out' AS dir, r.created_at AS at FROM conversation_replies r
        WHERE r.conversation_id = c.id ORDER BY r.id DESC LIMIT 1)) x
    ORDER BY x.at DESC LIMIT 1) last ON true`;

export interface BriefRow {
  id: number;
  phone: string;
  lead_id: number | null;
  lead_name: string | null;
  last_activity_at: string;
  activity_key: string;
  last_message: string | null;
  last_direction: "in" | "out" | null;
  unread_count: number;
  assigned_user_id: number | null;
  assigned_name: string | null;
  closed_at: string | null;
  suppressed_reason: string | null;
  gateway_id: number | null;
  sender: string | null;
}

/** Threads of the team `c` with their page columns; `where` narrows, `order` and `limit` end the statement. */
export function briefRows(db: DbOrTx, teamId: number, where: SQL, tail: SQL = sql``): Promise<BriefRow[]> {
  return rows<BriefRow>(
    db,
    sql`SELECT c.id::float8 AS id, c.phone, c.lead_id::float8 AS lead_id, nm.name AS lead_name, c.last_activity_at,
          c.last_activity_at::text AS activity_key, last.body AS last_message, last.dir AS last_direction, c.unread_count,
          u.id AS assigned_user_id, u.name AS assigned_name, c.closed_at, s.reason AS suppressed_reason, c.gateway_id, c.sender
        FROM conversations c
        LEFT JOIN users u ON u.id = c.assigned_user_id AND u.team_id = c.team_id
        LEFT JOIN leads l ON l.team_id = c.team_id AND l.id = c.lead_id
        LEFT JOIN suppressions s ON s.team_id = c.team_id AND s.channel = 'sms' AND s.address = c.phone
        ${leadNameJoin}
        ${lastMessageJoin}
        WHERE c.team_id = ${teamId} AND ${where}
        ${tail}`,
  );
}

const SNIPPET = 140;

export function toBrief(r: BriefRow): ConversationBrief {
  const text = r.last_message?.replace(/\s+/g, " ").trim() ?? null;
  return {
    id: r.id,
    phone: r.phone,
    lead_id: r.lead_id,
    lead_name: r.lead_name,
    last_activity_at: iso(r.last_activity_at)!,
    last_message: text && text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text,
    last_direction: r.last_direction,
    unread_count: r.unread_count,
    assigned_user: r.assigned_user_id === null ? null : { id: r.assigned_user_id, name: r.assigned_name ?? "" },
    closed: r.closed_at !== null,
    opted_out: r.suppressed_reason !== null,
  };
}

/** A member of the team, or a 404 (another team's user is as unknown as none). */
export async function requireMember(db: DbOrTx, ctx: TeamCtx, userId: number): Promise<void> {
  const found = await one(db, sql`SELECT 1 FROM users WHERE team_id = ${ctx.teamId} AND id = ${userId}`);
  if (!found) throw new AppError("conversation_user_not_found");
}

/** A search's condition: digits find phones holding them; anything else finds leads by name. */
function searchCondition(search: string): SQL {
  const digits = search.replace(/[\s().+-]/g, "");
  if (/^\d{3,}$/.test(digits)) return sql`c.phone LIKE ${likePattern(digits)}`;
  return sql`nm.name ILIKE ${likePattern(search)}`;
}

export async function listConversations(db: DbOrTx, ctx: TeamCtx, q: ListConversationsQuery): Promise<ConversationPage> {
  const where: SQL[] = [];
  switch (q.filter) {
    case "all":
      where.push(sql`c.closed_at IS NULL`);
      break;
    case "unread":
      where.push(sql`c.unread_count > 0`);
      break;
    case "mine":
      where.push(sql`c.assigned_user_id = ${ctx.userId}`);
      break;
    case "opted_out":
      where.push(sql`s.address IS NOT NULL`);
      break;
    case "closed":
      where.push(sql`c.closed_at IS NOT NULL`);
      break;
  }
  if (q.assigned_user_id !== undefined) {
    await requireMember(db, ctx, q.assigned_user_id);
    where.push(sql`c.assigned_user_id = ${q.assigned_user_id}`);
  }
  if (q.search) where.push(searchCondition(q.search));
  if (q.cursor) {
    const [at, id] = decodeCursor(q.cursor, ["string", "number"]);
    where.push(sql`(c.last_activity_at, c.id) < (${at}::timestamptz, ${id})`);
  }
  const found = await briefRows(
    db,
    ctx.teamId,
    sql.join(where.length ? where : [sql`true`], sql` AND `),
    sql`ORDER BY c.last_activity_at DESC, c.id DESC LIMIT ${q.limit + 1}`,
  );
  const page = found.slice(0, q.limit);
  const last = page.at(-1);
  return {
    data: page.map(toBrief),
    meta: { per_page: q.limit, next_cursor: found.length > q.limit && last ? encodeCursor([last.activity_key, last.id]) : null },
  };
}

/** The menu's badge: open threads with unread replies (by the unread index), and how many replies. */
export async function conversationUnread(db: DbOrTx, ctx: TeamCtx): Promise<ConversationUnread> {
  const found = await one<ConversationUnread>(
    db,
    sql`SELECT count(*)::int AS threads, coalesce(sum(unread_count), 0)::int AS messages FROM conversations
        WHERE team_id = ${ctx.teamId} AND unread_count > 0 AND closed_at IS NULL`,
  );
  return found ?? { threads: 0, messages: 0 };
}

/** One thread of the team's, or a 404. */
export async function conversationRow(db: DbOrTx, ctx: TeamCtx, id: number): Promise<BriefRow> {
  const [found] = await briefRows(db, ctx.teamId, sql`c.id = ${id}`);
  if (!found) throw new AppError("conversation_not_found");
  return found;
}
