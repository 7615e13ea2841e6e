import { CampaignChannel, senderOptionsOf } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { CampaignRecord } from "../../campaigns";
import { carrierGroupFor, carrierGroupRules } from "../../routing";
import { type DbOrTx, one, rows } from "../../shared/rows";

/*
 * Who a campaign's messages go out from (docs/sending.md): a gateway's numbers (or the messaging service the
 * campaign names), a pool's senders, or a route — its default sender, and one per carrier group. A lead keeps the
 * sender it drew (sticky: the choice is a hash of the lead), so a conversation stays on one number.
 */

/** One place a message can leave from: a gateway and its number, alpha id or provider-side pool. */
export interface SenderChoice {
  gatewayId: number;
  /** The number or pool id; "" for email, whose address the step names. */
  sender: string;
  kind: "number" | "pool";
}

/** A route's carrier-group sender and its frequency per minute, which is also its share of the group's leads. */
export interface RouteSender extends SenderChoice {
  weight: number;
}

export interface CampaignSenders {
  /** What a lead draws from (by hash); empty: nothing can send. */
  choices: SenderChoice[];
  /**
   * A route's senders per carrier group id (the planner moves matching leads onto them): a group with several splits
   * its leads between them by weight.
   */
  byGroup: Map<number, RouteSender[]>;
}

/**
 * A group's senders as `size` slots, each sender holding a share of them proportional to its weight (largest
 * remainder; all weights 0: equal shares), so a lead drawn by its hash into a slot lands on a sender with the
 * sender's share of the traffic, and always the same one. A sender whose share rounds to nothing keeps one slot.
 */
export function weightedSlots<T extends { weight: number }>(senders: readonly T[], size = 100): T[] {
  if (senders.length <= 1) return [...senders];
  const total = senders.reduce((sum, s) => sum + Math.max(0, s.weight), 0);
  const weights = senders.map((s) => (total > 0 ? Math.max(0, s.weight) : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w * size) / sum);
  const shares = exact.map((e, i) => (weights[i]! > 0 ? Math.max(1, Math.floor(e)) : 0));
  const byRemainder = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0, left = size - shares.reduce((a, b) => a + b, 0); left > 0; k = (k + 1) % byRemainder.length) {
    const { i } = byRemainder[k]!;
    if (weights[i]! > 0) {
      shares[i]!++;
      left--;
    }
  }
  return senders.flatMap((s, i) => Array.from({ length: shares[i]! }, () => s));
}

const none = (): CampaignSenders => ({ choices: [], byGroup: new Map() });
const kindOf = (senderType: string): SenderChoice["kind"] => (senderType === "pool" ? "pool" : "number");

/** The campaign's senders less those taken out of rotation, alone or with their gateway (sender health). */
export async function campaignSenders(db: DbOrTx, c: CampaignRecord & { team_id: number }): Promise<CampaignSenders> {
  const all = await allCampaignSenders(db, c);
  const paused = await rows<{ gateway_id: number; sender: string | null }>(
    db,
    sql`SELECT gateway_id, sender FROM paused_senders WHERE until > now()
        UNION ALL SELECT id, NULL FROM gateways WHERE paused_until > now()`,
  );
  if (paused.length === 0) return all;
  const isPaused = (s: SenderChoice) => paused.some((p) => p.gateway_id === s.gatewayId && (p.sender === null || p.sender === s.sender));
  const byGroup = new Map<number, RouteSender[]>();
  for (const [group, senders] of all.byGroup) {
    const healthy = senders.filter((s) => !isPaused(s));
    if (healthy.length) byGroup.set(group, healthy);
  }
  return { choices: all.choices.filter((s) => !isPaused(s)), byGroup };
}

/**
 * Where a paused sender's planned messages go: the healthy senders of the route groups it served, by their weights,
 * else the campaign's healthy senders.
 */
export async function replacementsOf(db: DbOrTx, c: CampaignRecord & { team_id: number }, paused: SenderKeyOf): Promise<SenderChoice[]> {
  const [all, healthy] = [await allCampaignSenders(db, c), await campaignSenders(db, c)];
  const groups = [...all.byGroup].filter(([, g]) => g.some((s) => s.gatewayId === paused.gatewayId && s.sender === paused.sender));
  const siblings = groups.flatMap(([id]) => healthy.byGroup.get(id) ?? []);
  return siblings.length ? weightedSlots(siblings) : healthy.choices;
}

type SenderKeyOf = Pick<SenderChoice, "gatewayId" | "sender">;

async function allCampaignSenders(db: DbOrTx, c: CampaignRecord & { team_id: number }): Promise<CampaignSenders> {
  if (CampaignChannel[c.type] === "email")
    return c.gateway_id === null ? none() : { choices: [{ gatewayId: c.gateway_id, sender: "", kind: "number" }], byGroup: new Map() };
  if (c.sender_type === "gateway") {
    const gw = await one<{ id: number; type: string; senders: object }>(
      db,
      sql`SELECT id, type, senders FROM gateways
          WHERE id = ${c.gateway_id ?? -1} AND (team_id = ${c.team_id} OR team_id IS NULL) AND kind = 'sms' AND active`,
    );
    if (!gw) return none();
    // A messaging service chosen on the campaign lets the provider pick the number.
    if (c.ms_sid) return { choices: [{ gatewayId: gw.id, sender: c.ms_sid, kind: "pool" }], byGroup: new Map() };
    const numbers = senderOptionsOf(gw.type, gw.senders).from.map((o) => ({ gatewayId: gw.id, sender: o.key, kind: "number" as const }));
    return { choices: numbers, byGroup: new Map() };
  }
  if (c.sender_type === "pool") {
    const senders = await rows<{ gateway_id: number; sender_type: string; sender: string }>(
      db,
      sql`SELECT s.gateway_id, s.sender_type, s.sender FROM campaign_pool_senders s JOIN gateways g ON g.id = s.gateway_id AND g.active
          WHERE s.team_id = ${c.team_id} AND s.pool_id = ${c.pool_id ?? -1} ORDER BY s.id`,
    );
    return {
      choices: senders.map((s) => ({ gatewayId: s.gateway_id, sender: s.sender, kind: kindOf(s.sender_type) })),
      byGroup: new Map(),
    };
  }
  const route = await one<{ gateway_id: number; sender_type: string; sender: string }>(
    db,
    sql`SELECT r.gateway_id, r.sender_type, r.sender FROM campaign_routes r JOIN gateways g ON g.id = r.gateway_id AND g.active
        WHERE r.team_id = ${c.team_id} AND r.id = ${c.route_id ?? -1}`,
  );
  if (!route) return none();
  const groups = await rows<{ group_id: number; gateway_id: number; sender_type: string; sender: string; frequency: number }>(
    db,
    sql`SELECT rg.group_id, rg.gateway_id, rg.sender_type, rg.sender, rg.frequency FROM campaign_route_groups rg
          JOIN gateways g ON g.id = rg.gateway_id AND g.active
        WHERE rg.team_id = ${c.team_id} AND rg.route_id = ${c.route_id ?? -1} ORDER BY rg.id`,
  );
  const byGroup = new Map<number, RouteSender[]>();
  for (const g of groups)
    byGroup.set(g.group_id, [
      ...(byGroup.get(g.group_id) ?? []),
      { gatewayId: g.gateway_id, sender: g.sender, kind: kindOf(g.sender_type), weight: g.frequency },
    ]);
  return { choices: [{ gatewayId: route.gateway_id, sender: route.sender, kind: kindOf(route.sender_type) }], byGroup };
}

/** The carrier group of each distinct carrier name the planned rows hold (a route's second pass). */
export async function carrierGroupsOf(db: DbOrTx, names: readonly (string | null)[]): Promise<Map<string | null, number | null>> {
  const rules = await carrierGroupRules(db);
  return new Map(names.map((n) => [n, carrierGroupFor(n, rules)?.id ?? null]));
}
