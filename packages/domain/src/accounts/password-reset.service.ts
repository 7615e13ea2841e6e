import { sql } from "drizzle-orm";
import { sendMail } from "../mail/mail.service";
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
  attempts: number;
  code_verified_at: string | null;
  used_at: string | null;
  expired: boolean;
}

/**
 * Step one: mail a 6-digit code (and a link carrying the token) to the address. The answer is the same whether
 * or not the address exists, so the form cannot be used to probe for accounts; the token is useless without the code.
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
  const link = `${links.appUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await sendMail(db, jobs, {
    teamId: user.team_id,
    to: user.email,
    subject: "Your Leadflow password reset code",
    text: `Hello ${user.name},\n\nYour password reset code is ${code}\n\nEnter it on the page where you asked for the reset, or open this link:\n${link}\n\nThe code expires in ${RESET_TTL_MINUTES} minutes. If you did not ask for a reset, ignore this mail.`,
  });
  return { token };
}

async function findReset(db: DbOrTx, token: string): Promise<ResetRow> {
  const row = await one<ResetRow>(
    db,
    sql`SELECT id, user_id, code_hash, attempts, code_verified_at, used_at, expires_at <= now() AS expired
        FROM password_resets WHERE token_hash = ${sha256(token)} FOR UPDATE`,
  );
  if (!row || row.used_at || row.expired) throw fieldError("reset_token_invalid", "token");
  return row;
}

async function checkCode(db: DbOrTx, row: ResetRow, code: string): Promise<void> {
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw fieldError("reset_code_attempts", "code");
  if (!sameSecret(row.code_hash, sha256(code.trim()))) {
    await db.execute(sql`UPDATE password_resets SET attempts = attempts + 1 WHERE id = ${row.id}`);
    throw fieldError("reset_code_invalid", "code");
  }
  await db.execute(sql`UPDATE password_resets SET code_verified_at = COALESCE(code_verified_at, now()) WHERE id = ${row.id}`);
}

/** Step two: the code from the mail. */
export async function verifyResetCode(db: DbOrTx, token: string, code: string): Promise<void> {
  const row = await findReset(db, token);
  await checkCode(db, row, code);
}

/**
 * Step three: the new password. The token alone is enough when it came through the mailed link (only the
 * mailbox owner has it); a code, when given, is checked too.
 */
export async function resetPassword(db: DbOrTx, input: { token: string; email: string; password: string; code?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findReset(tx, input.token);
    if (input.code) await checkCode(tx, row, input.code);
    const user = await findUserById(tx, row.user_id);
    if (!user || user.email.toLowerCase() !== input.email.trim().toLowerCase()) throw fieldError("reset_email_mismatch", "email");
    const passwordHash = await hashPassword(input.password);
    await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${user.id}`);
    await tx.execute(sql`UPDATE password_resets SET used_at = now() WHERE user_id = ${user.id} AND used_at IS NULL`);
    await revokeUserTokens(tx, user.id);
  });
}
