import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

/*
 * The thread's state, kept as messages move (docs/conversations.md): each write is one statement on the thread's row,
 * in the transaction of what moved it.
 */

export interface InboundTouch {
  teamId: number;
  phone: string;
  leadId: number | null;
  gatewayId: number;
  /** The number the reply was sent to: the inbox answers from it. */
  sender: string;
}

/**
 * A reply came in: the thread (made on the phone's first reply) moves to the top, counts one more unread, opens again
 * if it was closed, and will be answered from the number the phone just texted. Answers the thread's id.
 */
export async function touchOnInbound(tx: DbOrTx, r: InboundTouch): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    sql`INSERT INTO conversations (team_id, phone, lead_id, last_activity_at, last_inbound_at, unread_count, gateway_id, sender)
        VALUES (${r.teamId}, ${r.phone}, ${r.leadId}, now(), now(), 1, ${r.gatewayId}, ${r.sender})
        ON CONFLICT (team_id, phone) DO UPDATE SET lead_id = coalesce(EXCLUDED.lead_id, conversations.lead_id),
          last_activity_at = now(), last_inbound_at = now(), unread_count = conversations.unread_count + 1, closed_at = NULL,
          gateway_id = EXCLUDED.gateway_id, sender = EXCLUDED.sender, updated_at = now()
        RETURNING id::float8 AS id`,
  );
  return row!.id;
}

/** The team replied from the inbox: the thread moves to the top and counts as read (whoever answered has read it). */
export async function touchOnReply(tx: DbOrTx, teamId: number, conversationId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE conversations SET last_activity_at = now(), unread_count = 0, last_read_at = now(), updated_at = now()
        WHERE team_id = ${teamId} AND id = ${conversationId}`,
  );
}
