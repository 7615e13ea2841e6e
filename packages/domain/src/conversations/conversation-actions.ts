import type { ConversationBrief } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { conversationRow, requireMember, toBrief } from "./conversations.queries";

/*
 * What a person does to a thread: read it, give it to a member of the team, close it, open it again. Each is one
 * update of the team's own row (another team's thread is a 404) and answers the thread as the list shows it.
 */

async function update(db: DbOrTx, ctx: TeamCtx, id: number, set: SQL): Promise<ConversationBrief> {
  const moved = await one(
    db,
    sql`UPDATE conversations SET ${set}, updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`,
  );
  if (!moved) throw new AppError("conversation_not_found");
  return toBrief(await conversationRow(db, ctx, id));
}

export const markConversationRead = (db: DbOrTx, ctx: TeamCtx, id: number) =>
  update(db, ctx, id, sql`unread_count = 0, last_read_at = now()`);

export async function assignConversation(db: DbOrTx, ctx: TeamCtx, id: number, userId: number | null): Promise<ConversationBrief> {
  await conversationRow(db, ctx, id);
  if (userId !== null) await requireMember(db, ctx, userId);
  return update(db, ctx, id, sql`assigned_user_id = ${userId}`);
}

/** Closing reads it too: a closed thread waits for nothing, and leaves the badge. */
export const closeConversation = (db: DbOrTx, ctx: TeamCtx, id: number) =>
  update(db, ctx, id, sql`closed_at = coalesce(closed_at, now()), unread_count = 0, last_read_at = now()`);

export const reopenConversation = (db: DbOrTx, ctx: TeamCtx, id: number) => update(db, ctx, id, sql`closed_at = NULL`);

/**
 * The thread of a lead's phone (its first), made when the lead never replied: a reply then leaves from the number
 * that last texted the phone, as the thread's sender.
 */
export async function openLeadConversation(db: DbOrTx, ctx: TeamCtx, leadId: number): Promise<ConversationBrief> {
  const phone = await one<{ phone: string; lead: boolean }>(
    db,
    sql`SELECT p.phone, true AS lead FROM leads l LEFT JOIN lead_phones p ON p.team_id = l.team_id AND p.lead_id = l.id
        WHERE l.team_id = ${ctx.teamId} AND l.id = ${leadId} ORDER BY p.id NULLS LAST LIMIT 1`,
  );
  if (!phone) throw new AppError("lead_not_found");
  if (!phone.phone) throw new AppError("conversation_lead_no_phone");
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO conversations (team_id, phone, lead_id, last_activity_at, gateway_id, sender)
        SELECT ${ctx.teamId}, ${phone.phone}, ${leadId},
          coalesce((SELECT max(i.created_at) FROM inbound_messages i WHERE i.team_id = ${ctx.teamId} AND i.from_number = ${phone.phone}), now()),
          m.gateway_id, m.sender
        FROM (SELECT 1) one LEFT JOIN LATERAL (
          SELECT m.gateway_id, m.sender FROM campaign_messages m
          WHERE m.team_id = ${ctx.teamId} AND m.address = ${phone.phone} AND m.channel = 'sms' AND m.sender_kind = 'number'
            AND m.submitted_at IS NOT NULL
          ORDER BY m.submitted_at DESC, m.id DESC LIMIT 1) m ON true
        ON CONFLICT (team_id, phone) DO UPDATE SET lead_id = coalesce(conversations.lead_id, EXCLUDED.lead_id)
        RETURNING id::float8 AS id`,
  );
  return toBrief(await conversationRow(db, ctx, row!.id));
}
