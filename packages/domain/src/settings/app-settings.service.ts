import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

/** Installation-wide switches, stored in the database so every process sees the same value. */
interface AppSettings {
  /** Self-hosted installs may approve new registrations at once instead of by `leadflow user approve`. */
  auto_approve: boolean;
  /** The plan a registration's new team gets (a key of `plans`); `leadflow settings default-plan` changes it. */
  default_plan: string;
  /** What the demo team holds (seed/demo.seed.ts): 0 before any, 1 the team and its settings, 2 with its leads and campaigns. */
  demo_version: number;
}

export const settingDefaults: AppSettings = { auto_approve: false, default_plan: "trial", demo_version: 0 };
export type SettingKey = keyof AppSettings;
export type SettingValue<K extends SettingKey> = AppSettings[K];

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  const row = await one<{ value: SettingValue<K> }>(db, sql`SELECT value FROM app_settings WHERE key = ${key}`);
  return row ? row.value : settingDefaults[key];
}

export async function setSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>): Promise<void> {
  await db.execute(
    sql`INSERT INTO app_settings (key, value) VALUES (${key}, ${JSON.stringify(value)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
  );
}
