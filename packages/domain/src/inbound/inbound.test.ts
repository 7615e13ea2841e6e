import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveTeamMessaging } from "../keywords";
import { SandboxCallbacks } from "../providers";
import { runDispatcher } from "../sending";
import { addRow, type Setup, setUp } from "../sending/testing";
import type { TeamCtx } from "../shared/context";
import { createPacer } from "../shared/pacer";
import { one, rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { applyReplies } from "./inbound-apply";

let database: Database;
let factory: ReturnType<typeof makeFactory>;
/** The sandbox's status callbacks for the answers: posted nowhere. */
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
let seq = 0;

/** A campaign on the team's sandbox gateway whose first message went to a lead's phone from SENDER. */
async function world(): Promise<Setup & { phone: string; leadId: number; messageId: number; ctx: TeamCtx; email: string }> {
  const { ctx, email } = await factory.team();
  const s = await setUp(database.db, ctx.teamId);
  const lead = await one<{ id: number }>(database.db, sql`INSERT INTO leads (team_id) VALUES (${ctx.teamId}) RETURNING id::float8 AS id`);
  const row = await addRow(database.db, s);
  await database.db.execute(
    sql`UPDATE campaign_messages SET lead_id = ${lead!.id}, sender = ${SENDER}, sender_kind = 'number' WHERE id = ${row.id}`,
  );
  await database.db.execute(sql`INSERT INTO lead_phones (team_id, lead_id, phone) VALUES (${ctx.teamId}, ${lead!.id}, ${row.address})`);
  return { ...s, phone: row.address, leadId: lead!.id, messageId: row.id, ctx, email };
}

const reply = (w: { gatewayId: number; teamId: number; phone: string }, body: string, eventId = `in-${++seq}`) =>
  database.db.transaction((tx) =>
    applyReplies(tx, { id: w.gatewayId, teamId: w.teamId, type: "sandbox" }, [
      { eventId, from: w.phone, to: SENDER, body, receivedAt: null },
    ]),
  );

/** The answers go out through the gateway's dispatcher, as every message does. */
const answers = (w: { gatewayId: number }) =>
  runDispatcher(
    { db: database.db, publicUrl: "http://localhost:3000", providerOptions: { sandboxCallbacks: callbacks }, pacer: createPacer(1000) },
    w.gatewayId,
  );

const inbound = (teamId: number) =>
  rows<{
    intent: string;
    lead_id: number;
    campaign_id: number;
    message_id: number;
    answer_state: string | null;
    needs_review: boolean;
    answer_message: string | null;
  }>(
    database.db,
    sql`SELECT intent, lead_id::float8 AS lead_id, campaign_id, message_id::float8 AS message_id, answer_state, needs_review, answer_message
        FROM inbound_messages WHERE team_id = ${teamId} ORDER BY id`,
  );
const suppressed = async (teamId: number, phone: string) =>
  (await rows(database.db, sql`SELECT 1 FROM suppressions WHERE team_id = ${teamId} AND channel = 'sms' AND address = ${phone}`)).length >
  0;
const phoneStatus = async (teamId: number, phone: string) =>
  (await one<{ status: number }>(database.db, sql`SELECT status FROM lead_phones WHERE team_id = ${teamId} AND phone = ${phone}`))?.status;

describe("STOP", () => {
  it("suppresses team-wide, unsubscribes the phone, cancels its open rows with counters, answers once", async () => {
    const w = await world();
    const planned = await addRow(database.db, w, { state: "planned", key: 1 });
    const claimed = await addRow(database.db, w, { state: "claimed", key: 2 });
    const submitting = await addRow(database.db, w, { state: "submitting", key: 2 });
    await database.db.execute(
      sql`UPDATE campaign_messages SET address = ${w.phone} WHERE id IN (${planned.id}, ${claimed.id}, ${submitting.id})`,
    );
    const other = await addRow(database.db, w, { state: "planned" });

    expect(await reply(w, "Stop.")).toMatchObject({ stored: 1, answers: 1 });
    expect(await suppressed(w.teamId, w.phone)).toBe(true);
    expect(await phoneStatus(w.teamId, w.phone)).toBe(2);
    const states = await rows<{ id: number; state: string; reason: string | null }>(
      database.db,
      sql`SELECT id::float8 AS id, state, reason FROM campaign_messages WHERE campaign_id = ${w.campaignId} ORDER BY id`,
    );
    const stateOf = (id: number) => states.find((r) => r.id === id);
    expect(stateOf(planned.id)).toMatchObject({ state: "cancelled", reason: "unsubscribed" });
    expect(stateOf(claimed.id)).toMatchObject({ state: "cancelled", reason: "unsubscribed" });
    // Already committed for the provider: the dispatcher's pre-call look holds it back (opt-out-gate.ts).
    expect(stateOf(submitting.id)?.state).toBe("submitting");
    expect(stateOf(other.id)?.state).toBe("planned");
    const counted = await one<{ cancelled: number; processed: number; unsubscribed: number }>(
      database.db,
      sql`SELECT sum(cancelled)::int AS cancelled, sum(processed)::int AS processed, sum(unsubscribed)::int AS unsubscribed
          FROM campaign_counters WHERE campaign_id = ${w.campaignId}`,
    );
    expect(counted).toEqual({ cancelled: 2, processed: 2, unsubscribed: 1 });
    expect(await inbound(w.teamId)).toMatchObject([
      { intent: "stop", lead_id: w.leadId, campaign_id: w.campaignId, message_id: w.messageId, answer_state: "planned" },
    ]);
    await answers(w);
    expect(await inbound(w.teamId)).toMatchObject([{ answer_state: "accepted" }]);
    const logged = await rows(
      database.db,
      sql`SELECT 1 FROM lead_logs WHERE team_id = ${w.teamId} AND lead_id = ${w.leadId} AND action = 'unsubscribe'`,
    );
    expect(logged).toHaveLength(1);
  });

  it("changes nothing and sends nothing for a repeated webhook, or a second STOP", async () => {
    const w = await world();
    await answers(w);
    expect(await reply(w, "STOP", "same-id")).toMatchObject({ stored: 1, answers: 1 });
    expect(await reply(w, "STOP", "same-id")).toMatchObject({ stored: 0, answers: 0 });
    expect(await reply(w, "stop")).toMatchObject({ stored: 1, answers: 0 });
    await answers(w);
    expect((await inbound(w.teamId)).map((r) => r.answer_state)).toEqual(["accepted", null]);
  });

  it("answers exactly once when the same reply arrives many times at once", async () => {
    const w = await world();
    await answers(w);
    const results = await Promise.all(Array.from({ length: 8 }, () => reply(w, "STOP", "raced").catch(() => null)));
    expect(results.filter((r) => r?.stored === 1)).toHaveLength(1);
    // Two senders at once (two workers): the answer is taken by one of them only.
    await Promise.all([answers(w), answers(w)]);
    expect(await inbound(w.teamId)).toMatchObject([{ answer_state: "accepted" }]);
  });

  it("leaves another team's data untouched", async () => {
    const w = await world();
    const them = await world();
    await database.db.execute(sql`UPDATE lead_phones SET phone = ${w.phone} WHERE team_id = ${them.teamId}`);
    const theirs = await addRow(database.db, them, { state: "planned" });
    await database.db.execute(sql`UPDATE campaign_messages SET address = ${w.phone} WHERE id = ${theirs.id}`);
    await reply(w, "STOP");
    expect(await suppressed(them.teamId, w.phone)).toBe(false);
    expect(await phoneStatus(them.teamId, w.phone)).toBe(1);
    expect((await one<{ state: string }>(database.db, sql`SELECT state FROM campaign_messages WHERE id = ${theirs.id}`))?.state).toBe(
      "planned",
    );
    expect(await inbound(them.teamId)).toEqual([]);
  });
});

describe("fuzzy opt-outs, START and HELP", () => {
  it("suppresses a fuzzy opt-out for review with the STOP confirmation, and START lifts it with one confirmation", async () => {
    const w = await world();
    expect(await reply(w, "wrong number")).toMatchObject({ stored: 1, answers: 1 });
    expect(await suppressed(w.teamId, w.phone)).toBe(true);
    expect(await inbound(w.teamId)).toMatchObject([{ intent: "fuzzy_stop", needs_review: true, answer_state: "planned" }]);
    expect(await reply(w, "START")).toMatchObject({ answers: 1 });
    expect(await suppressed(w.teamId, w.phone)).toBe(false);
    expect(await phoneStatus(w.teamId, w.phone)).toBe(1);
    // Nothing to lift: a plain "yes" is not answered as a resubscription.
    expect(await reply(w, "yes")).toMatchObject({ answers: 0 });
    await answers(w);
    expect((await inbound(w.teamId)).map((r) => r.answer_state)).toEqual(["accepted", "accepted", null]);
  });

  it("does not lift a suppression STOP did not write", async () => {
    const w = await world();
    await database.db.execute(
      sql`INSERT INTO suppressions (team_id, channel, address, reason) VALUES (${w.teamId}, 'sms', ${w.phone}, 'complaint')`,
    );
    await reply(w, "start");
    expect(await suppressed(w.teamId, w.phone)).toBe(true);
  });

  it("answers HELP at most once a day per phone", async () => {
    const w = await world();
    expect(await reply(w, "HELP")).toMatchObject({ answers: 1 });
    expect(await reply(w, "info")).toMatchObject({ answers: 0 });
    await answers(w);
    expect((await inbound(w.teamId)).map((r) => r.answer_state)).toEqual(["accepted", null]);
    await database.db.execute(sql`UPDATE inbound_messages SET created_at = now() - interval '25 hours' WHERE team_id = ${w.teamId}`);
    expect(await reply(w, "help")).toMatchObject({ answers: 1 });
  });
});

describe("answers in the team's name", () => {
  const teamName = async (teamId: number) =>
    (await one<{ name: string }>(database.db, sql`SELECT name FROM teams WHERE id = ${teamId}`))!.name;

  it("confirms a mistyped STOP once, in the team's brand; a second opt-out of any kind hears nothing", async () => {
    const w = await world();
    await saveTeamMessaging(database.db, w.ctx, { brand_name: "Acme Flowers", help_contact: "+1 212 555 0100" });
    expect(await reply(w, "stopp")).toMatchObject({ stored: 1, answers: 1 });
    expect(await suppressed(w.teamId, w.phone)).toBe(true);
    expect(await phoneStatus(w.teamId, w.phone)).toBe(2);
    expect(await reply(w, "sotp")).toMatchObject({ stored: 1, answers: 0 });
    expect(await reply(w, "STOP")).toMatchObject({ stored: 1, answers: 0 });
    await answers(w);
    expect(await inbound(w.teamId)).toMatchObject([
      {
        intent: "fuzzy_stop",
        needs_review: true,
        answer_state: "accepted",
        answer_message: "Acme Flowers: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
      },
      { intent: "fuzzy_stop", answer_state: null, answer_message: null },
      { intent: "stop", answer_state: null, answer_message: null },
    ]);
  });

  it("names the team's help contact in HELP, else its first admin's email, and its name when it has no brand", async () => {
    const w = await world();
    await saveTeamMessaging(database.db, w.ctx, { brand_name: "Acme", help_contact: "help@acme.test" });
    expect(await reply(w, "HELP")).toMatchObject({ answers: 1 });
    expect((await inbound(w.teamId)).at(-1)?.answer_message).toBe(
      "Acme: Help at help@acme.test. Msg&data rates may apply. Reply STOP to opt out.",
    );

    const plain = await world();
    // A later admin and an operator do not change whose email stands in.
    await factory.member(plain.ctx, "team_admin");
    await factory.member(plain.ctx, "team_operator");
    await reply(plain, "help");
    await reply(plain, "STOP");
    await reply(plain, "START");
    const name = await teamName(plain.teamId);
    expect((await inbound(plain.teamId)).map((r) => r.answer_message)).toEqual([
      `${name}: Help at ${plain.email}. Msg&data rates may apply. Reply STOP to opt out.`,
      `${name}: You are unsubscribed and will get no more messages. Reply START to resubscribe.`,
      `${name}: You are resubscribed. Reply HELP for help, STOP to opt out.`,
    ]);
  });

  it("leaves the contact sentence out when the team has no contact and no admin", async () => {
    const w = await world();
    await database.db.execute(sql`UPDATE users SET role = 'team_operator' WHERE team_id = ${w.teamId}`);
    await reply(w, "info");
    expect((await inbound(w.teamId)).at(-1)?.answer_message).toBe(
      `${await teamName(w.teamId)}: Msg&data rates may apply. Reply STOP to opt out.`,
    );
  });

  it("keeps an answer in one SMS part when the team's name is long", async () => {
    const w = await world();
    const long = "Springfield Flowers Gifts Balloons Party Supplies & Cards Delivered Daily, Every Day Of The Week";
    await database.db.execute(sql`UPDATE teams SET name = ${long} WHERE id = ${w.teamId}`);
    await reply(w, "stop");
    expect((await inbound(w.teamId)).at(-1)?.answer_message).toBe(
      "Springfield Flowers Gifts Balloons Party Supplies & Cards Delivered Daily: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
    );
  });
});

describe("keywords", () => {
  const keyword = (w: Setup, word: string, action: string, extra: { list?: number; campaign?: number; text?: string } = {}) =>
    database.db.execute(
      sql`INSERT INTO sms_keywords (team_id, words, phones, response_message, action, list_id, automation_campaign_id)
          VALUES (${w.teamId}, ${`{${word}}`}, '{*}', ${extra.text ?? ""}, ${action}, ${extra.list ?? null}, ${extra.campaign ?? null})`,
    );

  it("replies, subscribes to a list, unsubscribes, and starts a trigger campaign", async () => {
    const w = await world();
    await keyword(w, "DEALS", "reply", { text: "Today's deals: 20% off." });
    expect(await reply(w, "deals!")).toMatchObject({ answers: 1 });
    expect((await inbound(w.teamId)).at(-1)).toMatchObject({ intent: "keyword", answer_message: "Today's deals: 20% off." });

    const source = await one<{ id: number }>(
      database.db,
      sql`INSERT INTO sources (team_id, name) VALUES (${w.teamId}, 'Src') RETURNING id`,
    );
    const list = await one<{ id: number }>(
      database.db,
      sql`INSERT INTO lists (team_id, source_id, name) VALUES (${w.teamId}, ${source!.id}, 'VIP') RETURNING id`,
    );
    await keyword(w, "VIP", "subscribe", { list: list!.id });
    await reply(w, "VIP");
    await reply(w, "vip");
    const member = await rows(
      database.db,
      sql`SELECT 1 FROM list_leads WHERE team_id = ${w.teamId} AND list_id = ${list!.id} AND lead_id = ${w.leadId}`,
    );
    expect(member).toHaveLength(1);
    expect((await one<{ total_leads: number }>(database.db, sql`SELECT total_leads FROM lists WHERE id = ${list!.id}`))?.total_leads).toBe(
      1,
    );

    await keyword(w, "BYE", "unsubscribe", { text: "Bye." });
    await reply(w, "bye");
    expect(await suppressed(w.teamId, w.phone)).toBe(true);
  });

  it("sends no keyword's reply and no HELP answer to a phone that opted out, and says why on the reply", async () => {
    const w = await world();
    await keyword(w, "DEALS", "reply", { text: "Today's deals: 20% off." });
    await reply(w, "STOP");
    // A moment later the same phone texts the keyword and HELP: their answers are planned, but the one door holds them.
    expect(await reply(w, "DEALS")).toMatchObject({ answers: 1 });
    expect(await reply(w, "HELP")).toMatchObject({ answers: 1 });
    await answers(w);
    const sent = await rows<{ intent: string; answer_state: string; answer_error: string | null }>(
      database.db,
      sql`SELECT intent, answer_state, answer_error FROM inbound_messages WHERE team_id = ${w.teamId} ORDER BY id`,
    );
    expect(sent).toEqual([
      { intent: "stop", answer_state: "accepted", answer_error: null },
      { intent: "keyword", answer_state: "rejected", answer_error: "The recipient opted out before the message left." },
      { intent: "help", answer_state: "rejected", answer_error: "The recipient opted out before the message left." },
    ]);
  });

  it("enrols the lead into the keyword's trigger campaign once", async () => {
    const w = await world();
    const trigger = await one<{ id: number }>(
      database.db,
      sql`INSERT INTO campaigns (team_id, name, type, status, gateway_id) VALUES (${w.teamId}, 'Keyword trigger', 'automation', 'active', ${w.gatewayId})
          RETURNING id`,
    );
    await database.db.execute(
      sql`INSERT INTO campaign_steps (team_id, campaign_id, position, type, name, message) VALUES (${w.teamId}, ${trigger!.id}, 0, 'sms', 'Hi', 'Hello')`,
    );
    await keyword(w, "JOIN", "trigger", { campaign: trigger!.id });
    await reply(w, "join");
    await reply(w, "JOIN");
    const planned = await rows(
      database.db,
      sql`SELECT 1 FROM campaign_messages WHERE campaign_id = ${trigger!.id} AND lead_id = ${w.leadId}`,
    );
    expect(planned).toHaveLength(1);
  });
});
