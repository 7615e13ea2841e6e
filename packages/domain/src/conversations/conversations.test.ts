import { ConversationThreadQuery, ListConversationsQuery } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdFunds, topUp } from "../billing";
import { applyReplies } from "../inbound";
import { SandboxCallbacks } from "../providers";
import { runDispatcher } from "../sending";
import { addRow, setUp } from "../sending/testing";
import type { TeamCtx } from "../shared/context";
import { createPacer } from "../shared/pacer";
import { one, rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { assignConversation, closeConversation, markConversationRead, reopenConversation } from "./conversation-actions";
import { replyToConversation } from "./conversation-reply";
import { getConversation } from "./conversation-thread";
import { conversationUnread, listConversations } from "./conversations.queries";

let database: Database;
let factory: ReturnType<typeof makeFactory>;
const db = () => database.db;
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

/** A zone whose local hour is within [from, to) now, whatever the hour the test runs at. */
function zoneAt(from: number, to: number): string {
  const zones = [
    "Pacific/Kiritimati",
    "Pacific/Auckland",
    "Asia/Tokyo",
    "Asia/Bangkok",
    "Asia/Kolkata",
    "Asia/Dubai",
    "Europe/Berlin",
    "Europe/London",
    "America/Sao_Paulo",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "Pacific/Honolulu",
  ];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return zones.find((z) => hour(z) >= from && hour(z) < to)!;
}

interface World {
  ctx: TeamCtx;
  gatewayId: number;
  phone: string;
  leadId: number;
  messageId: number;
}

/**
 * A team whose campaign texted a lead from SENDER (on its own sandbox gateway, or on a platform one), the recipient
 * placed in a zone where it is day (or night) now.
 */
async function world(opts: { platform?: boolean; night?: boolean } = {}): Promise<World> {
  const { ctx } = await factory.team();
  const s = await setUp(db(), ctx.teamId);
  let gatewayId = s.gatewayId;
  if (opts.platform) {
    const gw = await one<{ id: number }>(
      db(),
      sql`INSERT INTO gateways (team_id, kind, type, name, active) VALUES (NULL, 'sms', 'sandbox', ${`Platform ${++seq}-${Date.now()}`}, true)
          RETURNING id`,
    );
    gatewayId = gw!.id;
  }
  const lead = await one<{ id: number }>(db(), sql`INSERT INTO leads (team_id) VALUES (${ctx.teamId}) RETURNING id::float8 AS id`);
  const row = await addRow(db(), s);
  const zone = opts.night ? zoneAt(1, 5) : zoneAt(10, 18);
  await db().execute(
    sql`UPDATE campaign_messages SET lead_id = ${lead!.id}, sender = ${SENDER}, sender_kind = 'number', gateway_id = ${gatewayId},
          body = 'Spring sale: 20% off today', time_zone = ${zone}, us_state = 'NY'
        WHERE id = ${row.id}`,
  );
  await db().execute(sql`INSERT INTO lead_phones (team_id, lead_id, phone) VALUES (${ctx.teamId}, ${lead!.id}, ${row.address})`);
  return { ctx, gatewayId, phone: row.address, leadId: lead!.id, messageId: row.id };
}

/** A reply from the lead's phone, applied as the webhook applies it; on a platform gateway the team is found by the ledger. */
const inbound = (w: World, body: string, platform = false) =>
  db().transaction((tx) =>
    applyReplies(tx, { id: w.gatewayId, teamId: platform ? null : w.ctx.teamId, type: "sandbox" }, [
      { eventId: `in-${++seq}`, from: w.phone, to: SENDER, body, receivedAt: null },
    ]),
  );

const dispatch = (gatewayId: number) =>
  runDispatcher(
    { db: db(), publicUrl: "http://localhost:3000", providerOptions: { sandboxCallbacks: callbacks }, pacer: createPacer(1000) },
    gatewayId,
  );

const list = (ctx: TeamCtx, q: object = {}) => listConversations(db(), ctx, ListConversationsQuery.parse(q));
const thread = (ctx: TeamCtx, id: number, q: object = {}) => getConversation(db(), ctx, id, ConversationThreadQuery.parse(q));
const noWake = { wake: async () => undefined, waitMs: 0 };
const status = async (p: Promise<unknown>) => p.then(() => 200).catch((e: { status?: number }) => e.status ?? 500);

describe("conversations", () => {
  it("makes one thread per phone from its first reply, with every message to and from it in time order", async () => {
    const w = await world();
    await inbound(w, "Is the sale still on?");
    await inbound(w, "STOP");
    const page = await list(w.ctx);
    expect(page.data).toHaveLength(1);
    const c = page.data[0]!;
    expect(c).toMatchObject({
      phone: w.phone,
      lead_id: w.leadId,
      unread_count: 2,
      last_message: "STOP",
      last_direction: "in",
      opted_out: true,
    });
    const t = await thread(w.ctx, c.id);
    // Newest first: the STOP's confirmation, the opt-out, the STOP, the question, the campaign's message.
    expect(t.items.map((i) => [i.kind, i.direction])).toEqual([
      ["answer", "out"],
      ["opt_out", "system"],
      ["inbound", "in"],
      ["inbound", "in"],
      ["campaign", "out"],
    ]);
    expect(t.items[4]).toMatchObject({ body: "Spring sale: 20% off today", status: "sent" });
    expect(t.items[4]!.origin).toMatch(/^Campaign /);
    expect(t.items[1]!.body).toMatch(/^Opted out: Replied STOP\./);
    expect(t.items[0]).toMatchObject({ origin: "Opt-out confirmation", status: "queued" });
    // Keyset paging: two pages of two and one of one hold the same items.
    const first = await thread(w.ctx, c.id, { limit: 2 });
    const second = await thread(w.ctx, c.id, { limit: 2, cursor: first.meta.next_cursor });
    const third = await thread(w.ctx, c.id, { limit: 2, cursor: second.meta.next_cursor });
    expect([...first.items, ...second.items, ...third.items].map((i) => i.key)).toEqual(t.items.map((i) => i.key));
    expect(third.meta.next_cursor).toBeNull();
    // Another team sees no such thread.
    const other = await factory.team();
    expect(await status(thread(other.ctx, c.id))).toBe(404);
    expect((await list(other.ctx)).data).toHaveLength(0);
  });

  it("counts unread replies until read; closing leaves the badge, a new reply opens it again", async () => {
    const w = await world();
    await inbound(w, "Hello?");
    await inbound(w, "Anyone there?");
    const [c] = (await list(w.ctx)).data;
    expect(await conversationUnread(db(), w.ctx)).toEqual({ threads: 1, messages: 2 });
    expect((await list(w.ctx, { filter: "unread" })).data.map((x) => x.id)).toEqual([c!.id]);
    expect(await markConversationRead(db(), w.ctx, c!.id)).toMatchObject({ unread_count: 0 });
    expect(await conversationUnread(db(), w.ctx)).toEqual({ threads: 0, messages: 0 });
    expect((await list(w.ctx, { filter: "unread" })).data).toHaveLength(0);
    await inbound(w, "Hello again");
    expect(await conversationUnread(db(), w.ctx)).toEqual({ threads: 1, messages: 1 });
    expect(await closeConversation(db(), w.ctx, c!.id)).toMatchObject({ closed: true, unread_count: 0 });
    expect((await list(w.ctx)).data).toHaveLength(0);
    expect((await list(w.ctx, { filter: "closed" })).data).toHaveLength(1);
    await inbound(w, "Still here");
    expect((await list(w.ctx)).data[0]).toMatchObject({ id: c!.id, closed: false, unread_count: 1 });
    expect(await reopenConversation(db(), w.ctx, c!.id)).toMatchObject({ closed: false });
    // Search by the phone's digits.
    expect((await list(w.ctx, { search: w.phone.slice(-7) })).data).toHaveLength(1);
    expect((await list(w.ctx, { search: "5550000000" })).data).toHaveLength(0);
  });

  it("assigns a thread to a member of the team only: another team's user is a 404", async () => {
    const w = await world();
    await inbound(w, "Hi");
    const [c] = (await list(w.ctx)).data;
    const mate = await factory.member(w.ctx);
    expect(await assignConversation(db(), w.ctx, c!.id, mate.id)).toMatchObject({ assigned_user: { id: mate.id } });
    expect((await list(w.ctx, { assigned_user_id: mate.id })).data).toHaveLength(1);
    const other = await factory.team();
    expect(await status(assignConversation(db(), w.ctx, c!.id, other.ctx.userId))).toBe(404);
    expect(await status(list(w.ctx, { assigned_user_id: other.ctx.userId }))).toBe(404);
    expect(await status(assignConversation(db(), other.ctx, c!.id, null))).toBe(404);
    expect(await assignConversation(db(), w.ctx, c!.id, null)).toMatchObject({ assigned_user: null });
    expect((await list(w.ctx, { filter: "mine" })).data).toHaveLength(0);
  });

  it("refuses at once a reply to a phone that opted out, saying why", async () => {
    const w = await world();
    await inbound(w, "STOP");
    const [c] = (await list(w.ctx)).data;
    await expect(replyToConversation(db(), w.ctx, c!.id, { text: "Sorry to see you go" }, noWake)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/opted out \(replied stop, \d{4}-\d\d-\d\d\)/),
    });
    expect(await one(db(), sql`SELECT 1 FROM conversation_replies WHERE conversation_id = ${c!.id}`)).toBeUndefined();
  });

  it("holds a reply outside the recipient's window, saying why and when it goes", async () => {
    const w = await world({ night: true });
    await inbound(w, "Call me tomorrow");
    const [c] = (await list(w.ctx)).data;
    const sent = await replyToConversation(db(), w.ctx, c!.id, { text: "Will do!" }, noWake);
    expect(sent.message).toMatch(/^Held for quiet hours/);
    expect(sent.item).toMatchObject({
      kind: "reply",
      status: "held",
      detail: expect.stringMatching(/^Quiet hours: texts may reach this phone 8 am–9 pm/),
    });
    expect(Date.parse(sent.item.due_at!)).toBeGreaterThan(Date.now());
    await dispatch(w.gatewayId);
    const t = await thread(w.ctx, c!.id);
    expect(t.items[0]).toMatchObject({ key: sent.item.key, status: "held", due_at: sent.item.due_at });
  });

  it("sends a reply once through the gateway's dispatcher, charging it once on a platform gateway", async () => {
    await db().execute(
      sql`INSERT INTO app_settings (key, value) VALUES ('send_prices', '{"sms": 0.01}'::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const w = await world({ platform: true });
    await topUp(db(), w.ctx.teamId, 1, "test");
    await db().execute(sql`UPDATE team_balances SET free_sms = 0 WHERE team_id = ${w.ctx.teamId}`);
    const balance = async () =>
      (await one<{ b: number }>(db(), sql`SELECT balance::float8 AS b FROM team_balances WHERE team_id = ${w.ctx.teamId}`))!.b;
    await inbound(w, "What time do you open?", true);
    const [c] = (await list(w.ctx)).data;
    expect(c).toMatchObject({ phone: w.phone });
    const before = await balance();
    const sent = await replyToConversation(db(), w.ctx, c!.id, { text: "We open at 9 am." }, noWake);
    expect(sent.item).toMatchObject({ status: "queued", direction: "out", origin: "Inbox" });
    // Two dispatchers at once, then a third: one of them holds the lease and sends it, once.
    await Promise.all([dispatch(w.gatewayId), dispatch(w.gatewayId)]);
    await dispatch(w.gatewayId);
    const r = await rows<{ state: string; provider_id: string | null; from_number: string; cost: number }>(
      db(),
      sql`SELECT state, provider_id, from_number, cost::float8 AS cost FROM conversation_replies WHERE conversation_id = ${c!.id}`,
    );
    expect(r).toEqual([{ state: "accepted", provider_id: expect.any(String), from_number: SENDER, cost: 0.01 }]);
    expect(before - (await balance())).toBeCloseTo(0.01, 6);
    const charged = await rows<{ items: number }>(
      db(),
      sql`SELECT items FROM balance_transactions WHERE team_id = ${w.ctx.teamId} AND kind = 'reply'`,
    );
    expect(charged).toEqual([{ items: 1 }]);
    expect(await one(db(), sql`SELECT 1 FROM balance_holds WHERE team_id = ${w.ctx.teamId} AND kind = 'reply'`)).toBeUndefined();
    const t = await thread(w.ctx, c!.id);
    expect(t.items[0]).toMatchObject({ kind: "reply", body: "We open at 9 am.", status: "sent" });
    expect((await list(w.ctx)).data[0]).toMatchObject({ last_message: "We open at 9 am.", last_direction: "out", unread_count: 0 });
  });

  it("a reply whose run died mid-call is never sent again and is paid for once", async () => {
    await db().execute(
      sql`INSERT INTO app_settings (key, value) VALUES ('send_prices', '{"sms": 0.01}'::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const w = await world({ platform: true });
    await topUp(db(), w.ctx.teamId, 1, "test");
    await db().execute(sql`UPDATE team_balances SET free_sms = 0 WHERE team_id = ${w.ctx.teamId}`);
    await inbound(w, "Ping", true);
    const [c] = (await list(w.ctx)).data;
    const sent = await replyToConversation(db(), w.ctx, c!.id, { text: "Pong" }, noWake);
    const id = Number(sent.item.key.split("-")[1]);
    // A run committed it `submitting` under a mark that says it may have started, held its money, then died.
    await db().execute(sql`UPDATE conversation_replies SET state = 'submitting' WHERE id = ${id}`);
    await db().transaction((tx) =>
      holdFunds(tx, w.ctx.teamId, { kind: "reply", refId: id }, { items: 1, unitPrice: 0.01, useFree: false }),
    );
    await db().execute(
      sql`INSERT INTO send_hand_over (gateway_id, owner, upto) VALUES (${w.gatewayId}, 'lane/reply/dead', ${id})
          ON CONFLICT DO NOTHING`,
    );
    await db().execute(
      sql`INSERT INTO send_dispatchers (id, lease_owner, lease_until) VALUES (${w.gatewayId}, 'dead', now() - interval '1 minute')
          ON CONFLICT (id) DO UPDATE SET lease_owner = 'dead', lease_until = now() - interval '1 minute'`,
    );
    await dispatch(w.gatewayId);
    await dispatch(w.gatewayId);
    const r = await one<{ state: string; provider_id: string | null }>(
      db(),
      sql`SELECT state, provider_id FROM conversation_replies WHERE id = ${id}`,
    );
    expect(r).toEqual({ state: "unknown", provider_id: null });
    const charged = await rows<{ items: number }>(
      db(),
      sql`SELECT items FROM balance_transactions WHERE team_id = ${w.ctx.teamId} AND kind = 'reply'`,
    );
    expect(charged).toEqual([{ items: 1 }]);
    expect((await thread(w.ctx, c!.id)).items[0]).toMatchObject({ status: "maybe_sent" });
  });
});
