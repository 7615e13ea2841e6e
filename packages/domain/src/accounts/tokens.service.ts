import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, iso, one } from "../shared/rows";
import { newToken, sha256 } from "./passwords";
import { findUserById, type UserRow } from "./users.queries";

export interface IssuedToken {
  access_token: string;
  expires_at: string;
  expires_in: number;
}

export async function issueToken(db: DbOrTx, user: Pick<UserRow, "id" | "team_id">, ttlSeconds: number): Promise<IssuedToken> {
  const token = newToken();
  const row = await one<{ expires_at: string }>(
    db,
    sql`INSERT INTO access_tokens (team_id, user_id, token_hash, expires_at)
        VALUES (${user.team_id}, ${user.id}, ${sha256(token)}, now() + make_interval(secs => ${ttlSeconds}))
        RETURNING expires_at`,
  );
  return { access_token: token, expires_at: iso(row!.expires_at)!, expires_in: ttlSeconds };
}

export interface Authenticated extends TeamCtx {
  tokenId: number;
  user: UserRow;
}

/** Resolves a bearer token to its user; expired, revoked, blocked or unapproved all fail as 401/403. */
export async function authenticate(db: DbOrTx, token: string): Promise<Authenticated> {
  if (!token || token.length > 200) throw new AppError("unauthenticated");
  const row = await one<{ id: number; user_id: number; expired: boolean; revoked: boolean }>(
    db,
    sql`SELECT id, user_id, expires_at <= now() AS expired, revoked_at IS NOT NULL AS revoked
        FROM access_tokens WHERE token_hash = ${sha256(token)}`,
  );
  if (!row || row.revoked) throw new AppError("unauthenticated");
  if (row.expired) throw new AppError("token_expired");
  const user = await findUserById(db, row.user_id);
  if (!user) throw new AppError("unauthenticated");
  // A blocked user's tokens stop working at once; the 401 makes the browser mark the account 'Not logged'.
  if (user.blocked_at || !user.email_verified_at) throw new AppError("unauthenticated");
  return { teamId: user.team_id, userId: user.id, role: user.role, tokenId: row.id, user };
}

/**
 * NOTIFY channel on which a revocation reaches every API process: the live connections a revoked token
 * authorised must close, wherever they are served.
 */
export const TOKENS_REVOKED_CHANNEL = "leadflow_tokens_revoked";

/** The tokens of one user that a revocation ended: ids `first` to `last`, except `keep`. */
export interface TokenRevocation {
  userId: number;
  first: number;
  last: number;
  keep: number | null;
}

/**
 * Token ids only grow, so a range names a batch without listing it (NOTIFY carries under 8000 bytes): every token
 * of the user in it other than `keep` is revoked, now or before. A token issued later lies past `last`.
 */
export function isRevokedBy(revocation: TokenRevocation, userId: number, tokenId: number): boolean {
  return revocation.userId === userId && tokenId >= revocation.first && tokenId <= revocation.last && tokenId !== revocation.keep;
}

/** Revokes and announces in one statement: the NOTIFY goes out when the caller's transaction commits, or never. */
async function revokeWhere(db: DbOrTx, where: SQL, keep: number | null): Promise<void> {
  await db.execute(
    sql`WITH revoked AS (
          UPDATE access_tokens SET revoked_at = now() WHERE ${where} AND revoked_at IS NULL RETURNING id, user_id
        )
        SELECT pg_notify(${TOKENS_REVOKED_CHANNEL},
                 json_build_object('userId', user_id, 'first', min(id), 'last', max(id), 'keep', ${keep}::int)::text)
        FROM revoked GROUP BY user_id`,
  );
}

export async function revokeToken(db: DbOrTx, tokenId: number): Promise<void> {
  await revokeWhere(db, sql`id = ${tokenId}`, null);
}

/** Revokes every token of a user except `keepTokenId` (password change keeps the session that made it). */
export async function revokeUserTokens(db: DbOrTx, userId: number, keepTokenId?: number): Promise<void> {
  await revokeWhere(db, sql`user_id = ${userId} AND id <> ${keepTokenId ?? 0}`, keepTokenId ?? null);
}

export async function touchUser(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE users SET last_seen_at = now() WHERE id = ${userId} AND (last_seen_at IS NULL OR last_seen_at < now() - interval '1 minute')`,
  );
}
