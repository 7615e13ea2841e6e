import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

/**
 * An installation-wide secret (e.g. the one that signs live-channel subscriptions), created on first use and
 * shared by every process through `app_settings`. Two processes racing at start both read the winner's value.
 */
export async function ensureSecret(db: DbOrTx, key: string): Promise<string> {
  const candidate = randomBytes(32).toString("hex");
  await db.execute(
    sql`INSERT INTO app_settings (key, value) VALUES (${key}, ${JSON.stringify(candidate)}::jsonb) ON CONFLICT (key) DO NOTHING`,
  );
  const row = await one<{ value: unknown }>(db, sql`SELECT value FROM app_settings WHERE key = ${key}`);
  if (typeof row?.value !== "string" || row.value.length === 0) throw new Error(`app_settings.${key} is not a secret string`);
  return row.value;
}
