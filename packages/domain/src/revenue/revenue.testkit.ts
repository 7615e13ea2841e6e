import { randomBytes } from "node:crypto";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { addRow, type Setup, setUp } from "../sending/testing";
import { one } from "../shared/rows";

/*
 * A sent message with its lead, and the hits the redirect service would have flushed for it, written with plain SQL
 * (the sender and the redirect service are other files' business): what postbacks and email events act on.
 */

export interface SentMessage {
  s: Setup;
  messageId: number;
  leadId: number;
  address: string;
  key: { stepId: number; partId: number };
}

/** A lead with one email (or phone) and a delivered message of a campaign of the team; `key` picks the step/part. */
export async function sentMessage(
  db: Db,
  teamId: number,
  opts: { channel?: "sms" | "email"; key?: number; s?: Setup } = {},
): Promise<SentMessage> {
  const s = opts.s ?? (await setUp(db, teamId));
  const channel = opts.channel ?? "email";
  const row = await addRow(db, s, { channel, state: "delivered", key: opts.key ?? 0 });
  const lead = await one<{ id: number }>(db, sql`INSERT INTO leads (team_id, status) VALUES (${teamId}, 1) RETURNING id::float8 AS id`);
  const table =
    channel === "email" ? sql`lead_emails (team_id, lead_id, email, status)` : sql`lead_phones (team_id, lead_id, phone, status)`;
  await db.execute(sql`INSERT INTO ${table} VALUES (${teamId}, ${lead!.id}, ${row.address}, ${channel === "email" ? 2 : 1})`);
  await db.execute(sql`UPDATE campaign_messages SET lead_id = ${lead!.id} WHERE id = ${row.id}`);
  return { s, messageId: row.id, leadId: lead!.id, address: row.address, key: s.keys[opts.key ?? 0]! };
}

/** A click (or open) the redirect service flushed for the message; `reason` flags it. Answers its public hit id. */
export async function addHit(db: Db, m: SentMessage, opts: { reason?: string | null; kind?: "click" | "open"; hitId?: string } = {}) {
  const hitId = opts.hitId ?? randomBytes(8).toString("hex");
  await db.execute(
    sql`INSERT INTO message_hits (hit_id, kind, team_id, campaign_id, step_id, part_id, message_id, lead_id, reason)
        VALUES (${hitId}, ${opts.kind ?? "click"}, ${m.s.teamId}, ${m.s.campaignId}, ${m.key.stepId}, ${m.key.partId}, ${m.messageId},
                ${m.leadId}, ${opts.reason ?? null})`,
  );
  return hitId;
}

export const newHitId = () => randomBytes(8).toString("hex");

export interface Money {
  revenue: number;
  conversations: number;
  revenue_by_bot: number;
  revenue_by_expired: number;
  revenue_by_state_filter: number;
}

/** The campaign's money counters at one step and part, all days. */
export async function moneyAt(db: Db, campaignId: number, key: { stepId: number; partId: number }): Promise<Money> {
  return (await one<Money>(
    db,
    sql`SELECT coalesce(sum(revenue), 0)::float8 AS revenue, coalesce(sum(conversations), 0)::int AS conversations,
          coalesce(sum(revenue_by_bot), 0)::float8 AS revenue_by_bot, coalesce(sum(revenue_by_expired), 0)::float8 AS revenue_by_expired,
          coalesce(sum(revenue_by_state_filter), 0)::float8 AS revenue_by_state_filter
        FROM campaign_counters WHERE campaign_id = ${campaignId} AND step_id = ${key.stepId} AND part_id = ${key.partId}`,
  ))!;
}
