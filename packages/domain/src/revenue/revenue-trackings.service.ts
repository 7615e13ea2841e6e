import type { RevenueTracking, RevenueTrackingList, SaveRevenueTracking } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { toPage } from "../shared/paging";
import { type DbOrTx, one, rows } from "../shared/rows";
import { newPostbackSecret, newPostbackToken } from "./postback-signature";

/** Where the app is reached from outside (the server's APP_URL): postback URLs are built on it. */
export interface PostbackUrlOptions {
  appUrl: string;
}

interface TrackingRow {
  id: number;
  name: string;
  token: string;
  revenue: number;
  total_conversations: number;
}

const columns = sql`id, name, token, revenue::float8 AS revenue, total_conversations`;

/**
 * The URL is built when shown, not stored: a move to another APP_URL changes every tracking's URL at once. The
 * macros stay as text for the partner's system to fill in.
 */
export function postbackUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/postback/${token}?click_id={click_id}&amount={amount}`;
}

const present =
  (opts: PostbackUrlOptions) =>
  (r: TrackingRow): RevenueTracking => ({
    id: r.id,
    name: r.name,
    postback_url: postbackUrl(opts.appUrl, r.token),
    revenue: r.revenue,
    total_conversations: r.total_conversations,
  });

/** All of the team's trackings, oldest first (a team has a handful: the page shows them without paging). */
export async function listRevenueTrackings(db: DbOrTx, ctx: TeamCtx, opts: PostbackUrlOptions): Promise<RevenueTrackingList> {
  const data = await rows<TrackingRow>(db, sql`SELECT ${columns} FROM revenue_trackings WHERE team_id = ${ctx.teamId} ORDER BY id`);
  return toPage(data.map(present(opts)), data.length, 1, Math.max(1, data.length));
}

async function findRow(db: DbOrTx, ctx: TeamCtx, id: number): Promise<TrackingRow> {
  const row = await one<TrackingRow>(db, sql`SELECT ${columns} FROM revenue_trackings WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  if (!row) throw new AppError("revenue_tracking_not_found");
  return row;
}

export async function getRevenueTracking(db: DbOrTx, ctx: TeamCtx, id: number, opts: PostbackUrlOptions): Promise<RevenueTracking> {
  return present(opts)(await findRow(db, ctx, id));
}

/** A new tracking with a fresh token and secret; its counters start at zero. */
export async function createRevenueTracking(
  db: DbOrTx,
  ctx: TeamCtx,
  input: SaveRevenueTracking,
  opts: PostbackUrlOptions,
): Promise<RevenueTracking> {
  // A token collision (one in 2^143) skips the insert instead of failing it (which would also end a caller's
  // transaction): take another token.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const row = await one<TrackingRow>(
      db,
      sql`INSERT INTO revenue_trackings (team_id, name, token, secret)
          VALUES (${ctx.teamId}, ${input.name}, ${newPostbackToken()}, ${newPostbackSecret()})
          ON CONFLICT (token) DO NOTHING
          RETURNING ${columns}`,
    );
    if (row) return present(opts)(row);
  }
  throw new Error("Could not draw an unused postback token in 3 attempts.");
}

/** Renames a tracking; its URL, secret and counters stay (partners keep calling the same URL). */
export async function updateRevenueTracking(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  input: SaveRevenueTracking,
  opts: PostbackUrlOptions,
): Promise<RevenueTracking> {
  const row = await one<TrackingRow>(
    db,
    sql`UPDATE revenue_trackings SET name = ${input.name}, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING ${columns}`,
  );
  if (!row) throw new AppError("revenue_tracking_not_found");
  return present(opts)(row);
}

/** Deleting a tracking retires its URL: later postbacks to it find no tracking. */
export async function deleteRevenueTracking(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const gone = await one(db, sql`DELETE FROM revenue_trackings WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!gone) throw new AppError("revenue_tracking_not_found");
}

/** The signing secret, shown on request ("Show signing secret") rather than in every list answer. */
export async function revenueTrackingSecret(db: DbOrTx, ctx: TeamCtx, id: number): Promise<{ secret: string }> {
  const row = await one<{ secret: string }>(db, sql`SELECT secret FROM revenue_trackings WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  if (!row) throw new AppError("revenue_tracking_not_found");
  return row;
}
