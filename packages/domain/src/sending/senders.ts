import { CampaignChannel, senderOptionsOf } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { CampaignRecord } from "../campaigns";
import { carrierGroupFor, carrierGroupRules } from "../routing";
import { type DbOrTx, one, rows } from "../shared/rows";

/*
 * Who a campaign's messages go out from (CAMPAIGNS.md §1 Sender): a gateway's numbers (or the messaging service the
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

export interface CampaignSenders {
  /** What a lead draws from (by hash); empty: nothing can send. */
  choices: SenderChoice[];
  /** A route's per-carrier-group senders, by carrier group id (the planner moves matching leads onto them). */
  byGroup: Map<number, SenderChoice>;
}

const none = (): CampaignSenders => ({ choices: [], byGroup: new Map() });
const kindOf = (senderType: string): SenderChoice["kind"] => (senderType === "pool" ? "pool" : "number");

/** The campaign's senders less those taken out of rotation (sender health). */
export async function campaignSenders(db: DbOrTx, c: CampaignRecord & { team_id: number }): Promise<CampaignSenders> {
  const all = await allCampaignSenders(db, c);
  const paused = await rows<{ gateway_id: number; sender: string }>(
    db,
    sql`SELECT gateway_id, sender FROM paused_senders WHERE until > now()`,
  );
  if (paused.length === 0) return all;
  const isPaused = (s: SenderChoice) => paused.some((p) => p.gateway_id === s.gatewayId && p.sender === s.sender);
  return {
    choices: all.choices.filter((s) => !isPaused(s)),
    byGroup: new Map([...all.byGroup].filter(([, s]) => !isPaused(s))),
  };
}

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
  const groups = await rows<{ group_id: number; gateway_id: number; sender_type: string; sender: string }>(
    db,
    sql`SELECT rg.group_id, rg.gateway_id, rg.sender_type, rg.sender FROM campaign_route_groups rg
          JOIN gateways g ON g.id = rg.gateway_id AND g.active
        WHERE rg.team_id = ${c.team_id} AND rg.route_id = ${c.route_id ?? -1}`,
  );
  return {
    choices: [{ gatewayId: route.gateway_id, sender: route.sender, kind: kindOf(route.sender_type) }],
    byGroup: new Map(groups.map((g) => [g.group_id, { gatewayId: g.gateway_id, sender: g.sender, kind: kindOf(g.sender_type) }])),
  };
}

/** The carrier group of each distinct carrier name the planned rows hold (a route's second pass). */
export async function carrierGroupsOf(db: DbOrTx, names: readonly (string | null)[]): Promise<Map<string | null, number | null>> {
  const rules = await carrierGroupRules(db);
  return new Map(names.map((n) => [n, carrierGroupFor(n, rules)?.id ?? null]));
}
