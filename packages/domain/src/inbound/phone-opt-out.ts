import { type PhoneStatus, PhoneStatuses, PhoneStatusLabels, type SuppressionReason } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../campaigns";
import { liftReplyOptOuts, suppress } from "../sending";
import { type DbOrTx, rows } from "../shared/rows";

/*
 * What a STOP (or a fuzzy opt-out) writes, and what a START takes back, in the webhook's own transaction (opt-out wins:
 * the opt-out is committed before the webhook answers). The dispatcher's claim reads the suppression and the phone's
 * status; the rows it cannot see any more — planned or claimed but not yet `submitting` — are cancelled here, and its
 * pre-call check (sending/suppressions) holds back the `submitting` ones not handed to the provider yet.
 */

/** What wrote the opt-out: a STOP word, other words that mean it, or a team keyword whose action unsubscribes. */
export type OptOutReason = Extract<SuppressionReason, "stop" | "fuzzy_stop" | "keyword">;

export interface OptedOut {
  /** The suppression is new (the phone was not suppressed before). */
  suppressed: boolean;
  /** Rows of the address cancelled. */
  cancelled: number;
}

/** Suppresses `phone` team-wide, marks the team's lead phones Unsubscribed and cancels the address's open rows. */
export async function optOutPhone(
  tx: DbOrTx,
  teamId: number,
  phone: string,
  reason: OptOutReason,
  campaignId: number | null,
): Promise<OptedOut> {
  const inserted = await suppress(tx, [{ teamId, channel: "sms", address: phone, reason, campaignId }]);
  await setPhoneStatus(tx, teamId, phone, PhoneStatuses.unsubscribed, "unsubscribe");
  // `claimed` rows are not sent: the dispatcher marks a row `submitting` only while it is still `claimed` by it.
  const cancelled = await rows<{ campaign_id: number; step_id: number; part_id: number }>(
    tx,
    sql`UPDATE campaign_messages SET state = 'cancelled', reason = 'unsubscribed', claimed_by = NULL, updated_at = now()
        WHERE team_id = ${teamId} AND address = ${phone} AND channel = 'sms' AND state IN ('planned', 'claimed')
        RETURNING campaign_id, step_id, part_id`,
  );
  const counters = new CounterBatch();
  const day = utcDay();
  for (const r of cancelled) {
    const key = { teamId, campaignId: r.campaign_id, stepId: r.step_id, partId: r.part_id, day };
    counters.add(key, "processed").add(key, "cancelled");
  }
  await counters.write(tx);
  return { suppressed: inserted.size > 0, cancelled: cancelled.length };
}

/**
 * START: lifts the suppressions replies wrote (not a complaint's, a provider's or a person's) and the phone's
 * Unsubscribed status. Answers whether anything was lifted.
 */
export async function optInPhone(tx: DbOrTx, teamId: number, phone: string): Promise<boolean> {
  const lifted = await liftReplyOptOuts(tx, teamId, phone);
  const phones = await setPhoneStatus(tx, teamId, phone, PhoneStatuses.subscribed, "resubscribe");
  return lifted || phones > 0;
}

const labels = JSON.stringify(PhoneStatusLabels);

/**
 * Moves the team's lead phones of `phone` to `status` (START only from Unsubscribed: a DNC or blacklisted phone stays
 * so) and logs it on each lead's timeline with the status labels, which the lead page's Unsubscribed filter reads.
 */
async function setPhoneStatus(tx: DbOrTx, teamId: number, phone: string, status: PhoneStatus, action: string): Promise<number> {
  const from = status === PhoneStatuses.subscribed ? sql`status = ${PhoneStatuses.unsubscribed}` : sql`status <> ${status}`;
  const changed = await rows<{ lead_id: number }>(
    tx,
    sql`WITH old AS (SELECT lead_id, status FROM lead_phones WHERE team_id = ${teamId} AND phone = ${phone} AND ${from} FOR UPDATE),
        upd AS (UPDATE lead_phones p SET status = ${status}, unsubscribed = ${status === PhoneStatuses.unsubscribed}, updated_at = now()
          FROM old WHERE p.team_id = ${teamId} AND p.phone = ${phone} RETURNING p.lead_id)
        INSERT INTO lead_logs (team_id, lead_id, type, action, diff)
        SELECT ${teamId}, old.lead_id, 'reply', ${action},
          jsonb_build_array(jsonb_build_object('lead_attribute_name', 'Phone status', 'lead_attribute_value', ${phone}::text,
            'action', 'updated', 'value_from', ${labels}::jsonb ->> old.status::text, 'value_to', ${labels}::jsonb ->> ${String(status)}))
        FROM old JOIN upd ON upd.lead_id = old.lead_id
        RETURNING lead_id`,
  );
  return changed.length;
}
