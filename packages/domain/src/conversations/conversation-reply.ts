import {
  type ConversationReply,
  type ConversationReplyResult,
  type SuppressionReason,
  SuppressionReasons,
  smsLength,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { quietHoursText, replyRecipient, replyWindow } from "../sending";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { replyItem } from "./conversation-thread";
import { touchOnReply } from "./conversation-touch";
import { conversationRow } from "./conversations.queries";

/*
 * A reply typed in the inbox (docs/conversations.md): refused at once to a phone on the suppression list, written as a
 * `conversation_replies` row — held to the recipient's window when it is closed, saying why and when — and sent by
 * the gateway's dispatcher (the lane's `reply` kind), which passes it through the whole gate again. The request wakes
 * the dispatcher and waits a few seconds for the provider's answer, so the sender sees "Sent" at once in the usual case.
 */

export interface ReplyEnv {
  wake(gatewayId: number): Promise<void>;
  /** How long the request waits for the provider's answer (default 10 s; the thread shows the outcome later anyway). */
  waitMs?: number;
}

const WAIT_MS = 10_000;
const POLL_MS = 100;

interface Sender {
  gateway_id: number;
  sender: string;
  sender_kind: "number" | "pool";
  active: boolean;
  time_zone: string | null;
  us_state: string | null;
  country: string | null;
}

/** The thread's sender (the number the phone last texted), else the last number a campaign texted it from. */
async function senderOf(db: DbOrTx, ctx: TeamCtx, phone: string, gatewayId: number | null, sender: string | null): Promise<Sender> {
  const found = await one<Sender>(
    db,
    sql`SELECT s.gateway_id, s.sender, s.sender_kind, coalesce(g.active, false) AS active, p.time_zone, p.us_state, p.country
        FROM (SELECT ${gatewayId}::int AS gateway_id, ${sender}::text AS sender, 'number' AS sender_kind WHERE ${gatewayId}::int IS NOT NULL
              UNION ALL (SELECT m.gateway_id, m.sender, coalesce(m.sender_kind, 'number') FROM campaign_messages m
                WHERE m.team_id = ${ctx.teamId} AND m.address = ${phone} AND m.channel = 'sms' AND m.submitted_at IS NOT NULL
                  AND m.gateway_id IS NOT NULL AND m.sender IS NOT NULL
                ORDER BY m.submitted_at DESC, m.id DESC LIMIT 1)
              LIMIT 1) s
        LEFT JOIN gateways g ON g.id = s.gateway_id AND (g.team_id = ${ctx.teamId} OR g.team_id IS NULL) AND g.kind = 'sms'
        LEFT JOIN LATERAL (SELECT m.time_zone, m.us_state, m.country FROM campaign_messages m
          WHERE m.team_id = ${ctx.teamId} AND m.address = ${phone} AND m.channel = 'sms' AND (m.time_zone IS NOT NULL OR m.us_state IS NOT NULL)
          ORDER BY m.id DESC LIMIT 1) p ON true`,
  );
  if (!found) throw new AppError("conversation_no_sender");
  if (!found.active) throw new AppError("conversation_sender_inactive");
  return found;
}

/** A phone on the suppression list gets nothing: refused now, saying why and since when. */
async function refuseSuppressed(db: DbOrTx, ctx: TeamCtx, phone: string): Promise<void> {
  const s = await one<{ reason: SuppressionReason; created_at: string }>(
    db,
    sql`SELECT reason, created_at::text AS created_at FROM suppressions WHERE team_id = ${ctx.teamId} AND channel = 'sms' AND address = ${phone}`,
  );
  if (!s) return;
  const since = new Date(s.created_at).toISOString().slice(0, 10);
  const why = (SuppressionReasons[s.reason] ?? s.reason).toLowerCase();
  throw new AppError("conversation_suppressed", `${phone} opted out (${why}, ${since}): Leadflow sends it nothing until it texts START.`);
}

export async function replyToConversation(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  input: ConversationReply,
  env: ReplyEnv,
): Promise<ConversationReplyResult> {
  const c = await conversationRow(db, ctx, id);
  await refuseSuppressed(db, ctx, c.phone);
  const from = await senderOf(db, ctx, c.phone, c.gateway_id, c.sender);
  const recipient = replyRecipient(c.phone, { timeZone: from.time_zone, state: from.us_state, country: from.country });
  const now = Date.now();
  const win = replyWindow(now, recipient);
  if (!win) throw new AppError("conversation_no_sender", "This phone has no allowed sending window: the reply cannot be sent.");
  const held = Date.parse(win.due) > now;
  const parts = Math.max(1, smsLength(input.text, { placeholders: false }).parts);
  const replyId = await db.transaction(async (tx) => {
    const row = await one<{ id: number }>(
      tx,
      sql`INSERT INTO conversation_replies (team_id, conversation_id, user_id, lead_id, gateway_id, to_number, from_number, sender_kind,
            body, parts, due_at, not_after, time_zone, us_state, country, held_reason)
          VALUES (${ctx.teamId}, ${c.id}, ${ctx.userId}, ${c.lead_id}, ${from.gateway_id}, ${c.phone}, ${from.sender}, ${from.sender_kind},
            ${input.text}, ${parts}, ${win.due}::timestamptz, ${win.notAfter === "infinity" ? null : win.notAfter}::timestamptz,
            ${recipient.timeZone}, ${recipient.state}, ${recipient.country ?? null}, ${held ? quietHoursText(recipient) : null})
          RETURNING id::float8 AS id`,
    );
    await touchOnReply(tx, ctx.teamId, c.id);
    return row!.id;
  });
  if (held) {
    const at = new Date(win.due).toUTCString();
    return { message: `Held for quiet hours: the reply goes at ${at}.`, item: await replyItem(db, ctx, c.id, replyId) };
  }
  await env.wake(from.gateway_id);
  return waitForOutcome(db, ctx, c.id, replyId, env.waitMs ?? WAIT_MS);
}

/** Polls the row until the provider answered or the wait is over; the reply goes on either way. */
async function waitForOutcome(db: DbOrTx, ctx: TeamCtx, conversationId: number, replyId: number, waitMs: number) {
  const end = Date.now() + waitMs;
  for (;;) {
    const item = await replyItem(db, ctx, conversationId, replyId);
    if (item.status === "sent") return { message: "Reply sent.", item };
    if (item.status === "failed") return { message: `The reply was not sent: ${item.detail ?? "the provider refused it."}`, item };
    if (item.status === "maybe_sent") return { message: `The reply may not have been sent: ${item.detail ?? "no answer."}`, item };
    if (item.status === "held") return { message: "Held for quiet hours.", item };
    if (Date.now() >= end) return { message: "The reply is on its way.", item };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
