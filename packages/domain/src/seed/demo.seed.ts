import { sql } from "drizzle-orm";
import { createUser } from "../accounts/auth.service";
import { findUserByEmail } from "../accounts/users.queries";
import { topUp } from "../billing";
import { createGateway } from "../gateways";
import { createList } from "../lists";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, one } from "../shared/rows";
import { createSource } from "../sources";

export const DEMO_EMAIL = "demo@leadflow.local";
export const DEMO_PASSWORD = "Demo#2026";

const demoSources: Record<string, string[]> = {
  "Facebook Ads": ["Spring campaign", "Retargeting"],
  "Google Ads": ["Search — insurance", "Display"],
  "Partner referrals": ["Q4 partners"],
};

/** The demo team: an approved admin and a few sources and lists. Safe to run again: an existing demo user is left as is. */
export async function seedDemo(db: DbOrTx): Promise<{ created: boolean; email: string; password: string }> {
  if (await findUserByEmail(db, DEMO_EMAIL)) return { created: false, email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const user = await createUser(db, {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    name: "Demo Admin",
    admin: true,
    teamName: "Demo team",
    phone: "+15555550100",
  });
  const ctx: TeamCtx = { teamId: user.team_id, userId: user.id, role: "team_admin" };
  for (const [source, lists] of Object.entries(demoSources)) {
    const s = await createSource(db, ctx, { name: source });
    for (const list of lists) await createList(db, ctx, s.id, { name: list });
  }
  // Lookups run end to end on a fresh install: a sandbox gateway of each lookup kind and some money.
  const sandboxes = [
    ["sms_lookup", "Sandbox carrier lookup"],
    ["sms_dnc", "Sandbox DNC check"],
    ["email_lookup", "Sandbox email verification"],
  ] as const;
  for (const [kind, name] of sandboxes)
    await createGateway(db, ctx, { kind, type: "sandbox", name, active: true, allow_lookup: true, is_force: false, params: {} });
  await topUp(db, ctx.teamId, 10, "Demo credit");
  return { created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

export async function isEmptyInstall(db: DbOrTx): Promise<boolean> {
  const row = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  return !row?.n;
}
