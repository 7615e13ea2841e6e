import { sql } from "drizzle-orm";
import { bigintArray, type DbOrTx } from "../../shared/rows";

/*
 * Welcome messages (step option `need_send_welcome_message`) are planned by the record step of the dispatcher that
 * sent the lead's first message of such a step, in its transaction; the inbound feature's system-message sender sends
 * them (inbound/welcome-messages.ts).
 */

/**
 * Plans the welcomes the accepted rows earn: set-based, one statement for the batch; a lead with a welcome for the
 * campaign (from this step, another step, or an earlier record) keeps the one it has.
 */
export async function planWelcomeMessages(tx: DbOrTx, acceptedIds: readonly number[]): Promise<void> {
  if (acceptedIds.length === 0) return;
  await tx.execute(
    sql`INSERT INTO welcome_messages (team_id, campaign_id, step_id, lead_id, gateway_id, to_number, short_code, message)
        SELECT DISTINCT ON (m.campaign_id, m.lead_id) m.team_id, m.campaign_id, m.step_id, m.lead_id, m.gateway_id, m.address,
          m.sender, s.options->>'welcome_message_text'
        FROM campaign_messages m JOIN campaign_steps s ON s.id = m.part_id
        WHERE m.id = ANY(${bigintArray(acceptedIds)}) AND m.channel = 'sms' AND m.gateway_id IS NOT NULL
          AND s.options->>'need_send_welcome_message' = 'true' AND btrim(coalesce(s.options->>'welcome_message_text', '')) <> ''
        ORDER BY m.campaign_id, m.lead_id, m.id
        ON CONFLICT (campaign_id, lead_id) DO NOTHING`,
  );
}
