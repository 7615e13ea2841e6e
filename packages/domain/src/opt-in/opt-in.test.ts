import { DefaultConsentText, DefaultSuccessMessage, type SaveSignupForm } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttributes } from "../attributes";
import { applyReplies } from "../inbound";
import { saveTeamMessaging } from "../keywords";
import { SandboxCallbacks } from "../providers";
import { runDispatcher } from "../sending";
import { setUp } from "../sending/testing";
import type { TeamCtx } from "../shared/context";
import { createPacer } from "../shared/pacer";
import { one, rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { type PublicForm, publicSignupForm, submitSignupForm } from "./form-submit";
import { listGrowth } from "./list-growth";
import { getSignupForm, saveSignupForm } from "./signup-forms.service";

let database: Database;
let factory: ReturnType<typeof makeFactory>;
const callbacks = new SandboxCallbacks({ delayMs: 0, post: async () => undefined });
beforeAll(async () => {
  database = await createTestDatabase();
  factory = makeFactory(database);
});
afterAll(async () => {
  await callbacks.close();
  await database.close();
});

const SENDER = "+12125550100";
const APP = "http://localhost:3000";
const META = {
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
  pageUrl: "https://go.brand.test/f/x",
};
let seq = 0;

interface World {
  ctx: TeamCtx;
  teamId: number;
  gatewayId: number;
  listId: number;
  firstName: number;
  email: number;
}

async function world(): Promise<World> {
  const { ctx } = await factory.team();
  const s = await setUp(database.db, ctx.teamId);
  await saveTeamMessaging(database.db, ctx, { brand_name: "Acme", help_contact: null });
  const source = await one<{ id: number }>(
    database.db,
    sql`INSERT INTO sources (team_id, name) VALUES (${ctx.teamId}, 'Web') RETURNING id`,
  );
  const list = await one<{ id: number }>(
    database.db,
    sql`INSERT INTO lists (team_id, source_id, name) VALUES (${ctx.teamId}, ${source!.id}, 'VIP') RETURNING id`,
  );
  const [first] = await createAttributes(database.db, ctx, [{ name: "First Name", type: "string" }]);
  const email = await one<{ id: number }>(
    database.db,
    sql`SELECT id FROM lead_attributes WHERE team_id = ${ctx.teamId} AND type = 'email' AND is_system`,
  );
  return { ctx, teamId: ctx.teamId, gatewayId: s.gatewayId, listId: list!.id, firstName: first!.id, email: email!.id };
}

const input = (w: World, over: Partial<SaveSignupForm> = {}): SaveSignupForm => ({
  title: "Join VIP",
  description: "Deals first.",
  fields: [
    { attribute_id: w.firstName, label: "First name", required: true },
    { attribute_id: w.email, label: "Email", required: false },
  ],
  consent_text: DefaultConsentText,
  success_message: DefaultSuccessMessage,
  double_opt_in: false,
  enabled: true,
  gateway_id: null,
  from_number: null,
  ...over,
});

/** The world's form as its public page reads it; double opt-in requests leave from the sandbox gateway's SENDER. */
async function form(w: World, over: Partial<SaveSignupForm> = {}): Promise<PublicForm> {
  const saved = await saveSignupForm(database.db, w.ctx, w.listId, input(w, over), APP);
  await database.db.execute(sql`UPDATE signup_forms SET gateway_id = ${w.gatewayId}, from_number = ${SENDER} WHERE id = ${saved.id}`);
  return (await publicSignupForm(database.db, saved.code, null))!;
}

const phone = () => `+1201555${String(1000 + ++seq).slice(-4)}`;

const reply = (w: World, from: string, body: string) =>
  database.db.transaction((tx) =>
    applyReplies(tx, { id: w.gatewayId, teamId: w.teamId, type: "sandbox" }, [
      { eventId: `in-${++seq}-${Date.now()}`, from, to: SENDER, body, receivedAt: null },
    ]),
  );
const dispatch = (w: World) =>
  runDispatcher(
    { db: database.db, publicUrl: APP, providerOptions: { sandboxCallbacks: callbacks }, pacer: createPacer(1000) },
    w.gatewayId,
  );

const count = async (table: string, teamId: number) =>
  (await one<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE team_id = ${teamId}`))!.n;
const members = (w: World) =>
  rows<{ lead_id: number }>(
    database.db,
    sql`SELECT lead_id::float8 AS lead_id FROM list_leads WHERE team_id = ${w.teamId} AND list_id = ${w.listId}`,
  );
const consents = (teamId: number) =>
  rows<{
    lead_id: number;
    origin: string;
    ip: string | null;
    user_agent: string | null;
    page_url: string | null;
    captured_at: string | null;
    language: string | null;
    evidence: string | null;
  }>(
    database.db,
    sql`SELECT lead_id::float8 AS lead_id, origin, ip, user_agent, page_url, captured_at::text, language, evidence FROM lead_consents WHERE team_id = ${teamId} ORDER BY id`,
  );
const requests = (teamId: number) =>
  rows<{ state: string; send_state: string | null; lead_id: number | null; message: string | null }>(
    database.db,
    sql`SELECT state, send_state, lead_id::float8 AS lead_id, message FROM opt_in_requests WHERE team_id = ${teamId} ORDER BY id`,
  );

describe("a sign-up form", () => {
  it("saves its settings once per list and keeps its code", async () => {
    const w = await world();
    expect((await getSignupForm(database.db, w.ctx, w.listId, APP)).data).toBeNull();
    const a = await saveSignupForm(database.db, w.ctx, w.listId, input(w), APP);
    const b = await saveSignupForm(database.db, w.ctx, w.listId, input(w, { title: "Join now", enabled: false }), APP);
    expect(b).toMatchObject({ id: a.id, code: a.code, title: "Join now", enabled: false, url: `${APP}/f/${a.code}` });
    // Disabled, another team's host, an unknown code: no page.
    expect(await publicSignupForm(database.db, a.code, null)).toBeNull();
    await saveSignupForm(database.db, w.ctx, w.listId, input(w), APP);
    expect(await publicSignupForm(database.db, a.code, w.teamId)).not.toBeNull();
    expect(await publicSignupForm(database.db, a.code, w.teamId + 100_000)).toBeNull();
    expect(await publicSignupForm(database.db, "AAAAAAAAAA", null)).toBeNull();
    const other = await world();
    await expect(saveSignupForm(database.db, other.ctx, w.listId, input(other), APP)).rejects.toMatchObject({ code: "list_not_found" });
    await expect(saveSignupForm(database.db, other.ctx, other.listId, input(w), APP)).rejects.toMatchObject({
      code: "signup_form_field_invalid",
    });
  });

  it("creates the lead in the list with a consent record of the page, address, agent, time and text", async () => {
    const w = await world();
    const f = await form(w);
    const p = phone();
    const before = Date.now();
    const out = await submitSignupForm(
      database.db,
      f,
      { phone: `(${p.slice(2, 5)}) ${p.slice(5, 8)}-${p.slice(8)}`, [`f${w.firstName}`]: "Ann", [`f${w.email}`]: "ANN@Example.com" },
      META,
    );
    expect(out).toMatchObject({ kind: "done", pending: false });
    const [m] = await members(w);
    expect(m).toBeDefined();
    expect(
      await one(database.db, sql`SELECT 1 FROM lead_phones WHERE team_id = ${w.teamId} AND lead_id = ${m!.lead_id} AND phone = ${p}`),
    ).toBeTruthy();
    expect(
      await one(
        database.db,
        sql`SELECT 1 FROM lead_emails WHERE team_id = ${w.teamId} AND lead_id = ${m!.lead_id} AND email = 'ann@example.com'`,
      ),
    ).toBeTruthy();
    const [c] = await consents(w.teamId);
    expect(c).toMatchObject({ lead_id: m!.lead_id, origin: "form", ip: META.ip, user_agent: META.userAgent, page_url: META.pageUrl });
    expect(c!.language).toContain("Acme");
    expect(c!.language).toContain("Msg & data rates may apply");
    expect(Date.parse(c!.captured_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await requests(w.teamId)).toMatchObject([{ state: "confirmed", lead_id: m!.lead_id, send_state: null }]);
    expect((await one<{ total_leads: number }>(database.db, sql`SELECT total_leads FROM lists WHERE id = ${w.listId}`))!.total_leads).toBe(
      1,
    );
  });

  it("writes nothing for a bad phone, a bad email or a missing required field, and says what to fix", async () => {
    const w = await world();
    const f = await form(w);
    const before = await Promise.all(["leads", "lead_consents", "opt_in_requests", "list_leads"].map((t) => count(t, w.teamId)));
    expect(await submitSignupForm(database.db, f, { phone: "12345", [`f${w.firstName}`]: "Ann" }, META)).toEqual({
      kind: "invalid",
      errors: { phone: "Enter a valid mobile number." },
    });
    expect(await submitSignupForm(database.db, f, { phone: phone(), [`f${w.email}`]: "not-an-email" }, META)).toEqual({
      kind: "invalid",
      errors: { [`f${w.firstName}`]: "Enter your first name.", [`f${w.email}`]: "Enter a valid email address." },
    });
    expect(await submitSignupForm(database.db, f, { [`f${w.firstName}`]: "Ann" }, META)).toEqual({
      kind: "invalid",
      errors: { phone: "Enter your mobile number." },
    });
    const after = await Promise.all(["leads", "lead_consents", "opt_in_requests", "list_leads"].map((t) => count(t, w.teamId)));
    expect(after).toEqual(before);
  });
});

describe("double opt-in", () => {
  it("keeps a form's lead pending, sends the request through the lane, and a YES confirms once", async () => {
    const w = await world();
    const f = await form(w, { double_opt_in: true });
    const p = phone();
    expect(await submitSignupForm(database.db, f, { phone: p, [`f${w.firstName}`]: "Bo" }, META)).toMatchObject({
      kind: "done",
      pending: true,
      wake: [w.gatewayId],
    });
    // Posted again while the first waits: no second request, no second SMS.
    await submitSignupForm(database.db, f, { phone: p, [`f${w.firstName}`]: "Bo" }, META);
    expect(await members(w)).toHaveLength(0);
    expect(await requests(w.teamId)).toMatchObject([{ state: "pending", send_state: "planned", lead_id: null }]);
    await dispatch(w);
    const [sent] = await requests(w.teamId);
    expect(sent).toMatchObject({ state: "pending", send_state: "accepted" });
    expect(sent!.message).toContain("Reply YES to confirm");

    await reply(w, p, "Yes!");
    const list = await members(w);
    expect(list).toHaveLength(1);
    const cs = await consents(w.teamId);
    expect(cs).toHaveLength(1);
    expect(cs[0]).toMatchObject({ lead_id: list[0]!.lead_id, origin: "form", ip: META.ip, page_url: META.pageUrl });
    expect(cs[0]!.evidence).toMatch(/confirmed by the reply YES \(message \d+\)/);
    expect(await requests(w.teamId)).toMatchObject([{ state: "confirmed", lead_id: list[0]!.lead_id }]);
    const answers = await rows<{ answer_message: string | null }>(
      database.db,
      sql`SELECT answer_message FROM inbound_messages WHERE team_id = ${w.teamId} ORDER BY id`,
    );
    expect(answers[0]!.answer_message).toContain("You're subscribed");

    // A second YES: nothing pending, so nothing more (and no START answer: nothing was lifted).
    await reply(w, p, "YES");
    expect(await members(w)).toHaveLength(1);
    expect(await consents(w.teamId)).toHaveLength(1);
    const again = await rows<{ answer_message: string | null }>(
      database.db,
      sql`SELECT answer_message FROM inbound_messages WHERE team_id = ${w.teamId} ORDER BY id`,
    );
    expect(again[1]!.answer_message).toBeNull();
  });

  it("STOP wins: a pending request is cancelled, a later YES confirms nothing", async () => {
    const w = await world();
    const f = await form(w, { double_opt_in: true });
    const p = phone();
    await submitSignupForm(database.db, f, { phone: p, [`f${w.firstName}`]: "Cy" }, META);
    await reply(w, p, "STOP");
    expect(await requests(w.teamId)).toMatchObject([{ state: "cancelled", send_state: "rejected" }]);
    await dispatch(w);
    expect(await requests(w.teamId)).toMatchObject([{ state: "cancelled", send_state: "rejected" }]);
    await reply(w, p, "YES");
    expect(await members(w)).toHaveLength(0);
    expect(await consents(w.teamId)).toHaveLength(0);
  });

  it("a request past its window confirms nothing", async () => {
    const w = await world();
    const f = await form(w, { double_opt_in: true });
    const p = phone();
    await submitSignupForm(database.db, f, { phone: p, [`f${w.firstName}`]: "Di" }, META);
    await database.db.execute(sql`UPDATE opt_in_requests SET expires_at = now() - interval '1 minute' WHERE team_id = ${w.teamId}`);
    await reply(w, p, "YES");
    expect(await members(w)).toHaveLength(0);
  });

  it("a double opt-in keyword asks for YES, subscribes on it once, and records the consent", async () => {
    const w = await world();
    const p = phone();
    const lead = await one<{ id: number }>(database.db, sql`INSERT INTO leads (team_id) VALUES (${w.teamId}) RETURNING id::float8 AS id`);
    await database.db.execute(sql`INSERT INTO lead_phones (team_id, lead_id, phone) VALUES (${w.teamId}, ${lead!.id}, ${p})`);
    await database.db.execute(
      sql`INSERT INTO sms_keywords (team_id, words, phones, response_message, action, list_id, double_opt_in)
          VALUES (${w.teamId}, '{JOIN}', '{*}', 'Welcome!', 'subscribe', ${w.listId}, true)`,
    );
    await reply(w, p, "join");
    expect(await members(w)).toHaveLength(0);
    const asked = await one<{ answer_message: string }>(
      database.db,
      sql`SELECT answer_message FROM inbound_messages WHERE team_id = ${w.teamId} ORDER BY id DESC LIMIT 1`,
    );
    expect(asked!.answer_message).toBe(
      "Acme: Reply YES to confirm your subscription to our texts. Msg & data rates may apply. Reply STOP to opt out.",
    );
    await reply(w, p, "yes");
    await reply(w, p, "yes");
    expect(await members(w)).toEqual([{ lead_id: lead!.id }]);
    const cs = await consents(w.teamId);
    expect(cs).toHaveLength(1);
    expect(cs[0]).toMatchObject({ lead_id: lead!.id, origin: "keyword" });
    expect(cs[0]!.evidence).toMatch(/keyword text, message \d+.*reply YES \(message \d+\)/);
    // Already a member: the keyword's ordinary answer, no new request.
    await reply(w, p, "join");
    expect((await requests(w.teamId)).length).toBe(1);
  });

  it("YES with nothing pending is START as before", async () => {
    const w = await world();
    const p = phone();
    await reply(w, p, "STOP");
    await reply(w, p, "YES");
    expect(await one(database.db, sql`SELECT 1 FROM suppressions WHERE team_id = ${w.teamId} AND address = ${p}`)).toBeUndefined();
    expect(await requests(w.teamId)).toEqual([]);
  });
});

describe("growth", () => {
  it("equals a hand recount of joins and opt-outs per day", async () => {
    const w = await world();
    const day = (ago: number) => sql`now() - make_interval(days => ${ago})`;
    const phones: string[] = [];
    // Five leads: joined 10, 10, 3, 0 and 40 days ago (the last outside a 30-day range).
    for (const ago of [10, 10, 3, 0, 40]) {
      const p = phone();
      phones.push(p);
      const lead = await one<{ id: number }>(database.db, sql`INSERT INTO leads (team_id) VALUES (${w.teamId}) RETURNING id::float8 AS id`);
      await database.db.execute(sql`INSERT INTO lead_phones (team_id, lead_id, phone) VALUES (${w.teamId}, ${lead!.id}, ${p})`);
      await database.db.execute(
        sql`INSERT INTO list_leads (team_id, list_id, lead_id, created_at) VALUES (${w.teamId}, ${w.listId}, ${lead!.id}, ${day(ago)})`,
      );
    }
    // Opt-outs: the first two 2 days ago, the 40-day one yesterday; a phone of no member, and an email, count nothing.
    for (const [p, ago] of [
      [phones[0]!, 2],
      [phones[1]!, 2],
      [phones[4]!, 1],
      ["+12015559999", 1],
    ] as const)
      await database.db.execute(
        sql`INSERT INTO suppressions (team_id, channel, address, reason, created_at) VALUES (${w.teamId}, 'sms', ${p}, 'stop', ${day(ago)})`,
      );
    await database.db.execute(
      sql`INSERT INTO suppressions (team_id, channel, address, reason, created_at) VALUES (${w.teamId}, 'email', ${phones[2]!}, 'complaint', now())`,
    );
    const g = await listGrowth(database.db, w.ctx, w.listId, { days: 30 });
    expect(g.days).toHaveLength(30);
    const at = (ago: number) => g.days[29 - ago]!;
    expect(at(10)).toMatchObject({ joined: 2, opted_out: 0, net: 2 });
    expect(at(3)).toMatchObject({ joined: 1 });
    expect(at(0)).toMatchObject({ joined: 1, opted_out: 0 });
    expect(at(2)).toMatchObject({ joined: 0, opted_out: 2, net: -2 });
    expect(at(1)).toMatchObject({ joined: 0, opted_out: 1, net: -1 });
    expect(g.totals).toEqual({ joined: 4, opted_out: 3, net: 1 });
    const other = await world();
    await expect(listGrowth(database.db, other.ctx, w.listId, { days: 30 })).rejects.toMatchObject({ code: "list_not_found" });
  });
});
