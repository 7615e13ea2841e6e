import { createHmac, timingSafeEqual } from "node:crypto";
import { ensureSecret } from "../settings";
import type { DbOrTx } from "../shared/rows";

/*
 * Download links of export files. The browser downloads with a plain link (the Download buttons, the System
 * Processes popover), which carries no Authorization header, so a link carries its own proof instead: the team,
 * an expiry and an HMAC of both with the export id, like a presigned object-storage URL. With files in S3 the link
 * stays this one: the API checks it and streams the object from the store, so a link never names the bucket and
 * keeps its 7 days whatever S3's presigning limits are. It is named `token`, which the request log already redacts.
 */

const SECRET = "export_link_secret";
/** How long a link works; it is given out again on every list load, so only a stored one (a process's) ages. */
const TTL_SECONDS = 7 * 24 * 3600;
/** Expiries round up to the hour, so the same file keeps the same link across reloads within the hour. */
const ROUND_SECONDS = 3600;

const mac = (secret: string, teamId: number, exportId: number, expires: number) =>
  createHmac("sha256", secret).update(`segment-export:${teamId}:${exportId}:${expires}`).digest("base64url");

/** Signs links for export files; one secret read for any number of links. */
export async function exportLinkSigner(db: DbOrTx, now = Date.now()): Promise<(teamId: number, exportId: number) => string> {
  const secret = await ensureSecret(db, SECRET);
  const expires = Math.ceil((now / 1000 + TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
  return (teamId, exportId) =>
    `/api/segments/exports/${exportId}/download?token=${teamId}.${expires}.${mac(secret, teamId, exportId, expires)}`;
}

/** The team a download link was given to, when it is genuine, for this export and not expired; else null. */
export async function verifyExportLink(db: DbOrTx, exportId: number, token: string, now = Date.now()): Promise<number | null> {
  const m = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const [teamId, expires] = [Number(m[1]), Number(m[2])];
  if (expires * 1000 < now) return null;
  const want = Buffer.from(mac(await ensureSecret(db, SECRET), teamId, exportId, expires));
  const got = Buffer.from(m[3]!);
  return want.length === got.length && timingSafeEqual(want, got) ? teamId : null;
}
