import type { LookupType } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

/**
 * The platform's price list (dollars per lookup item: a phone, an email, a certificate check, a Reassigned Numbers
 * query) and a new team's free items; `app_settings` overrides them.
 */
export const DEFAULT_PRICES: Record<LookupType, number> = { 1: 0.005, 2: 0.003, 3: 0.002, 4: 0.01, 5: 0.003 };
export const DEFAULT_FREE_LOOKUPS = 100;

export async function lookupPrices(db: DbOrTx): Promise<Record<LookupType, number>> {
  const row = await one<{ value: Partial<Record<string, number>> }>(db, sql`SELECT value FROM app_settings WHERE key = 'lookup_prices'`);
  const v = row?.value ?? {};
  const price = (t: LookupType) => (typeof v[t] === "number" && v[t] >= 0 ? v[t] : DEFAULT_PRICES[t]);
  return { 1: price(1), 2: price(2), 3: price(3), 4: price(4), 5: price(5) };
}

export async function setLookupPrices(db: DbOrTx, prices: Partial<Record<LookupType, number>>): Promise<void> {
  await db.execute(
    sql`INSERT INTO app_settings (key, value) VALUES ('lookup_prices', ${JSON.stringify(prices)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = app_settings.value || EXCLUDED.value, updated_at = now()`,
  );
}

export async function freeLookupAllowance(db: DbOrTx): Promise<number> {
  const row = await one<{ value: unknown }>(db, sql`SELECT value FROM app_settings WHERE key = 'lookup_free_items'`);
  return typeof row?.value === "number" && row.value >= 0 ? Math.trunc(row.value) : DEFAULT_FREE_LOOKUPS;
}

/** Dollars to the ledger's four places. */
export function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/**
 * What the platform charges per SMS part and per email sent through its own (default) gateways; a team's own gateway
 * bills the team through its provider, and Leadflow charges nothing for it. `app_settings.send_prices` overrides.
 */
export const DEFAULT_SEND_PRICES = { sms: 0.0095, email: 0.001 } as const;

export async function sendPrices(db: DbOrTx): Promise<{ sms: number; email: number }> {
  const row = await one<{ value: Partial<Record<string, number>> }>(db, sql`SELECT value FROM app_settings WHERE key = 'send_prices'`);
  const v = row?.value ?? {};
  const price = (k: "sms" | "email") => (typeof v[k] === "number" && v[k] >= 0 ? v[k] : DEFAULT_SEND_PRICES[k]);
  return { sms: price("sms"), email: price("email") };
}
