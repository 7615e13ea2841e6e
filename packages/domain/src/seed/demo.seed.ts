import { sql } from "drizzle-orm";
import { createUser } from "../accounts/auth.service";
import { findUserByEmail } from "../accounts/users.queries";
import { topUp } from "../billing";
import { createGateway } from "../gateways";
import { createList } from "../lists";
import { carrierGroupRules, createPool, createRoute } from "../routing";
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
    // A paying customer's plan, so the demo shows real limits on its Plan card.
    plan: "standard",
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
  await seedDemoSending(db, ctx);
  return { created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

/** Sandbox numbers in the 555-01xx range, which is reserved for fiction: never a real subscriber's. */
export const DEMO_SMS_NUMBERS = ["+12015550101", "+12015550102", "+12015550103", "+12015550104", "+12015550105"] as const;

/**
 * Campaigns send end to end on a fresh install too: sandbox SMS and email gateways, a pool of two of the numbers and
 * a route (default 60/min; AT&T and Verizon on their own numbers, 30/min each).
 */
async function seedDemoSending(db: DbOrTx, ctx: TeamCtx): Promise<void> {
  const [main, att, verizon, poolA, poolB] = DEMO_SMS_NUMBERS;
  const base = { type: "sandbox", active: true, allow_lookup: false, is_force: false, params: {} };
  const sms = await createGateway(db, ctx, {
    ...base,
    kind: "sms",
    name: "Sandbox SMS",
    senders: { numbers: DEMO_SMS_NUMBERS.map((number) => ({ number })), pools: [], dids: [], did_groups: [], list: [] },
  });
  await createGateway(db, ctx, { ...base, kind: "email", name: "Sandbox Email" });
  const phone = (sender: string) => ({ gateway_id: sms.id, sender_type: "phone" as const, sender, sender_name: "" });
  await createPool(db, ctx, { name: "Demo pool", senders: [phone(poolA), phone(poolB)] });
  const groups = await carrierGroupRules(db);
  const groupId = (name: string) => {
    const found = groups.find((g) => g.name === name);
    if (!found) throw new Error(`The carrier group ${name} is missing: migration 0007 seeds it.`);
    return found.id;
  };
  await createRoute(db, ctx, {
    name: "Demo route",
    default: { ...phone(main), frequency: 60 },
    groups: [
      { ...phone(att), group_id: groupId("AT&T"), frequency: 30 },
      { ...phone(verizon), group_id: groupId("Verizon"), frequency: 30 },
    ],
  });
}

export async function isEmptyInstall(db: DbOrTx): Promise<boolean> {
  const row = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  return !row?.n;
}
