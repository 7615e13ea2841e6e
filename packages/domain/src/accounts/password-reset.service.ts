import { sql } from "drizzle-orm";
import { sendMail } from "../mail";
import { fieldError } from "../shared/errors";
import type { JobSender } from "../shared/jobs";
import { type DbOrTx, one } from "../shared/rows";
import { hashPassword, newCode, newToken, sameSecret, sha256 } from "./passwords";
import { revokeUserTokens } from "./tokens.service";
import { findUserByEmail, findUserById } from "./users.queries";

const RESET_TTL_MINUTES = 60;
const MAX_CODE_ATTEMPTS = 5;

export interface ResetLinks {
  /** Public address of the app, for the link in the mail. */
  appUrl: string;
}

interface ResetRow {
  id: number;
  user_id: number;
  code_hash: string;
  code_verified_at: string | null;
}

/**
 * A token that only travels by mail (the reset-password link, an invitation). Whoever holds it has read the
 * mailbox, so it counts as verified: the page that opens the link sets the password without a code.
 */
export async function createMailedResetToken(db: DbOrTx, userId: number, ttlMinutes: number): Promise<string> {
  const token = newToken(24);
  await db.execute(
    sql`INSERT INTO password_resets (user_id, token_hash, code_hash, code_verified_at, expires_at)
        VALUES (${userId}, ${sha256(token)}, ${sha256(newToken(24))}, now(), now() + make_interval(mins => ${ttlMinutes}))`,
  );
  return token;
}

export function resetPasswordLink(appUrl: string, token: string, email: string): string {
  return `${appUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/**
 * Step one: mail a 6-digit code (and a link with its own token) to the address. The answer is the same whether
 * or not the address exists, so the form cannot be used to probe for accounts. The answered token is worth
 * nothing without the code: anyone may ask for a reset of any address and read that answer.
 */
export async function requestPasswordReset(db: DbOrTx, jobs: JobSender, email: string, links: ResetLinks): Promise<{ token: string }> {
  const token = newToken(24);
  const user = await findUserByEmail(db, email);
  if (!user) return { token };
  const code = newCode();
  await db.execute(
    sql`INSERT INTO password_resets (user_id, token_hash, code_hash, expires_at)
        VALUES (${user.id}, ${sha256(token)}, ${sha256(code)}, now() + make_interval(mins => ${RESET_TTL_MINUTES}))`,
  );
  const link = resetPasswordLink(links.appUrl, await createMailedResetToken(db, user.id, RESET_TTL_MINUTES), user.email);
  await sendMail(db, jobs, {
    teamId: user.team_id,
    to: user.email,
    subject: "Your Leadflow password reset code",
    text: `Hello ${user.name},\n\nYour password reset code is ${code}\n\nEnter it on the page where you asked for the reset, or open this link:\n${link}\n\nThe code expires in ${RESET_TTL_MINUTES} minutes. If you did not ask for a reset, ignore this mail.`,
  });
  return { token };
}

async function findReset(db: DbOrTx, token: string, lock = false): Promise<ResetRow> {
  const row = await one<ResetRow>(
    db,
    sql`SELECT id, user_id, code_hash, code_verified_at FROM password_resets
        WHERE token_hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now() ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw fieldError("reset_token_invalid", "token");
  return row;
}

/**
 * Each try takes an attempt before the comparison (atomically, so parallel guesses cannot exceed the budget)
 * and a right code gives it back. Runs outside any transaction: a failed try must stay counted.
 */
async function checkCode(db: DbOrTx, row: ResetRow, code: string): Promise<void> {
  const slot = await one<{ id: number }>(
    db,
    sql`UPDATE password_resets SET attempts = attempts + 1 WHERE id = ${row.id} AND attempts < ${MAX_CODE_ATTEMPTS} RETURNING id`,
  );
  if (!slot) throw fieldError("reset_code_attempts", "code");
  if (!sameSecret(row.code_hash, sha256(code.trim()))) throw fieldError("reset_code_invalid", "code");
  await db.execute(
    sql`UPDATE password_resets SET attempts = attempts - 1, code_verified_at = COALESCE(code_verified_at, now()) WHERE id = ${row.id}`,
  );
}

/** Step two: the code from the mail. */
export async function verifyResetCode(db: DbOrTx, token: string, code: string): Promise<void> {
  await checkCode(db, await findReset(db, token), code);
}

/**
 * Step three: the new password, for a token whose code was verified (in step two or with this request) or a
 * token that came by mail. Sets the password, ends every session and every open reset of the user.
 */
export async function resetPassword(db: DbOrTx, input: { token: string; email: string; password: string; code?: string }): Promise<void> {
  if (input.code) await checkCode(db, await findReset(db, input.token), input.code);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const row = await findReset(tx, input.token, true);
    if (!row.code_verified_at) throw fieldError("reset_code_required", "code");
    const user = await findUserById(tx, row.user_id);
    if (!user || user.email.toLowerCase() !== input.email.trim().toLowerCase()) throw fieldError("reset_email_mismatch", "email");
    await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${user.id}`);
    await tx.execute(sql`UPDATE password_resets SET used_at = now() WHERE user_id = ${user.id} AND used_at IS NULL`);
    await revokeUserTokens(tx, user.id);
  });
}
