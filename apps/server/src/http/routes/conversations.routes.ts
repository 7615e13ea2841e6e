import {
  AssignConversation,
  ConversationBrief,
  ConversationPage,
  ConversationReply,
  ConversationReplyResult,
  ConversationThread,
  ConversationThreadQuery,
  ConversationUnread,
  IdParam,
  ListConversationsQuery,
} from "@leadflow/contracts";
import {
  assignConversation,
  closeConversation,
  conversationUnread,
  getConversation,
  listConversations,
  markConversationRead,
  openLeadConversation,
  type ReplyEnv,
  reopenConversation,
  replyToConversation,
  type TeamCtx,
  wakeDispatchers,
} from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../types";

const tags = ["Conversations"];
const OpenConversation = z.object({
  lead_id: z.number({ error: "The lead_id field is required." }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The two-way inbox (docs/conversations.md): the team's threads, one per phone, and replies through the one door. */
export async function conversationsRoutes(app: App, { database, jobs, live }: AppDeps) {
  const db = database.db;
  const env: ReplyEnv = { wake: (gatewayId) => wakeDispatchers(jobs, [gatewayId]) };
  /** Every member's inbox and badge move with the thread (after the change committed). */
  const told = <T>(ctx: TeamCtx, id: number, answer: T): T => {
    void live.toTeam(ctx.teamId, "ConversationActivity", { conversation_id: id }).catch(() => undefined);
    return answer;
  };

  app.get(
    "/api/conversations",
    {
      schema: {
        tags,
        summary: "The team's threads, newest activity first",
        querystring: ListConversationsQuery,
        response: { 200: ConversationPage },
      },
    },
    (req) => listConversations(db, req.auth, req.query),
  );
  app.get(
    "/api/conversations/unread",
    { schema: { tags, summary: "Open threads with unread replies (the menu's badge)", response: { 200: ConversationUnread } } },
    (req) => conversationUnread(db, req.auth),
  );
  app.post(
    "/api/conversations",
    {
      schema: {
        tags,
        summary: "The thread of a lead's phone, made if it has none yet",
        body: OpenConversation,
        response: { 200: ConversationBrief },
      },
    },
    (req) => openLeadConversation(db, req.auth, req.body.lead_id),
  );
  app.get(
    "/api/conversations/:id",
    {
      schema: {
        tags,
        summary: "A thread: its messages and events, newest first",
        params: IdParam,
        querystring: ConversationThreadQuery,
        response: { 200: ConversationThread },
      },
    },
    (req) => getConversation(db, req.auth, req.params.id, req.query),
  );
  app.post(
    "/api/conversations/:id/read",
    { schema: { tags, summary: "Mark a thread read", params: IdParam, response: { 200: ConversationBrief } } },
    async (req) => told(req.auth, req.params.id, await markConversationRead(db, req.auth, req.params.id)),
  );
  app.post(
    "/api/conversations/:id/assign",
    {
      schema: {
        tags,
        summary: "Assign a thread to a member of the team (null: nobody)",
        params: IdParam,
        body: AssignConversation,
        response: { 200: ConversationBrief },
      },
    },
    async (req) => told(req.auth, req.params.id, await assignConversation(db, req.auth, req.params.id, req.body.user_id)),
  );
  app.post(
    "/api/conversations/:id/close",
    { schema: { tags, summary: "Close a thread (a new reply opens it again)", params: IdParam, response: { 200: ConversationBrief } } },
    async (req) => told(req.auth, req.params.id, await closeConversation(db, req.auth, req.params.id)),
  );
  app.post(
    "/api/conversations/:id/reopen",
    { schema: { tags, summary: "Open a closed thread again", params: IdParam, response: { 200: ConversationBrief } } },
    async (req) => told(req.auth, req.params.id, await reopenConversation(db, req.auth, req.params.id)),
  );
  app.post(
    "/api/conversations/:id/reply",
    {
      schema: {
        tags,
        summary: "Reply to a thread: sent by the gateway's dispatcher after the whole gate (held in quiet hours)",
        params: IdParam,
        body: ConversationReply,
        response: { 200: ConversationReplyResult },
      },
    },
    async (req) => {
      const result = await replyToConversation(db, req.auth, req.params.id, req.body, env);
      void live.toTeam(req.auth.teamId, "ConversationActivity", { conversation_id: req.params.id }).catch(() => undefined);
      return result;
    },
  );
}
