import { createHash, timingSafeEqual } from "node:crypto";
import type { EmailStatus, LeadStatus, PhoneStatus } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { ImportLookupToggles } from "../lookups";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";

/** What requests look keys up by: the key itself is never compared as text in SQL. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The key a request came with, and where its leads go. */
export interface ApiKeyTarget {
  id: number;
  teamId: number;
  name: string;
  sourceId: number;
  listId: number;
  leadStatus: LeadStatus | null;
  emailStatus: EmailStatus | null;
  phoneStatus: PhoneStatus | null;
  checkMobileStatus: boolean;
  checkSmsDnc: boolean;
  checkEmailStatus: boolean;
  smsLookupGatewayId: number | null;
  smsDncGatewayId: number | null;
  emailLookupGatewayId: number | null;
}

interface KeyRow {
  target: ApiKeyTarget;
  keyHash: string;
  /** The key's source and list are both active. */
  usable: boolean;
}

/**
 * How long this process trusts what it read about a key. A request at full speed would otherwise read the key,
 * its source and its list every time (a third of the embedded database's work at 30 requests/s). Changes made in
 * this process (the key, its source or list edited, switched off or deleted) forget the team's keys at once
 * (`forgetApiKeys`); a change made by another api process is seen within this time: a deactivated list or a
 * deleted key stops accepting leads at most this long after the change (docs/import-api.md).
 */
export const API_KEY_CACHE_MS = 5_000;

interface Cached {
  row: KeyRow;
  readAt: number;
}

/** Per database handle (a test's database, a bench's), per process: keyed by the key's SHA-256. */
const caches = new WeakMap<object, Map<string, Cached>>();

function cacheOf(db: DbOrTx): Map<string, Cached> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * Finds the key by its SHA-256 and compares the hashes in constant time. An inactive source or list refuses
 * leads (403) rather than filling a list someone switched off. Unknown keys are never cached: a guessed key
 * costs a lookup, and the wrong-key rate limit (by address) stops a guesser.
 */
export async function authenticateApiKey(
  db: DbOrTx,
  key: string | undefined,
  opts: { now?: number; ttlMs?: number } = {},
): Promise<ApiKeyTarget> {
  if (!key || key.length > 200) throw new AppError("api_key_invalid");
  const hash = hashApiKey(key);
  const now = opts.now ?? Date.now();
  const cache = cacheOf(db);
  let cached = cache.get(hash);
  if (!cached || now - cached.readAt >= (opts.ttlMs ?? API_KEY_CACHE_MS)) {
    const row = await readKey(db, hash);
    if (!row) {
      cache.delete(hash);
      throw new AppError("api_key_invalid");
    }
    cached = { row, readAt: now };
    cache.set(hash, cached);
  }
  const { row } = cached;
  if (!timingSafeEqual(Buffer.from(row.keyHash, "hex"), Buffer.from(hash, "hex"))) throw new AppError("api_key_invalid");
  if (!row.usable) throw new AppError("api_target_inactive");
  return row.target;
}

/** A key, source or list of the team changed in this process: its keys are read again on their next request. */
export function forgetApiKeys(db: DbOrTx, teamId: number): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const [hash, c] of cache) if (c.row.target.teamId === teamId) cache.delete(hash);
}

async function readKey(db: DbOrTx, hash: string): Promise<KeyRow | null> {
  const row = await one<
    ImportLookupToggles & {
      id: number;
      team_id: number;
      name: string;
      source_id: number;
      list_id: number;
      key_hash: string;
      lead_status: LeadStatus | null;
      email_status: EmailStatus | null;
      phone_status: PhoneStatus | null;
      usable: boolean;
    }
  >(
    db,
    sql`SELECT k.id, k.team_id, k.name, k.source_id, k.list_id, k.key_hash, k.lead_status, k.email_status, k.phone_status,
          k.check_mobile_status, k.check_sms_dnc, k.check_email_status, k.sms_lookup_gateway_id, k.sms_dnc_gateway_id,
          k.email_lookup_gateway_id, (s.status <> 'inactive' AND l.is_active) AS usable
        FROM import_lists k
        JOIN sources s ON s.team_id = k.team_id AND s.id = k.source_id
        JOIN lists l ON l.team_id = k.team_id AND l.id = k.list_id
        WHERE k.key_hash = ${hash}`,
  );
  if (!row) return null;
  return {
    keyHash: row.key_hash,
    usable: row.usable,
    target: {
      id: row.id,
      teamId: row.team_id,
      name: row.name,
      sourceId: row.source_id,
      listId: row.list_id,
      leadStatus: row.lead_status,
      emailStatus: row.email_status,
      phoneStatus: row.phone_status,
      checkMobileStatus: row.check_mobile_status,
      checkSmsDnc: row.check_sms_dnc,
      checkEmailStatus: row.check_email_status,
      smsLookupGatewayId: row.sms_lookup_gateway_id,
      smsDncGatewayId: row.sms_dnc_gateway_id,
      emailLookupGatewayId: row.email_lookup_gateway_id,
    },
  };
}
