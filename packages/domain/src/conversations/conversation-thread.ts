import {
  type ConversationThread,
  type ConversationThreadQuery,
  MessageReasons,
  SuppressionReasons,
  type ThreadItem,
  type ThreadItemStatus,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, iso, rows } from "../shared/rows";
import { decodeCursor, encodeCursor } from "./conversation-cursor";
import { conversationRow, toBrief } from "./conversations.queries";

/*
 * A thread, read from the tables that hold its messages (docs/conversations.md): the campaigns' messages to the phone
 * (the ledger's (team_id, address) index), the welcomes (each campaign's (campaign_id, lead_id) key), the phone's
 * replies and the answers they earned (inbound_messages' (team_id, from_number) index), the inbox's replies, and the
 * phone's opt-out. Newest first, keyset paged on (sort_at, rank, id): rank orders what happened in one instant as
 * it happened (a STOP, then its opt-out, then the confirmation).
 */

interface ItemRow {
  kind: ThreadItem["kind"];
  id: number;
  rank: number;
  sort_key: string;
  at: string;
  body: string | null;
  state: string | null;
  detail: string | null;
  due_at: string | null;
  origin: string | null;
  user_name: string | null;
}

/** Ledger states, of every kind of message, in the thread's words. */
const STATUS: Record<string, ThreadItemStatus> = {
  planned: "queued",
  claimed: "queued",
  submitting: "sending",
  unknown: "maybe_sent",
  accepted: "sent",
  sent: "sent",
  delivered: "delivered",
  failed: "failed",
  blocked: "failed",
  inactive: "failed",
  bounced: "failed",
  complained: "failed",
  rejected: "failed",
};

/** What a ledger row's reason code says, or its provider's error. */
const reasonText = (reason: string | null, error: string | null) =>
  error ?? (reason ? (MessageReasons[reason as keyof typeof MessageReasons] ?? reason) : null);

function itemsSql(teamId: number, phone: string, leadId: number | null, conversationId: number): SQL {
  const welcomes =
    leadId === null
      ? sql``
      : sql`UNION ALL
        SELECT 'welcome', w.id::float8, 1, w.created_at, coalesce(w.sent_at, w.created_at), w.message, w.state, w.error_message, NULL::timestamptz,
          cp.name, NULL
        FROM campaigns cp JOIN welcome_messages w ON w.campaign_id = cp.id AND w.lead_id = ${leadId}
        WHERE cp.team_id = ${teamId} AND w.team_id = ${teamId} AND w.to_number = ${phone} AND w.state <> 'planned'`;
  return sql`
    SELECT 'campaign' AS kind, m.id::float8 AS id, 0 AS rank, coalesce(m.submitted_at, m.updated_at) AS sort_at,
      coalesce(m.submitted_at, m.updated_at) AS at, m.body, m.state, coalesce(m.error_message, m.reason) AS detail,
      NULL::timestamptz AS due_at, cp.name AS origin, NULL AS user_name
    FROM campaign_messages m JOIN campaigns cp ON cp.id = m.campaign_id
    WHERE m.team_id = ${teamId} AND m.address = ${phone} AND m.channel = 'sms'
      AND m.state NOT IN ('planned', 'claimed', 'skipped', 'cancelled')
    ${welcomes}
    UNION ALL
    SELECT 'inbound', i.id::float8, 2, i.created_at, i.created_at, i.body, NULL, NULL, NULL, NULL, NULL
    FROM inbound_messages i WHERE i.team_id = ${teamId} AND i.from_number = ${phone}
    UNION ALL
    SELECT 'opt_out', 0, 3, s.created_at, s.created_at, s.reason, NULL, NULL, NULL, NULL, NULL
    FROM suppressions s WHERE s.team_id = ${teamId} AND s.channel = 'sms' AND s.address = ${phone}
    UNION ALL
    SELECT 'answer', i.id::float8, 4, i.created_at, coalesce(i.answered_at, i.created_at), i.answer_message, i.answer_state,
      i.answer_error, NULL, CASE WHEN i.intent IN ('stop', 'fuzzy_stop') THEN 'Opt-out confirmation' WHEN i.intent = 'start'
        THEN 'Opt-in confirmation' WHEN i.intent = 'help' THEN 'Help answer' ELSE 'Keyword answer' END, NULL
    FROM inbound_messages i WHERE i.team_id = ${teamId} AND i.from_number = ${phone} AND i.answer_state IS NOT NULL
    UNION ALL
    SELECT 'reply', r.id::float8, 5, r.created_at, coalesce(r.sent_at, r.created_at), r.body, r.state,
      coalesce(r.error, r.held_reason), r.due_at, 'Inbox', u.name
    FROM conversation_replies r LEFT JOIN users u ON u.id = r.user_id AND u.team_id = r.team_id
    WHERE r.conversation_id = ${conversationId} AND r.team_id = ${teamId}`;
}

function toItem(r: ItemRow, now: number): ThreadItem {
  const due = iso(r.due_at);
  const held = r.kind === "reply" && r.state === "planned" && due !== null && Date.parse(due) > now;
  const direction = r.kind === "inbound" ? "in" : r.kind === "opt_out" ? "system" : "out";
  const status: ThreadItemStatus | null =
    r.kind === "inbound" ? "received" : r.kind === "opt_out" ? null : held ? "held" : (STATUS[r.state ?? ""] ?? null);
  const body =
    r.kind === "opt_out"
      ? `Opted out: ${SuppressionReasons[r.body as keyof typeof SuppressionReasons] ?? r.body}. Leadflow sends this phone nothing until it replies START.`
      : (r.body ?? "");
  return {
    key: `${r.kind}-${r.id}`,
    kind: r.kind,
    direction,
    at: iso(r.at)!,
    body,
    status,
    detail: r.kind === "campaign" ? reasonText(r.detail, null) : r.detail,
    due_at: held ? due : null,
    origin: r.origin,
    user_name: r.user_name,
  };
}

export async function getConversation(db: DbOrTx, ctx: TeamCtx, id: number, q: ConversationThreadQuery): Promise<ConversationThread> {
  const c = await conversationRow(db, ctx, id);
  const before = q.cursor ? decodeCursor(q.cursor, ["string", "number", "number"]) : null;
  const found = await rows<ItemRow>(
    db,
    sql`SELECT x.kind, x.id, x.rank, x.sort_at::text AS sort_key, x.at, x.body, x.state, x.detail, x.due_at, x.origin, x.user_name
        FROM (${itemsSql(ctx.teamId, c.phone, c.lead_id, c.id)}) x
        ${before ? sql`WHERE (x.sort_at, x.rank, x.id) < (${before[0]}::timestamptz, ${before[1]}, ${before[2]})` : sql``}
        ORDER BY x.sort_at DESC, x.rank DESC, x.id DESC LIMIT ${q.limit + 1}`,
  );
  const page = found.slice(0, q.limit);
  const last = page.at(-1);
  const now = Date.now();
  return {
    conversation: { ...toBrief(c), sender: c.sender, suppressed_reason: c.suppressed_reason },
    items: page.map((r) => toItem(r, now)),
    meta: {
      per_page: q.limit,
      next_cursor: found.length > q.limit && last ? encodeCursor([last.sort_key, last.rank, last.id]) : null,
    },
  };
}

/** One reply of the inbox as a thread item (what the reply request answers). */
export async function replyItem(db: DbOrTx, ctx: TeamCtx, conversationId: number, replyId: number): Promise<ThreadItem> {
  const [found] = await rows<ItemRow>(
    db,
    sql`SELECT 'reply' AS kind, r.id::float8 AS id, 5 AS rank, r.created_at::text AS sort_key, coalesce(r.sent_at, r.created_at) AS at,
          r.body, r.state, coalesce(r.error, r.held_reason) AS detail, r.due_at, 'Inbox' AS origin, u.name AS user_name
        FROM conversation_replies r LEFT JOIN users u ON u.id = r.user_id AND u.team_id = r.team_id
        WHERE r.team_id = ${ctx.teamId} AND r.conversation_id = ${conversationId} AND r.id = ${replyId}`,
  );
  return toItem(found!, Date.now());
}
