import type { InviteUserRequest, ListQuery, Page, TeamUser, UpdateTeamUserRequest } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { sendMail } from "../mail";
import type { TeamCtx } from "../shared/context";
import { AppError, fieldError } from "../shared/errors";
import type { JobSender } from "../shared/jobs";
import { likePattern, toPage } from "../shared/paging";
import { type DbOrTx, iso, one, rows } from "../shared/rows";
import { createMailedResetToken, resetPasswordLink } from "./password-reset.service";
import { revokeUserTokens } from "./tokens.service";
import { findUserByEmail, type UserRow, userStatus } from "./users.queries";

const INVITE_TTL_MINUTES = 7 * 24 * 60;

function requireAdmin(ctx: TeamCtx): void {
  if (ctx.role !== "team_admin") throw new AppError("forbidden", "Only team admins can manage users.");
}

function present(u: UserRow): TeamUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone_number: u.phone_number,
    role: u.role,
    status: userStatus(u),
    created_at: iso(u.created_at)!,
    last_seen_at: iso(u.last_seen_at),
  };
}

export async function listTeamUsers(db: DbOrTx, ctx: TeamCtx, q: ListQuery): Promise<Page<TeamUser>> {
  let where = sql`u.team_id = ${ctx.teamId}`;
  if (q.search) where = sql`${where} AND (u.name ILIKE ${likePattern(q.search)} OR u.email ILIKE ${likePattern(q.search)})`;
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`);
  const data = await rows<UserRow>(
    db,
    sql`SELECT u.*, '' AS team_name FROM users u WHERE ${where} ORDER BY u.created_at, u.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return toPage(data.map(present), count?.n ?? 0, q.page, q.limit);
}

async function getTeamUser(db: DbOrTx, ctx: TeamCtx, id: number): Promise<UserRow> {
  const u = await one<UserRow>(db, sql`SELECT u.*, '' AS team_name FROM users u WHERE u.team_id = ${ctx.teamId} AND u.id = ${id}`);
  if (!u) throw new AppError("user_not_found");
  return u;
}

/**
 * An invited user joins this team with the chosen role and is approved by the invitation itself; the mail
 * carries a link to choose a password (the reset-password page with a token).
 */
export async function inviteTeamUser(
  db: DbOrTx,
  jobs: JobSender,
  ctx: TeamCtx,
  input: InviteUserRequest,
  links: { appUrl: string; inviterName: string },
): Promise<TeamUser> {
  requireAdmin(ctx);
  if (await findUserByEmail(db, input.email)) throw fieldError("email_taken", "email");
  const { user, token } = await db.transaction(async (tx) => {
    const u = await one<UserRow>(
      tx,
      sql`INSERT INTO users (team_id, name, email, role, email_verified_at)
          VALUES (${ctx.teamId}, ${input.name}, ${input.email}, ${input.role}, now())
          ON CONFLICT DO NOTHING RETURNING *, '' AS team_name`,
    );
    if (!u) throw fieldError("email_taken", "email");
    return { user: u, token: await createMailedResetToken(tx, u.id, INVITE_TTL_MINUTES) };
  });
  const link = resetPasswordLink(links.appUrl, token, user.email);
  await sendMail(db, jobs, {
    teamId: ctx.teamId,
    to: user.email,
    subject: `${links.inviterName} invited you to Leadflow`,
    text: `Hello ${user.name},\n\n${links.inviterName} invited you to their Leadflow team.\nChoose your password here (the link works for 7 days):\n${link}\n`,
  });
  return present(user);
}

export async function updateTeamUser(db: DbOrTx, ctx: TeamCtx, id: number, input: UpdateTeamUserRequest): Promise<TeamUser> {
  requireAdmin(ctx);
  return db.transaction(async (tx) => {
    const user = await getTeamUser(tx, ctx, id);
    const demotes = input.role === "team_operator" && user.role === "team_admin";
    if (input.blocked && id === ctx.userId) throw new AppError("cannot_block_self");
    if (demotes || (input.blocked && user.role === "team_admin")) {
      const admins = await one<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM users WHERE team_id = ${ctx.teamId} AND role = 'team_admin' AND blocked_at IS NULL AND id <> ${id}`,
      );
      if (!admins?.n) throw new AppError("last_admin");
    }
    await tx.execute(
      sql`UPDATE users SET role = COALESCE(${input.role ?? null}, role),
          blocked_at = CASE WHEN ${input.blocked ?? null}::boolean IS NULL THEN blocked_at
                            WHEN ${input.blocked ?? null}::boolean THEN COALESCE(blocked_at, now()) ELSE NULL END,
          updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id}`,
    );
    if (input.blocked) await revokeUserTokens(tx, id);
    return present(await getTeamUser(tx, ctx, id));
  });
}
