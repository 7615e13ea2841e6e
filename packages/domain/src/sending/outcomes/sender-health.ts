import type { MessageState } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import type { LivePublisher } from "../../shared/live";
import { type DbOrTx, intArray, rows } from "../../shared/rows";
import { takeOutOfRotation } from "./rotation";

/*
 * Sender health (docs/sending.md): carriers filter a number that looks like spam, and every message after that is
 * wasted money. The applier counts each sender's final outcomes by hour; after each callback batch the senders it
 * touched are checked: one whose last two hours hold enough answers with too many blocked is taken out of rotation
 * for a while, its planned messages move to the campaign's other senders, and the team is told (rotation.ts). So is a
 * whole gateway whose senders are unhealthy together.
 */

export interface SenderKey {
  gatewayId: number;
  sender: string;
}

/**
 * At least this many final answers in the window, and this share of them blocked by carriers; a whole gateway at
 * `gatewayMinOutcomes` answers of its senders in rotation.
 */
export const SenderHealth = { minOutcomes: 50, blockedShare: 0.3, windowHours: 2, gatewayMinOutcomes: 200 } as const;

const FINAL: Partial<Record<MessageState, "delivered" | "failed" | "blocked">> = {
  delivered: "delivered",
  failed: "failed",
  inactive: "failed",
  blocked: "blocked",
};

/** In the applier's transaction: each sender's newly final outcomes, added to its hour; answers the senders. */
export async function recordSenderOutcomes(
  tx: DbOrTx,
  moved: readonly { gateway_id: number | null; channel?: string; sender: string | null; state: MessageState; old_state: MessageState }[],
): Promise<SenderKey[]> {
  const sums = new Map<string, { key: SenderKey; delivered: number; failed: number; blocked: number }>();
  for (const m of moved) {
    const outcome = FINAL[m.state];
    // A row counts once: when it first reaches a provider's final word.
    // Carriers filter numbers; an email's From (kept on its row as sent) is not a sender this health check rotates.
    if (!outcome || FINAL[m.old_state] || m.gateway_id === null || !m.sender || m.channel === "email") continue;
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

/** What a health check took out of rotation. */
export interface HealthVerdict {
  senders: SenderKey[];
  gateways: number[];
}

const blockedReason = (blocked: number, total: number) =>
  `Carriers blocked ${Math.round((100 * blocked) / total)}% of its last ${total} messages.`;

/** The outcomes in the health window of senders still in rotation. */
const inWindow = sql`o.hour >= date_trunc('hour', now()) - make_interval(hours => ${SenderHealth.windowHours - 1})
  AND NOT EXISTS (SELECT 1 FROM paused_senders p WHERE p.gateway_id = o.gateway_id AND p.sender = o.sender AND p.until > now())`;
const unhealthy = (minOutcomes: number) => sql`HAVING sum(o.delivered + o.failed + o.blocked) >= ${minOutcomes}
  AND sum(o.blocked) >= ${SenderHealth.blockedShare}::float8 * sum(o.delivered + o.failed + o.blocked)`;

/**
 * Takes the unhealthy among `senders` out of rotation, then their gateways whose senders still in rotation are
 * unhealthy together (carriers filtering the whole account, each number below the bar on its own); their planned
 * messages move and the teams are told.
 */
export async function checkSenderHealth(db: Db, live: LivePublisher | undefined, senders: readonly SenderKey[]): Promise<HealthVerdict> {
  if (senders.length === 0) return { senders: [], gateways: [] };
  const values = senders.map((s) => sql`(${s.gatewayId}::int, ${s.sender}::text)`);
  const badSenders = await rows<{ gateway_id: number; sender: string; total: number; blocked: number }>(
    db,
    sql`SELECT o.gateway_id, o.sender, sum(o.delivered + o.failed + o.blocked)::int AS total, sum(o.blocked)::int AS blocked
        FROM sender_outcomes o JOIN (VALUES ${sql.join(values, sql`, `)}) AS k(gateway_id, sender)
          ON k.gateway_id = o.gateway_id AND k.sender = o.sender
        WHERE ${inWindow}
        GROUP BY o.gateway_id, o.sender ${unhealthy(SenderHealth.minOutcomes)}`,
  );
  for (const u of badSenders)
    await takeOutOfRotation(db, live, { gatewayId: u.gateway_id, sender: u.sender }, blockedReason(u.blocked, u.total));
  const gatewayIds = [...new Set(senders.map((s) => s.gatewayId))];
  const badGateways = await rows<{ gateway_id: number; total: number; blocked: number }>(
    db,
    sql`SELECT o.gateway_id, sum(o.delivered + o.failed + o.blocked)::int AS total, sum(o.blocked)::int AS blocked
        FROM sender_outcomes o JOIN gateways g ON g.id = o.gateway_id AND (g.paused_until IS NULL OR g.paused_until <= now())
        WHERE o.gateway_id = ANY(${intArray(gatewayIds)}) AND ${inWindow}
        GROUP BY o.gateway_id ${unhealthy(SenderHealth.gatewayMinOutcomes)}`,
  );
  for (const u of badGateways)
    await takeOutOfRotation(db, live, { gatewayId: u.gateway_id, sender: null }, blockedReason(u.blocked, u.total));
  return {
    senders: badSenders.map((u) => ({ gatewayId: u.gateway_id, sender: u.sender })),
    gateways: badGateways.map((u) => u.gateway_id),
  };
}
