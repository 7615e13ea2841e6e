import {
  type Gateway,
  type GatewayKind,
  type GatewayOptions,
  type GatewayPage,
  isLookupKind,
  type ListGatewaysQuery,
  LookupStatuses,
  type SaveGateway,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, pagedQuery, type SortMap } from "../shared/paging";
import type { Resolve } from "../shared/public-url";
import { type DbOrTx, one, rows } from "../shared/rows";
import { type GatewayValues, gatewayValues } from "./gateway-input";
import { type GatewayRow, gatewayColumns, ownGatewayRow, presentGateway, visibleGatewayRow, visibleTo } from "./gateway-rows";
import { openSecrets, sealSecrets } from "./gateway-secrets";
import { assertGatewayUnused } from "./gateway-usage";
import { invalid } from "./validation";

// The lookup runner loads its gateway through the gateways service.
export { loadGatewayForRun, type RunGateway, testGatewayDraft, testSavedGateway } from "./gateway-run";

export const GatewayMessages = {
  created: "Integration has been created.",
  updated: "Integration has been updated.",
  deleted: "Integration has been deleted.",
  /** The error of a lookup job whose gateway was deleted under it. */
  jobStopped: "The gateway was deleted.",
} as const;

const gatewaySorts = {
  id: sql`g.id`,
  name: sql`lower(g.name)`,
  type: sql`g.type`,
  active: sql`g.active`,
  created_at: sql`g.created_at`,
} satisfies SortMap<"id" | "name" | "type" | "active" | "created_at">;

/** A kind's gateways, the platform's defaults first (they were there before the team's own). */
export async function listGateways(db: DbOrTx, ctx: TeamCtx, q: ListGatewaysQuery): Promise<GatewayPage> {
  let where = visibleTo(ctx.teamId);
  if (q.kind) where = sql`${where} AND g.kind = ${q.kind}`;
  if (q.search) {
    const like = likePattern(q.search);
    where = sql`${where} AND (g.name ILIKE ${like} OR g.type ILIKE ${like})`;
  }
  const page = await pagedQuery<GatewayRow, keyof typeof gatewaySorts>(db, q, {
    select: sql`SELECT ${gatewayColumns} FROM gateways g`,
    from: sql`FROM gateways g`,
    where,
    sorts: gatewaySorts,
    fallback: { key: "id", direction: "asc" },
    first: sql`g.team_id IS NOT NULL`,
    tieBreak: sql`g.id`,
  });
  return { data: await Promise.all(page.data.map((r) => presentGateway(db, r))), meta: page.meta };
}

export async function getGateway(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Gateway> {
  return presentGateway(db, await visibleGatewayRow(db, ctx, id));
}

async function nameTaken(db: DbOrTx, ctx: TeamCtx, v: GatewayValues, exceptId: number | null): Promise<boolean> {
  const row = await one(
    db,
    sql`SELECT 1 FROM gateways WHERE team_id = ${ctx.teamId} AND kind = ${v.kind} AND lower(name) = lower(${v.name})
          AND id IS DISTINCT FROM ${exceptId}::int LIMIT 1`,
  );
  return !!row;
}

async function checked(db: DbOrTx, ctx: TeamCtx, input: SaveGateway, stored: GatewayRow | null, resolve?: Resolve) {
  const secrets = stored ? await openSecrets(db, stored.secrets) : null;
  const result = await gatewayValues(input, stored && secrets ? { kind: stored.kind, type: stored.type, secrets } : null, resolve);
  if ("errors" in result) throw invalid(result.errors);
  if (await nameTaken(db, ctx, result.values, stored?.id ?? null)) {
    throw invalid({ name: ["An integration with this name already exists."] });
  }
  return result.values;
}

export async function createGateway(db: DbOrTx, ctx: TeamCtx, input: SaveGateway, resolve?: Resolve): Promise<Gateway> {
  const v = await checked(db, ctx, input, null, resolve);
  const row = await one<GatewayRow>(
    db,
    sql`INSERT INTO gateways AS g (team_id, kind, type, name, active, allow_lookup, is_force, rate_limit, params, secrets, senders)
        VALUES (${ctx.teamId}, ${v.kind}, ${v.type}, ${v.name}, ${v.active}, ${v.allowLookup}, ${v.isForce}, ${v.rateLimit},
          ${JSON.stringify(v.params)}::jsonb, ${await sealSecrets(db, v.secrets)}, ${JSON.stringify(v.senders)}::jsonb)
        RETURNING ${gatewayColumns}`,
  );
  return presentGateway(db, row!);
}

/**
 * A platform-provided gateway (team_id NULL): every team sees it, dimmed, and may use it, but cannot edit or
 * delete it (docs/product/audiences-lookups-settings.md). Made by the platform's `gateway add-default` command.
 */
export async function createDefaultGateway(db: DbOrTx, input: SaveGateway): Promise<{ id: number; name: string }> {
  const result = await gatewayValues(input, null);
  if ("errors" in result) throw invalid(result.errors);
  const v = result.values;
  const row = await one<{ id: number; name: string }>(
    db,
    sql`INSERT INTO gateways (team_id, kind, type, name, active, allow_lookup, is_force, rate_limit, params, secrets, senders)
        VALUES (NULL, ${v.kind}, ${v.type}, ${v.name}, ${v.active}, ${v.allowLookup}, ${v.isForce}, ${v.rateLimit},
          ${JSON.stringify(v.params)}::jsonb, ${await sealSecrets(db, v.secrets)}, ${JSON.stringify(v.senders)}::jsonb)
        RETURNING id, name`,
  );
  return row!;
}

/** The kind and the provider type of an integration cannot change once it is saved. */
export async function updateGateway(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveGateway, resolve?: Resolve): Promise<Gateway> {
  const stored = await ownGatewayRow(db, ctx, id);
  if (input.kind !== stored.kind || input.type !== stored.type) {
    throw invalid({ [input.kind !== stored.kind ? "kind" : "type"]: ["The type cannot be changed."] });
  }
  const v = await checked(db, ctx, input, stored, resolve);
  const row = await one<GatewayRow>(
    db,
    sql`UPDATE gateways AS g SET name = ${v.name}, active = ${v.active}, allow_lookup = ${v.allowLookup}, is_force = ${v.isForce},
          rate_limit = ${v.rateLimit}, params = ${JSON.stringify(v.params)}::jsonb, secrets = ${await sealSecrets(db, v.secrets)},
          senders = ${JSON.stringify(v.senders)}::jsonb, updated_at = now()
        WHERE g.team_id = ${ctx.teamId} AND g.id = ${id}
        RETURNING ${gatewayColumns}`,
  );
  if (!row) throw new AppError("gateway_not_found");
  return presentGateway(db, row);
}

/**
 * Lookup jobs that still meant to use the gateway stop (status 4) with a reason; they keep `gateway_id`, so the
 * Lookup Management table shows a dash where the name was. A gateway a campaign route or pool sends through is
 * not deleted (422 naming them); the row lock makes a route or pool being saved with it finish first.
 */
export async function deleteGateway(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  await ownGatewayRow(db, ctx, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM gateways WHERE team_id = ${ctx.teamId} AND id = ${id} FOR UPDATE`);
    await assertGatewayUnused(tx, ctx.teamId, id);
    const gone = await one(tx, sql`DELETE FROM gateways WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
    if (!gone) throw new AppError("gateway_not_found");
    const { pending, running, paused, stopped } = LookupStatuses;
    await tx.execute(
      sql`UPDATE lookup_jobs SET status = ${stopped}, error = ${GatewayMessages.jobStopped}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND gateway_id = ${id} AND status IN (${pending}, ${running}, ${paused})`,
    );
  });
}

/** The pickers offer active gateways; lookup pickers only those that allow lookups. */
export async function gatewayOptions(db: DbOrTx, ctx: TeamCtx, kind: GatewayKind): Promise<GatewayOptions> {
  const lookupOnly = isLookupKind(kind) ? sql`AND g.allow_lookup` : sql``;
  const found = await rows<{ id: number; name: string; type: string; senders: GatewayRow["senders"] }>(
    db,
    sql`SELECT g.id, g.name, g.type, g.senders FROM gateways g
        WHERE ${visibleTo(ctx.teamId)} AND g.kind = ${kind} AND g.active ${lookupOnly}
        ORDER BY g.team_id IS NOT NULL, lower(g.name), g.id`,
  );
  return {
    data: found.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.type,
      phone_numbers:
        kind === "sms" ? (g.senders?.numbers ?? []).flatMap((n) => (n.number ? [{ key: n.number, label: n.number }] : [])) : [],
    })),
  };
}
