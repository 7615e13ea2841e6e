import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { ensureSecret } from "../settings";
import type { DbOrTx } from "../shared/rows";

/**
 * Gateway credentials at rest: AES-256-GCM over the JSON of the secret values, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key is `LEADFLOW_SECRETS_KEY` (64 hex characters) when set — an
 * operator who keeps it outside the database keeps a stolen dump useless — else an installation secret in
 * `app_settings`, created on first use. The version prefix leaves room for a key rotation.
 */

export interface StoredSecrets {
  /** Secret fields of the type (`auth_token`, `api_key`, …). */
  params: Record<string, string>;
  /** Per-row credentials of sender lists (gateway9 accounts), by the row's account id. */
  senders: Record<string, string>;
}

export const EMPTY_SECRETS: StoredSecrets = { params: {}, senders: {} };

const VERSION = "v1";
const KEY_SETTING = "gateway_secrets_key";
const HEX_KEY = /^[0-9a-f]{64}$/i;

/** Per db handle: a transaction's key read dies with it (its insert of a first key may still roll back). */
const keys = new WeakMap<object, Promise<Buffer>>();

export function secretsKeyFromEnv(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const raw = env.LEADFLOW_SECRETS_KEY?.trim();
  if (!raw) return null;
  if (!HEX_KEY.test(raw)) throw new Error("LEADFLOW_SECRETS_KEY must be 64 hexadecimal characters (32 bytes).");
  return Buffer.from(raw, "hex");
}

async function keyFor(db: DbOrTx): Promise<Buffer> {
  const fromEnv = secretsKeyFromEnv();
  if (fromEnv) return fromEnv;
  let key = keys.get(db);
  if (!key) {
    key = ensureSecret(db, KEY_SETTING).then((hex) => {
      if (!HEX_KEY.test(hex)) throw new Error(`app_settings.${KEY_SETTING} is not a 32-byte hex key`);
      return Buffer.from(hex, "hex");
    });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export function encryptWithKey(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function decryptWithKey(key: Buffer, sealed: string): unknown {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
    throw new Error("Gateway secrets are not in a known format.");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  return JSON.parse(text);
}

const hasAny = (s: StoredSecrets) => Object.keys(s.params).length > 0 || Object.keys(s.senders).length > 0;

/** The column value for a gateway's secrets: null when it has none. */
export async function sealSecrets(db: DbOrTx, secrets: StoredSecrets): Promise<string | null> {
  return hasAny(secrets) ? encryptWithKey(await keyFor(db), secrets) : null;
}

function stringRecord(v: unknown): Record<string, string> {
  if (!v || typeof v !== "object") return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * The stored secrets in plain text. A value that no longer decrypts (the key changed) throws: a gateway that
 * silently lost its credentials would fail later with a provider's confusing "unauthorized".
 */
export async function openSecrets(db: DbOrTx, sealed: string | null): Promise<StoredSecrets> {
  if (!sealed) return EMPTY_SECRETS;
  const plain = decryptWithKey(await keyFor(db), sealed) as Partial<StoredSecrets> | null;
  return { params: stringRecord(plain?.params), senders: stringRecord(plain?.senders) };
}

/**
 * The secret a gateway's callbacks are signed with (our own `sig` on status URLs, the SES tag, the sandbox's body
 * signature): derived from the installation's key and the gateway id, so it is stable across processes and
 * restarts, differs per gateway, and needs no column.
 */
export async function callbackSecretFor(db: DbOrTx, gatewayId: number): Promise<string> {
  return createHmac("sha256", await keyFor(db))
    .update(`provider-callbacks:${gatewayId}`, "utf8")
    .digest("hex");
}
