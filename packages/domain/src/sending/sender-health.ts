import type { MessageState } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import type { LivePublisher } from "../shared/live";
import { type DbOrTx, intArray, rows, textArray } from "../shared/rows";
import { campaignSenders } from "./senders";

/*
 * Sender health (issue 16 §1): carriers filter a number that looks like spam, and every message after that is
 * wasted money. The applier counts each sender's final outcomes by hour; after each callback batch the senders it
 * touched are checked: one whose last two hours hold enough answers with too many blocked is taken out of rotation
 * for a while, its planned messages move to the campaign's other senders, and the team is told.
 */

export interface SenderKey {
  gatewayId: number;
  sender: string;
}

/** At least this many final answers in the window, and this share of them blocked by carriers. */
export const SenderHealth = { minOutcomes: 50, blockedShare: 0.3, windowHours: 2, pauseHours: 24 } as const;

const FINAL: Partial<Record<MessageState, "delivered" | "failed" | "blocked">> = {
  delivered: "delivered",
  failed: "failed",
  inactive: "failed",
  blocked: "blocked",
};

/** In the applier's transaction: each sender's newly final outcomes, added to its hour; answers the senders. */
export async function recordSenderOutcomes(
  tx: DbOrTx,
  moved: readonly { gateway_id: number | null; sender: string | null; state: MessageState; old_state: MessageState }[],
): Promise<SenderKey[]> {
  const sums = new Map<string, { key: SenderKey; delivered: number; failed: number; blocked: number }>();
  for (const m of moved) {
    const outcome = FINAL[m.state];
    // A row counts once: when it first reaches a provider's final word.
    if (!outcome || FINAL[m.old_state] || m.gateway_id === null || !m.sender) continue;
    const k = `${m.gateway_id}|${m.sender}`;
    const s = sums.get(k) ?? { key: { gatewayId: m.gateway_id, sender: m.sender }, delivered: 0, failed: 0, blocked: 0 };
    s[outcome]++;
    sums.set(k, s);
  }
  if (sums.size === 0) return [];
  const values = [...sums.values()]
    .sort((a, b) => a.key.gatewayId - b.key.gatewayId || a.key.sender.localeCompare(b.key.sender))
    .map((s) => sql`(${s.key.gatewayId}::int, ${s.key.sender}::text, ${s.delivered}::int, ${s.failed}::int, ${s.blocked}::int)`);
  await tx.execute(
    sql`INSERT INTO sender_outcomes (gateway_id, sender, hour, delivered, failed, blocked)
        SELECT v.gateway_id, v.sender, date_trunc('hour', now()), v.delivered, v.failed, v.blocked
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(gateway_id, sender, delivered, failed, blocked)
        ON CONFLICT (gateway_id, sender, hour) DO UPDATE SET delivered = sender_outcomes.delivered + excluded.delivered,
          failed = sender_outcomes.failed + excluded.failed, blocked = sender_outcomes.blocked + excluded.blocked`,
  );
  return [...sums.values()].map((s) => s.key);
}

/** Pauses the unhealthy senders among `senders`, moves their planned messages and tells the teams; answers the paused. */
export async function checkSenderHealth(db: Db, live: LivePublisher | undefined, senders: readonly SenderKey[]): Promise<SenderKey[]> {
  if (senders.length === 0) return [];
  const values = senders.map((s) => sql`(${s.gatewayId}::int, ${s.sender}::text)`);
  const unhealthy = await rows<{ gateway_id: number; sender: string; total: number; blocked: number }>(
    db,
    sql`SELECT o.gateway_id, o.sender, sum(o.delivered + o.failed + o.blocked)::int AS total, sum(o.blocked)::int AS blocked
        FROM sender_outcomes o JOIN (VALUES ${sql.join(values, sql`, `)}) AS k(gateway_id, sender)
          ON k.gateway_id = o.gateway_id AND k.sender = o.sender
        WHERE o.hour >= date_trunc('hour', now()) - make_interval(hours => ${SenderHealth.windowHours - 1})
          AND NOT EXISTS (SELECT 1 FROM paused_senders p WHERE p.gateway_id = o.gateway_id AND p.sender = o.sender AND p.until > now())
        GROUP BY o.gateway_id, o.sender
        HAVING sum(o.delivered + o.failed + o.blocked) >= ${SenderHealth.minOutcomes}
          AND sum(o.blocked) >= ${SenderHealth.blockedShare}::float8 * sum(o.delivered + o.failed + o.blocked)`,
  );
  const paused: SenderKey[] = [];
  for (const u of unhealthy) {
    const reason = `Carriers blocked ${Math.round((100 * u.blocked) / u.total)}% of its last ${u.total} messages.`;
    const teams = await db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO paused_senders (gateway_id, sender, reason, until)
            VALUES (${u.gateway_id}, ${u.sender}, ${reason}, now() + make_interval(hours => ${SenderHealth.pauseHours}))
            ON CONFLICT (gateway_id, sender) DO UPDATE SET reason = excluded.reason, paused_at = now(), until = excluded.until`,
      );
      return moveQueue(tx, { gatewayId: u.gateway_id, sender: u.sender });
    });
    paused.push({ gatewayId: u.gateway_id, sender: u.sender });
    for (const t of teams)
      await live
        ?.toTeam(t.team_id, "UserMessage", {
          message: `The sender ${u.sender} was taken out of rotation for ${SenderHealth.pauseHours} hours: ${reason} ${
            t.moved ? `${t.moved} queued messages moved to your other senders.` : "Its queued messages wait for it."
          }`,
          level: "warning",
        })
        .catch(() => {});
  }
  return paused;
}

/**
 * The paused sender's planned messages go to the campaign's other healthy senders, each lead to one drawn by its hash
 * (sticky again); a campaign with no other sender keeps them waiting. Answers the teams and how many moved.
 */
async function moveQueue(tx: DbOrTx, s: SenderKey): Promise<{ team_id: number; moved: number }[]> {
  const campaigns = await rows<{ campaign_id: number; team_id: number }>(
    tx,
    sql`SELECT DISTINCT campaign_id, team_id FROM campaign_messages WHERE gateway_id = ${s.gatewayId} AND sender = ${s.sender} AND state = 'planned'`,
  );
  const byTeam = new Map<number, number>();
  for (const c of campaigns) {
    const record = await rows<Parameters<typeof campaignSenders>[1]>(tx, sql`SELECT * FROM campaigns WHERE id = ${c.campaign_id}`);
    const healthy = record[0] ? (await campaignSenders(tx, record[0])).choices : [];
    let moved = 0;
    if (healthy.length) {
      const pick = (values: ReturnType<typeof sql>) =>
        sql`(${values})[1 + mod(hashtext('lead:' || lead_id::text)::bigint + 2147483648, ${healthy.length})]`;
      const done = await rows<{ id: number }>(
        tx,
        sql`UPDATE campaign_messages SET gateway_id = ${pick(intArray(healthy.map((h) => h.gatewayId)))},
              sender = ${pick(textArray(healthy.map((h) => h.sender)))}, sender_kind = ${pick(textArray(healthy.map((h) => h.kind)))},
              updated_at = now()
            WHERE campaign_id = ${c.campaign_id} AND gateway_id = ${s.gatewayId} AND sender = ${s.sender} AND state = 'planned'
            RETURNING id`,
      );
      moved = done.length;
    }
    byTeam.set(c.team_id, (byTeam.get(c.team_id) ?? 0) + moved);
  }
  return [...byTeam].map(([team_id, moved]) => ({ team_id, moved }));
}
