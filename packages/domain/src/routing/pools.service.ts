import { type CampaignPool, type CampaignPoolList, type PoolSender, RoutingLimits, type SavePool } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { pageMeta } from "../shared/paging";
import { type DbOrTx, intArray, iso, one, rows } from "../shared/rows";
import { deleteRoutingRow, lockForCreate, lockForUpdate, type RoutingTable } from "./routing-rows";
import { type CheckedSender, FieldErrors, senderChecker } from "./sender-check";

const Pools = {
  table: "campaign_pools",
  limit: RoutingLimits.pools,
  full: "pool_limit_reached",
  notFound: "pool_not_found",
} as const satisfies RoutingTable;

type PoolRow = { id: number; name: string; created_at: string; updated_at: string };
type SenderRow = PoolSender & { pool_id: number };

async function loadPools(db: DbOrTx, ctx: TeamCtx, only: SQL = sql``): Promise<CampaignPool[]> {
  const found = await rows<PoolRow>(
    db,
    sql`SELECT p.id, p.name, p.created_at, p.updated_at FROM campaign_pools p
        WHERE p.team_id = ${ctx.teamId} ${only} ORDER BY p.id LIMIT ${RoutingLimits.pools}`,
  );
  if (found.length === 0) return [];
  const senders = await rows<SenderRow>(
    db,
    sql`SELECT ps.id, ps.pool_id, ps.gateway_id, g.name AS gateway_name, ps.sender_type, ps.sender, ps.sender_name
        FROM campaign_pool_senders ps JOIN gateways g ON g.id = ps.gateway_id
        WHERE ps.team_id = ${ctx.teamId} AND ps.pool_id = ANY(${intArray(found.map((p) => p.id))})
        ORDER BY ps.id`,
  );
  return found.map((p) => ({
    id: p.id,
    name: p.name,
    senders: senders.filter((s) => s.pool_id === p.id).map(({ pool_id: _, ...s }) => s),
    created_at: iso(p.created_at)!,
    updated_at: iso(p.updated_at)!,
  }));
}

/** Every pool of the team (at most 100), without paging or search (docs/product/audiences-lookups-settings.md). */
export async function listPools(db: DbOrTx, ctx: TeamCtx): Promise<CampaignPoolList> {
  const data = await loadPools(db, ctx);
  return { data, meta: pageMeta(data.length, 1, RoutingLimits.pools) };
}

export async function getPool(db: DbOrTx, ctx: TeamCtx, id: number): Promise<CampaignPool> {
  const [pool] = await loadPools(db, ctx, sql`AND p.id = ${id}`);
  if (!pool) throw new AppError("pool_not_found");
  return pool;
}

/** Every sender one the team's gateways offer, and none twice (a lead sticks to one number: a repeat means nothing). */
async function checkPool(tx: DbOrTx, ctx: TeamCtx, input: SavePool): Promise<{ name: string; senders: CheckedSender[] }> {
  const errors = new FieldErrors();
  const check = await senderChecker(tx, ctx, input.senders);
  const seen = new Set<string>();
  const senders = input.senders.map((s, i) => {
    const key = JSON.stringify([s.gateway_id, s.sender_type, s.sender]);
    if (seen.has(key)) {
      errors.add(`senders.${i}.sender`, "This sender is already in the pool.");
      return null;
    }
    seen.add(key);
    return check(s, `senders.${i}`, errors);
  });
  errors.throwIfAny();
  return { name: input.name, senders: senders.filter((s): s is CheckedSender => s !== null) };
}

/**
 * Makes the pool's senders exactly these. A sender that stays keeps its row (and id), so what the engine keys a
 * lead's sticky number by survives a rename or another sender being added.
 */
async function replaceSenders(tx: DbOrTx, ctx: TeamCtx, poolId: number, senders: readonly CheckedSender[]): Promise<void> {
  const keep = JSON.stringify(senders.map(({ gateway_id, sender_type, sender }) => ({ gateway_id, sender_type, sender })));
  await tx.execute(
    sql`DELETE FROM campaign_pool_senders ps WHERE ps.team_id = ${ctx.teamId} AND ps.pool_id = ${poolId}
          AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${keep}::jsonb) AS k(gateway_id int, sender_type text, sender text)
                          WHERE k.gateway_id = ps.gateway_id AND k.sender_type = ps.sender_type AND k.sender = ps.sender)`,
  );
  for (const s of senders) {
    await tx.execute(
      sql`INSERT INTO campaign_pool_senders (team_id, pool_id, gateway_id, sender_type, sender, sender_name)
          VALUES (${ctx.teamId}, ${poolId}, ${s.gateway_id}, ${s.sender_type}, ${s.sender}, ${s.sender_name})
          ON CONFLICT (pool_id, gateway_id, sender_type, sender) DO UPDATE SET sender_name = EXCLUDED.sender_name`,
    );
  }
}

export async function createPool(db: DbOrTx, ctx: TeamCtx, input: SavePool): Promise<CampaignPool> {
  const id = await db.transaction(async (tx) => {
    await lockForCreate(tx, ctx, Pools);
    const v = await checkPool(tx, ctx, input);
    const row = await one<{ id: number }>(
      tx,
      sql`INSERT INTO campaign_pools (team_id, name) VALUES (${ctx.teamId}, ${v.name}) RETURNING id`,
    );
    await replaceSenders(tx, ctx, row!.id, v.senders);
    return row!.id;
  });
  return getPool(db, ctx, id);
}

/** Replaces the name and the senders in one transaction. */
export async function updatePool(db: DbOrTx, ctx: TeamCtx, id: number, input: SavePool): Promise<CampaignPool> {
  await db.transaction(async (tx) => {
    await lockForUpdate(tx, ctx, Pools, id);
    const v = await checkPool(tx, ctx, input);
    await tx.execute(sql`UPDATE campaign_pools SET name = ${v.name}, updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id}`);
    await replaceSenders(tx, ctx, id, v.senders);
  });
  return getPool(db, ctx, id);
}

/** Its senders go with it (ON DELETE CASCADE). */
export function deletePool(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  return deleteRoutingRow(db, ctx, Pools, id);
}
