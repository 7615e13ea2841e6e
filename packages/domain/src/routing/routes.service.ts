import {
  type CampaignRoute,
  type CampaignRouteList,
  DuplicateGroupSender,
  estimatedFrequency,
  type RouteGroup,
  RoutingLimits,
  type SaveRoute,
  type SenderType,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { pageMeta } from "../shared/paging";
import { type DbOrTx, intArray, iso, one, rows } from "../shared/rows";
import { carrierGroupRules } from "./carrier-groups";
import { deleteRoutingRow, lockForCreate, lockForUpdate, type RoutingTable } from "./routing-rows";
import { type CheckedSender, FieldErrors, senderChecker } from "./sender-check";

const Routes = {
  table: "campaign_routes",
  limit: RoutingLimits.routes,
  full: "route_limit_reached",
  notFound: "route_not_found",
} as const satisfies RoutingTable;

interface SenderColumns {
  gateway_id: number;
  gateway_name: string;
  sender_type: SenderType;
  sender: string;
  sender_name: string;
  frequency: number;
}
type RouteRow = SenderColumns & { id: number; name: string; created_at: string; updated_at: string };
type GroupRow = SenderColumns & { id: number; route_id: number; group_id: number; group_name: string };

async function loadRoutes(db: DbOrTx, ctx: TeamCtx, only: SQL = sql``): Promise<CampaignRoute[]> {
  const found = await rows<RouteRow>(
    db,
    sql`SELECT r.id, r.name, r.gateway_id, g.name AS gateway_name, r.sender_type, r.sender, r.sender_name, r.frequency,
          r.created_at, r.updated_at
        FROM campaign_routes r JOIN gateways g ON g.id = r.gateway_id
        WHERE r.team_id = ${ctx.teamId} ${only}
        ORDER BY r.id LIMIT ${RoutingLimits.routes}`,
  );
  if (found.length === 0) return [];
  const groups = await rows<GroupRow>(
    db,
    sql`SELECT rg.id, rg.route_id, rg.group_id, cg.name AS group_name, rg.gateway_id, g.name AS gateway_name, rg.sender_type,
          rg.sender, rg.sender_name, rg.frequency
        FROM campaign_route_groups rg
        JOIN carrier_groups cg ON cg.id = rg.group_id
        JOIN gateways g ON g.id = rg.gateway_id
        WHERE rg.team_id = ${ctx.teamId} AND rg.route_id = ANY(${intArray(found.map((r) => r.id))})
        ORDER BY cg.sort_order, rg.id`,
  );
  return found.map((r) => {
    const own: RouteGroup[] = groups
      .filter((g) => g.route_id === r.id)
      .map(({ route_id: _, group_name, ...g }) => ({ ...g, group: { id: g.group_id, name: group_name } }));
    const { gateway_id, gateway_name, sender_type, sender, sender_name, frequency } = r;
    const route = { default: { gateway_id, gateway_name, sender_type, sender, sender_name, frequency }, groups: own };
    return {
      id: r.id,
      name: r.name,
      ...route,
      estimated_frequency: estimatedFrequency(route),
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    };
  });
}

/** Every route of the team (at most 100), without paging (docs/product/audiences-lookups-settings.md). */
export async function listRoutes(db: DbOrTx, ctx: TeamCtx): Promise<CampaignRouteList> {
  const data = await loadRoutes(db, ctx);
  return { data, meta: pageMeta(data.length, 1, RoutingLimits.routes) };
}

export async function getRoute(db: DbOrTx, ctx: TeamCtx, id: number): Promise<CampaignRoute> {
  const [route] = await loadRoutes(db, ctx, sql`AND r.id = ${id}`);
  if (!route) throw new AppError("route_not_found");
  return route;
}

type CheckedRoute = {
  name: string;
  default: CheckedSender & { frequency: number };
  groups: (CheckedSender & { frequency: number; group_id: number })[];
};

/**
 * Every gateway and sender against the team's gateways, each carrier group real, and no sender twice in a group (a
 * group with several senders splits its leads between them by their frequencies).
 */
async function checkRoute(tx: DbOrTx, ctx: TeamCtx, input: SaveRoute): Promise<CheckedRoute> {
  const errors = new FieldErrors();
  const check = await senderChecker(tx, ctx, [input.default, ...input.groups]);
  const groupIds = new Set((await carrierGroupRules(tx)).map((g) => g.id));
  const fallback = check(input.default, "default", errors);
  const seen = new Set<string>();
  const groups = input.groups.map((g, i) => {
    const key = `${g.group_id}|${g.gateway_id}|${g.sender}`;
    if (!groupIds.has(g.group_id)) errors.add(`groups.${i}.group_id`, "The selected carrier group is invalid.");
    else if (seen.has(key)) errors.add(`groups.${i}.sender`, DuplicateGroupSender);
    seen.add(key);
    const sender = check(g, `groups.${i}`, errors);
    return sender && { ...sender, frequency: g.frequency, group_id: g.group_id };
  });
  errors.throwIfAny();
  return { name: input.name, default: { ...fallback!, frequency: input.default.frequency }, groups: groups.map((g) => g!) };
}

async function insertGroups(tx: DbOrTx, ctx: TeamCtx, routeId: number, groups: CheckedRoute["groups"]): Promise<void> {
  for (const g of groups) {
    await tx.execute(
      sql`INSERT INTO campaign_route_groups (team_id, route_id, group_id, gateway_id, sender_type, sender, sender_name, frequency)
          VALUES (${ctx.teamId}, ${routeId}, ${g.group_id}, ${g.gateway_id}, ${g.sender_type}, ${g.sender}, ${g.sender_name}, ${g.frequency})`,
    );
  }
}

export async function createRoute(db: DbOrTx, ctx: TeamCtx, input: SaveRoute): Promise<CampaignRoute> {
  const id = await db.transaction(async (tx) => {
    await lockForCreate(tx, ctx, Routes);
    const v = await checkRoute(tx, ctx, input);
    const d = v.default;
    const row = await one<{ id: number }>(
      tx,
      sql`INSERT INTO campaign_routes (team_id, name, gateway_id, sender_type, sender, sender_name, frequency)
          VALUES (${ctx.teamId}, ${v.name}, ${d.gateway_id}, ${d.sender_type}, ${d.sender}, ${d.sender_name}, ${d.frequency})
          RETURNING id`,
    );
    await insertGroups(tx, ctx, row!.id, v.groups);
    return row!.id;
  });
  return getRoute(db, ctx, id);
}

/** Replaces the name, the default and every group in one transaction. */
export async function updateRoute(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveRoute): Promise<CampaignRoute> {
  await db.transaction(async (tx) => {
    await lockForUpdate(tx, ctx, Routes, id);
    const v = await checkRoute(tx, ctx, input);
    const d = v.default;
    await tx.execute(
      sql`UPDATE campaign_routes SET name = ${v.name}, gateway_id = ${d.gateway_id}, sender_type = ${d.sender_type}, sender = ${d.sender},
            sender_name = ${d.sender_name}, frequency = ${d.frequency}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id}`,
    );
    await tx.execute(sql`DELETE FROM campaign_route_groups WHERE team_id = ${ctx.teamId} AND route_id = ${id}`);
    await insertGroups(tx, ctx, id, v.groups);
  });
  return getRoute(db, ctx, id);
}

/** Its groups go with it (ON DELETE CASCADE). */
export function deleteRoute(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  return deleteRoutingRow(db, ctx, Routes, id);
}
