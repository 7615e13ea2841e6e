import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { lockTeamRouting } from "../shared/team-locks";

/*
 * The locking that creating and editing a campaign route or pool share. A create takes the team's routing lock
 * before it counts, so two creates sent together cannot each see room under the team's limit; an edit locks its row
 * FOR UPDATE, so two edits of one route or pool apply one after the other.
 */

export type RoutingTable =
  | { table: "campaign_routes"; limit: number; full: "route_limit_reached"; notFound: "route_not_found" }
  | { table: "campaign_pools"; limit: number; full: "pool_limit_reached"; notFound: "pool_not_found" };

/** Before a create: the team's routing lock, then its limit (`full` when the team has `limit` rows already). */
export async function lockForCreate(tx: DbOrTx, ctx: TeamCtx, t: RoutingTable): Promise<void> {
  await lockTeamRouting(tx, ctx.teamId);
  const count = await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${sql.identifier(t.table)} WHERE team_id = ${ctx.teamId}`);
  if ((count?.n ?? 0) >= t.limit) throw new AppError(t.full);
}

/** Before an edit: the team's row locked FOR UPDATE, or its 404. */
export async function lockForUpdate(tx: DbOrTx, ctx: TeamCtx, t: RoutingTable, id: number): Promise<void> {
  const found = await one(tx, sql`SELECT id FROM ${sql.identifier(t.table)} WHERE team_id = ${ctx.teamId} AND id = ${id} FOR UPDATE`);
  if (!found) throw new AppError(t.notFound);
}

/** Deletes the team's row (its groups or senders cascade), or answers its 404. */
export async function deleteRoutingRow(db: DbOrTx, ctx: TeamCtx, t: RoutingTable, id: number): Promise<void> {
  const gone = await one(db, sql`DELETE FROM ${sql.identifier(t.table)} WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!gone) throw new AppError(t.notFound);
}
