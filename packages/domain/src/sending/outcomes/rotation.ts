import type { Gateway } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";
import { getGateway, ownGatewayRow } from "../../gateways";
import type { TeamCtx } from "../../shared/context";
import type { LivePublisher } from "../../shared/live";
import { type DbOrTx, intArray, one, rows, textArray } from "../../shared/rows";
import { replacementsOf, type SenderChoice } from "../plan/senders";

/*
 * Out of rotation (docs/sending.md, "Sender health"): a sender — or a whole gateway, `sender` null — that carriers
 * filter is paused for `PAUSE_HOURS`; its planned messages move to the campaign's healthy senders (a route group's
 * other senders first), the claim leaves what could not move waiting, and the teams whose messages it held are told. A
 * person puts it back from Integrations, which also forgets the outcomes that paused it.
 */

/** How long carriers' filtering keeps a sender or gateway out of rotation unless a person puts it back. */
export const PAUSE_HOURS = 24;

export interface RotationKey {
  gatewayId: number;
  /** null: the whole gateway. */
  sender: string | null;
}

/** Pauses `key`, moves its queue and tells the teams. */
export async function takeOutOfRotation(db: Db, live: LivePublisher | undefined, key: RotationKey, reason: string): Promise<void> {
  const until = sql`now() + make_interval(hours => ${PAUSE_HOURS})`;
  const teams = await db.transaction(async (tx) => {
    if (key.sender === null)
      await tx.execute(sql`UPDATE gateways SET paused_until = ${until}, paused_reason = ${reason} WHERE id = ${key.gatewayId}`);
    else
      await tx.execute(
        sql`INSERT INTO paused_senders (gateway_id, sender, reason, until) VALUES (${key.gatewayId}, ${key.sender}, ${reason}, ${until})
            ON CONFLICT (gateway_id, sender) DO UPDATE SET reason = excluded.reason, paused_at = now(), until = excluded.until`,
      );
    return moveQueue(tx, key);
  });
  const gateway = await one<{ name: string; team_id: number | null }>(
    db,
    sql`SELECT name, team_id FROM gateways WHERE id = ${key.gatewayId}`,
  );
  // The gateway's own team is told even with nothing queued; on a platform gateway, the teams whose messages it held.
  if (gateway?.team_id && !teams.some((t) => t.team_id === gateway.team_id)) teams.push({ team_id: gateway.team_id, moved: 0, waiting: 0 });
  const what = key.sender === null ? `The gateway "${gateway?.name ?? key.gatewayId}"` : `The sender ${key.sender}`;
  for (const t of teams) {
    const queue = [
      t.moved ? `${t.moved} queued messages moved to your other senders.` : "",
      t.waiting ? `${t.waiting} queued messages wait for it.` : "",
    ];
    await live
      ?.toTeam(t.team_id, "UserMessage", {
        message: [`${what} was taken out of rotation for ${PAUSE_HOURS} hours: ${reason}`, ...queue].filter(Boolean).join(" "),
        level: "warning",
      })
      .catch(() => {});
  }
}

/**
 * A person puts the team's gateway and its senders back in rotation (Integrations), their outcomes so far forgotten
 * so the next check starts afresh. A platform gateway is the platform's to manage (403); another team's is a 404.
 */
export async function putBackInRotation(db: Db, ctx: TeamCtx, gatewayId: number): Promise<{ message: string; data: Gateway }> {
  await ownGatewayRow(db, ctx, gatewayId);
  const wasOut = await db.transaction(async (tx) => {
    const gateway = await rows(
      tx,
      sql`UPDATE gateways SET paused_until = NULL, paused_reason = NULL WHERE id = ${gatewayId} AND paused_until > now() RETURNING id`,
    );
    const senders = await rows<{ current: boolean }>(
      tx,
      sql`DELETE FROM paused_senders WHERE gateway_id = ${gatewayId} RETURNING until > now() AS current`,
    );
    await tx.execute(sql`DELETE FROM sender_outcomes WHERE gateway_id = ${gatewayId}`);
    return gateway.length > 0 || senders.some((s) => s.current);
  });
  const message = wasOut ? RotationMessages.putBack : RotationMessages.wasIn;
  return { message, data: await getGateway(db, ctx, gatewayId) };
}

export const RotationMessages = {
  putBack: "The gateway and its senders are back in rotation.",
  wasIn: "The gateway and its senders were already in rotation.",
} as const;

interface TeamQueue {
  team_id: number;
  moved: number;
  waiting: number;
}

/**
 * The paused sender's (or gateway's, sender by sender) planned messages go to the campaign's replacements, each lead
 * to one drawn by its hash (sticky again); a campaign with none keeps them waiting. Answers, per team, how many moved
 * and how many wait.
 */
async function moveQueue(tx: DbOrTx, key: RotationKey): Promise<TeamQueue[]> {
  const sender = key.sender === null ? sql`` : sql`AND sender = ${key.sender}`;
  const queues = await rows<{ campaign_id: number; team_id: number; sender: string; n: number }>(
    tx,
    sql`SELECT campaign_id, team_id, sender, count(*)::int AS n FROM campaign_messages
        WHERE gateway_id = ${key.gatewayId} ${sender} AND state = 'planned' GROUP BY campaign_id, team_id, sender`,
  );
  type Campaign = Parameters<typeof replacementsOf>[1];
  const ids = [...new Set(queues.map((q) => q.campaign_id))];
  const campaigns = new Map(
    ids.length
      ? (await rows<Campaign & { id: number }>(tx, sql`SELECT * FROM campaigns WHERE id = ANY(${intArray(ids)})`)).map((c) => [c.id, c])
      : [],
  );
  const byTeam = new Map<number, TeamQueue>();
  for (const q of queues) {
    const campaign = campaigns.get(q.campaign_id);
    const to = campaign ? await replacementsOf(tx, campaign, { gatewayId: key.gatewayId, sender: q.sender }) : [];
    const moved = to.length ? await moveTo(tx, q.campaign_id, { gatewayId: key.gatewayId, sender: q.sender }, to) : 0;
    const team = byTeam.get(q.team_id) ?? { team_id: q.team_id, moved: 0, waiting: 0 };
    team.moved += moved;
    team.waiting += q.n - moved;
    byTeam.set(q.team_id, team);
  }
  return [...byTeam.values()];
}

async function moveTo(tx: DbOrTx, campaignId: number, from: { gatewayId: number; sender: string }, to: SenderChoice[]): Promise<number> {
  const pick = (values: SQL) => sql`(${values})[1 + mod(hashtext('lead:' || lead_id::text)::bigint + 2147483648, ${to.length})]`;
  const done = await rows(
    tx,
    sql`UPDATE campaign_messages SET gateway_id = ${pick(intArray(to.map((h) => h.gatewayId)))},
          sender = ${pick(textArray(to.map((h) => h.sender)))}, sender_kind = ${pick(textArray(to.map((h) => h.kind)))}, updated_at = now()
        WHERE campaign_id = ${campaignId} AND gateway_id = ${from.gatewayId} AND sender = ${from.sender} AND state = 'planned'
        RETURNING id`,
  );
  return done.length;
}
