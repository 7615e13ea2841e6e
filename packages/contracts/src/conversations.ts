import { z } from "zod";
import { text } from "./common";

/*
 * The two-way inbox: one thread per phone of a team, across campaigns and keywords (docs/conversations.md).
 */

/** A thread's messages and events, by where they come from. */
export const ThreadItemKinds = ["campaign", "welcome", "answer", "inbound", "reply", "opt_out"] as const;
export type ThreadItemKind = (typeof ThreadItemKinds)[number];

/** What a thread item's chip says: the state of our message, mapped from its ledger's states. */
export const ThreadItemStatuses = ["queued", "held", "sending", "sent", "delivered", "failed", "maybe_sent", "received"] as const;
export type ThreadItemStatus = (typeof ThreadItemStatuses)[number];

export const ThreadItemStatusLabels = {
  queued: "Queued",
  held: "Held",
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  maybe_sent: "May have been sent",
  received: "Received",
} as const satisfies Record<ThreadItemStatus, string>;

export const ConversationFilters = ["all", "unread", "mine", "opted_out", "closed"] as const;
export type ConversationFilter = (typeof ConversationFilters)[number];

const cursor = text().max(200).optional();

/** GET /api/conversations. Default: open threads, newest activity first. */
export const ListConversationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100, "The limit may not be greater than 100.").default(30),
  cursor,
  /** A phone (any format, or its digits) or a lead's name. */
  search: text().trim().max(100).optional(),
  filter: z.enum(ConversationFilters, { error: `Filter by one of: ${ConversationFilters.join(", ")}.` }).default("all"),
  /** Threads assigned to this user (a member of the team). */
  assigned_user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type ListConversationsQuery = z.infer<typeof ListConversationsQuery>;

export const ConversationBrief = z.object({
  id: z.number().int(),
  phone: z.string(),
  lead_id: z.number().int().nullable(),
  lead_name: z.string().nullable(),
  last_activity_at: z.string(),
  /** The newest reply received or sent, its direction and a snippet. */
  last_message: z.string().nullable(),
  last_direction: z.enum(["in", "out"]).nullable(),
  unread_count: z.number().int(),
  assigned_user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  closed: z.boolean(),
  opted_out: z.boolean(),
});
export type ConversationBrief = z.infer<typeof ConversationBrief>;

export const ConversationPage = z.object({
  data: z.array(ConversationBrief),
  meta: z.object({ per_page: z.number().int(), next_cursor: z.string().nullable() }),
});
export type ConversationPage = z.infer<typeof ConversationPage>;

/** The menu badge: open threads with unread replies, and the replies. */
export const ConversationUnread = z.object({ threads: z.number().int(), messages: z.number().int() });
export type ConversationUnread = z.infer<typeof ConversationUnread>;

export const ThreadItem = z.object({
  /** Unique in the thread: `${kind}-${id}`. */
  key: z.string(),
  kind: z.enum(ThreadItemKinds),
  direction: z.enum(["in", "out", "system"]),
  at: z.string(),
  body: z.string(),
  status: z.enum(ThreadItemStatuses).nullable(),
  /** Why it failed or waits, and when a held message will go. */
  detail: z.string().nullable(),
  due_at: z.string().nullable(),
  /** Where it came from: the campaign's name, "Keyword answer", "Inbox". */
  origin: z.string().nullable(),
  user_name: z.string().nullable(),
});
export type ThreadItem = z.infer<typeof ThreadItem>;

export const ConversationThreadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200, "The limit may not be greater than 200.").default(50),
  /** Older items than the previous page's last (`meta.next_cursor`). */
  cursor,
});
export type ConversationThreadQuery = z.infer<typeof ConversationThreadQuery>;

export const ConversationThread = z.object({
  conversation: ConversationBrief.extend({
    /** The number a reply leaves from; null: none known, so no reply can be sent. */
    sender: z.string().nullable(),
    suppressed_reason: z.string().nullable(),
  }),
  /** Newest first; the page's next cursor reads older ones. */
  items: z.array(ThreadItem),
  meta: z.object({ per_page: z.number().int(), next_cursor: z.string().nullable() }),
});
export type ConversationThread = z.infer<typeof ConversationThread>;

export const AssignConversation = z.object({
  user_id: z.number({ error: "Choose a team member, or null to unassign." }).int().positive().max(2_147_483_647).nullable(),
});
export type AssignConversation = z.infer<typeof AssignConversation>;

/** An inbox reply: one SMS text (at most ten parts). */
export const ConversationReply = z.object({
  text: text({ error: "The text field is required." })
    .trim()
    .min(1, "The text field is required.")
    .max(1600, "The text may not be greater than 1600 characters."),
});
export type ConversationReply = z.infer<typeof ConversationReply>;

export const ConversationReplyResult = z.object({
  message: z.string(),
  item: ThreadItem,
});
export type ConversationReplyResult = z.infer<typeof ConversationReplyResult>;
