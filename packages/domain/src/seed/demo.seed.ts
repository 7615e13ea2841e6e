import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { createUser, findUserByEmail } from "../accounts";
import { topUp } from "../billing";
import { createGateway } from "../gateways";
import { createList } from "../lists";
import { carrierGroupRules, createPool, createRoute } from "../routing";
import { getSetting, setSetting } from "../settings";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, one } from "../shared/rows";
import { createSource } from "../sources";
import { DEMO_SOURCES, seedDemoActivity } from "./demo-activity";

export const DEMO_EMAIL = "demo@leadflow.local";
export const DEMO_PASSWORD = "Demo#2026";

/**
 * What the demo holds, as `demo_version` records it: 1, the team with its sources, lists, sandbox gateways, pool,
 * route and credit; 2, also its leads, audience and two finished campaigns (demo-activity.ts). A demo made before 2
 * gets the rest once, from `seed demo`.
 */
const DEMO_VERSION = 2;

export interface SeededDemo {
  /** The demo team was made now. */
  created: boolean;
  /** Its leads and campaigns were added now (with a new team, or to an older demo). */
  added: boolean;
  /** Why the campaigns were left out: the demo's sandbox senders were removed. */
  skipped?: string;
  email: string;
  password: string;
}

/**
 * The demo team: an approved admin, sources, lists, sandbox gateways and credit, then its leads and finished
 * campaigns. Safe to run again: what a run finds done it leaves as it is. `appUrl`: the app's public address, which
 * the demo messages' links are made on.
 */
export async function seedDemo(db: Db, opts: { appUrl?: string } = {}): Promise<SeededDemo> {
  const found = await findUserByEmail(db, DEMO_EMAIL);
  const user = found ?? (await seedDemoTeam(db));
  const answer = { created: !found, added: false, email: DEMO_EMAIL, password: DEMO_PASSWORD };
  // A demo made before the version was recorded is the first version's; a demo made now always gets its history.
  if (found && (await getSetting(db, "demo_version")) >= DEMO_VERSION) return answer;
  const ctx: TeamCtx = { teamId: user.team_id, userId: user.id, role: "team_admin" };
  const publicUrl = (opts.appUrl ?? "http://localhost:3000").replace(/\/+$/, "");
  const sent = await seedDemoActivity(db, ctx, { publicUrl });
  await setSetting(db, "demo_version", DEMO_VERSION);
  return sent
    ? { ...answer, added: true }
    : { ...answer, added: true, skipped: "its Sandbox SMS, Sandbox Email or Demo pool is gone, so its campaigns were not sent" };
}

/** The first version's demo: the team, its sources and lists, sandbox gateways, pool, route and credit. */
export async function seedDemoTeam(db: DbOrTx): Promise<{ id: number; team_id: number }> {
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
  for (const [source, lists] of Object.entries(DEMO_SOURCES)) {
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
  return user;
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
