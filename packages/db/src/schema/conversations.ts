import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { teamId, timestamps, ts } from "./columns";

/*
 * The two-way inbox (docs/conversations.md). A thread is one phone of one team across every campaign and keyword; its
 * messages stay in the tables that hold them (the send ledger, replies and their answers, welcomes, the inbox's own
 * replies below), read together. This row keeps only the thread's state: when it last moved, what is unread, who has
 * it, whether it is closed, and the number the lead last texted (what an inbox reply leaves from).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    teamId: teamId(),
    /** E.164, as the ledger and the replies key it. */
    phone: text("phone").notNull(),
    leadId: bigint("lead_id", { mode: "number" }),
    /** The last reply received or sent from the inbox: the list's order. */
    lastActivityAt: ts("last_activity_at").notNull().defaultNow(),
    lastInboundAt: ts("last_inbound_at"),
    /** Replies received since the team last read the thread. */
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadAt: ts("last_read_at"),
    assignedUserId: integer("assigned_user_id"),
    /** null: open. A new reply opens it again. */
    closedAt: ts("closed_at"),
    /** The gateway and number the lead last texted (or was last texted from by the inbox): where a reply leaves from. */
    gatewayId: integer("gateway_id"),
    sender: text("sender"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("conversations_phone_key").on(t.teamId, t.phone),
    // The inbox, newest activity first (keyset on (last_activity_at, id)).
    index("conversations_activity_idx").on(t.teamId, t.lastActivityAt, t.id),
    // The menu's badge and the Unread filter.
    index("conversations_unread_idx").on(t.teamId, t.lastActivityAt, t.id).where(sql`${t.unreadCount} > 0`),
    index("conversations_assigned_idx").on(t.teamId, t.assignedUserId, t.lastActivityAt, t.id),
    check("conversations_unread_nonneg", sql`${t.unreadCount} >= 0`),
  ],
);

/**
 * A reply typed in the inbox: its own ledger, sent once by the gateway's dispatcher (its lane, kind `reply`) after the
 * same gate as every message. `state` moves planned → submitting → accepted / rejected / unknown; a reply outside the
 * recipient's window waits `planned` with `due_at` at the window's opening and `held_reason` saying why.
 */
export const conversationReplies = pgTable(
  "conversation_replies",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    teamId: teamId(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Who typed it. */
    userId: integer("user_id"),
    leadId: bigint("lead_id", { mode: "number" }),
    gatewayId: integer("gateway_id").notNull(),
    toNumber: text("to_number").notNull(),
    fromNumber: text("from_number").notNull(),
    /** number or pool (a provider-side pool picks the number). */
    senderKind: text("sender_kind").notNull().default("number"),
    body: text("body").notNull(),
    parts: smallint("parts").notNull().default(1),
    state: text("state").notNull().default("planned"),
    /** Not before: the recipient's window. */
    dueAt: ts("due_at").notNull().defaultNow(),
    notAfter: ts("not_after"),
    /** Where the recipient is, for its window (from its last campaign message, else its number). */
    timeZone: text("time_zone"),
    usState: text("us_state"),
    country: text("country"),
    /** Why it waits (quiet hours), while it does. */
    heldReason: text("held_reason"),
    providerId: text("provider_id"),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }),
    error: text("error"),
    sentAt: ts("sent_at"),
    ...timestamps(),
  },
  (t) => [
    index("conversation_replies_thread_idx").on(t.conversationId, t.id),
    // Replies waiting to be sent, by the gateway whose dispatcher sends them.
    index("conversation_replies_due_idx").on(t.gatewayId, t.dueAt, t.id).where(sql`${t.state} = 'planned'`),
    check("conversation_replies_state_known", sql`${t.state} IN ('planned','submitting','accepted','rejected','unknown')`),
  ],
);
