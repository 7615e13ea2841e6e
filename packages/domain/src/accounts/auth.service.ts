import type {
  ChangePasswordRequest,
  SignInRequest,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  UpdateProfileRequest,
  User,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { OPERATOR_PLAN, setTeamPlan } from "../plans";
import { getSetting } from "../settings";
import { AppError, fieldError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { accountErrors } from "./accounts.errors";
import { hashPassword, verifyPassword } from "./passwords";
import { type Authenticated, issueToken, revokeUserTokens } from "./tokens.service";
import { findUserByEmail, findUserById, presentUser } from "./users.queries";

export const PENDING_MESSAGE = "Your account is pending verification. We will let you know when it's active.";

export interface AuthOptions {
  tokenTtlSeconds: number;
  /** Named in the not-yet-approved answer, so a waiting user knows whom to ask. */
  supportEmail: string;
}

/**
 * A registration makes a new team whose first user is its admin, on the installation's default plan (`default_plan`);
 * approval may be automatic on self-hosted installs.
 */
export async function signUp(db: DbOrTx, input: SignUpRequest): Promise<SignUpResponse> {
  if (await findUserByEmail(db, input.email)) throw fieldError("email_taken", "email");
  const autoApprove = await getSetting(db, "auto_approve");
  const planKey = await getSetting(db, "default_plan");
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const team = await one<{ id: number }>(tx, sql`INSERT INTO teams (name) VALUES (${`${input.name}'s team`}) RETURNING id`);
    await setTeamPlan(tx, team!.id, planKey);
    const user = await one<{ id: number }>(
      tx,
      sql`INSERT INTO users (team_id, name, email, phone_number, industry, password_hash, role, email_verified_at)
          VALUES (${team!.id}, ${input.name}, ${input.email}, ${input.phone_number}, ${input.industry}, ${passwordHash},
                  'team_admin', ${autoApprove ? sql`now()` : null})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (!user) throw fieldError("email_taken", "email");
    return user.id;
  });
  const user = await findUserById(db, userId);
  return {
    message: autoApprove ? "Your account is ready. You can sign in now." : PENDING_MESSAGE,
    pending: !autoApprove,
    user: presentUser(user!),
  };
}

export async function signIn(db: DbOrTx, input: SignInRequest, opts: AuthOptions): Promise<SignInResponse> {
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw new AppError("invalid_credentials");
  if (user.blocked_at) throw new AppError("account_blocked");
  if (!user.email_verified_at) {
    throw new AppError(
      "account_not_approved",
      `${accountErrors.account_not_approved.message}. Contact ${opts.supportEmail} if it takes long.`,
      {
        support_email: [opts.supportEmail],
      },
    );
  }
  const token = await issueToken(db, user, opts.tokenTtlSeconds);
  return { ...token, token_type: "Bearer", user: presentUser(user) };
}

export async function getMe(db: DbOrTx, auth: Authenticated): Promise<User> {
  const user = await findUserById(db, auth.userId);
  if (!user) throw new AppError("unauthenticated");
  return presentUser(user);
}

/** Only the signed-in user may change their own password; another id is a 404, like any other team's row. */
export async function changePassword(db: DbOrTx, auth: Authenticated, userId: number, input: ChangePasswordRequest): Promise<void> {
  if (userId !== auth.userId) throw new AppError("user_not_found");
  const user = await findUserById(db, auth.userId);
  if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
    throw fieldError("wrong_current_password", "current_password");
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${auth.userId}`);
    await revokeUserTokens(tx, auth.userId, auth.tokenId);
  });
}

export async function updateProfile(db: DbOrTx, auth: Authenticated, input: UpdateProfileRequest): Promise<User> {
  await db.execute(
    sql`UPDATE users SET name = ${input.name}, phone_number = ${input.phone_number},
        language = COALESCE(${input.language ?? null}, language), updated_at = now() WHERE id = ${auth.userId}`,
  );
  return getMe(db, auth);
}

/** CLI: approve a pending account. Answers whether anything changed. */
export async function approveUser(db: DbOrTx, email: string): Promise<{ user: User; changed: boolean }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError("user_not_found", `No user with the email ${email}.`);
  const changed = !user.email_verified_at;
  if (changed) await db.execute(sql`UPDATE users SET email_verified_at = now(), updated_at = now() WHERE id = ${user.id}`);
  return { user: presentUser((await findUserById(db, user.id))!), changed };
}

export interface CreateUserInput {
  email: string;
  password: string;
  name: string;
  admin?: boolean;
  teamName?: string;
  phone?: string;
  /** The new team's plan: an installation operator's own team is not held to a customer's limits. */
  plan?: string;
}

/** CLI: an approved user with a new team of their own. */
export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<User> {
  if (await findUserByEmail(db, input.email)) throw fieldError("email_taken", "email");
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    const team = await one<{ id: number }>(
      tx,
      sql`INSERT INTO teams (name) VALUES (${input.teamName ?? `${input.name}'s team`}) RETURNING id`,
    );
    await setTeamPlan(tx, team!.id, input.plan ?? OPERATOR_PLAN);
    const user = await one<{ id: number }>(
      tx,
      sql`INSERT INTO users (team_id, name, email, phone_number, password_hash, role, is_admin, email_verified_at)
          VALUES (${team!.id}, ${input.name}, ${input.email.trim().toLowerCase()}, ${input.phone ?? null}, ${passwordHash},
                  'team_admin', ${input.admin ?? false}, now()) RETURNING id`,
    );
    return user!.id;
  });
  return presentUser((await findUserById(db, id))!);
}
