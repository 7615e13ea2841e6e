import { createHmac, timingSafeEqual } from "node:crypto";
import { ensureSecret } from "../settings";
import type { DbOrTx } from "../shared/rows";

/*
 * Download links of compliance files, signed as export files' are (segments/export-links.ts: a plain link the
 * browser follows without the bearer token carries the team, an expiry and an HMAC), under their own prefix so an
 * export's token never opens a compliance file of the same id.
 */

const SECRET = "export_link_secret";
const TTL_SECONDS = 7 * 24 * 3600;
const ROUND_SECONDS = 3600;

const mac = (secret: string, teamId: number, fileId: number, expires: number) =>
  createHmac("sha256", secret).update(`compliance-file:${teamId}:${fileId}:${expires}`).digest("base64url");

export async function complianceLinkSigner(db: DbOrTx, now = Date.now()): Promise<(teamId: number, fileId: number) => string> {
  const secret = await ensureSecret(db, SECRET);
  const expires = Math.ceil((now / 1000 + TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
  return (teamId, fileId) => `/api/compliance-files/${fileId}/download?token=${teamId}.${expires}.${mac(secret, teamId, fileId, expires)}`;
}

/** The team a link was given to, when it is genuine, for this file and not expired; else null. */
export async function verifyComplianceLink(db: DbOrTx, fileId: number, token: string, now = Date.now()): Promise<number | null> {
  const m = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const [teamId, expires] = [Number(m[1]), Number(m[2])];
  if (expires * 1000 < now) return null;
  const want = Buffer.from(mac(await ensureSecret(db, SECRET), teamId, fileId, expires));
  const got = Buffer.from(m[3]!);
  return want.length === got.length && timingSafeEqual(want, got) ? teamId : null;
}
