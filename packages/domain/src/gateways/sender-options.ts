import { type GatewaySenderOptions, gatewayTypeInfo, senderOptionsOf } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, intArray, rows } from "../shared/rows";
import type { GatewayRow } from "./gateway-rows";
import { visibleTo } from "./gateway-rows";

type SenderOptionsRow = Pick<GatewayRow, "id" | "team_id" | "name" | "type" | "active" | "senders">;

const present = (g: SenderOptionsRow): GatewaySenderOptions => ({
  id: g.id,
  name: g.name,
  type: g.type,
  type_alias: gatewayTypeInfo("sms", g.type)?.label ?? g.type,
  active: g.active,
  default: g.team_id === null,
  ...senderOptionsOf(g.type, g.senders),
});

async function load(db: DbOrTx, ctx: TeamCtx, extra: SQL, lock: SQL = sql``): Promise<GatewaySenderOptions[]> {
  const found = await rows<SenderOptionsRow>(
    db,
    sql`SELECT g.id, g.team_id, g.name, g.type, g.active, g.senders FROM gateways g
        WHERE ${visibleTo(ctx.teamId)} AND g.kind = 'sms' AND g.active ${extra}
        ORDER BY g.team_id IS NOT NULL, lower(g.name), g.id ${lock}`,
  );
  return found.map(present);
}

/**
 * The SMS gateways a route or pool may send through (only active ones), the team's own and the
 * platform's defaults, each with the numbers (`from`) and provider-side pools (`pools`) it is configured with.
 */
export const smsSenderOptions = (db: DbOrTx, ctx: TeamCtx): Promise<GatewaySenderOptions[]> => load(db, ctx, sql``);

/**
 * The same for the gateways a save names, read with FOR KEY SHARE inside the save's transaction: a gateway delete
 * (which takes FOR UPDATE first) then waits for the save and sees the new route or pool, instead of the two
 * passing each other. Gateways that are missing, inactive, not SMS or another team's are simply not in the answer.
 */
export const lockedSmsSenderOptions = (db: DbOrTx, ctx: TeamCtx, ids: readonly number[]): Promise<GatewaySenderOptions[]> =>
  ids.length === 0 ? Promise.resolve([]) : load(db, ctx, sql`AND g.id = ANY(${intArray(ids)})`, sql`FOR KEY SHARE OF g`);
