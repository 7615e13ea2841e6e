import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushHits, NO_GEO } from "../links";
import { createRevenueTracking, receivePostback, signPostback } from "../revenue";
import { sentMessage } from "../revenue/testing";
import { type Setup, setUp } from "../sending/testing";
import type { TeamCtx } from "../shared/context";
import { one } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { leadLogPage } from "./lead-log-page";
import { getLeadCampaigns, getLeadDetail } from "./lead-page";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const at = (hhmm: string) => `2026-03-10T${hhmm}:00.000Z`;

async function lead(teamId: number): Promise<number> {
  return (await one<{ id: number }>(db, sql`INSERT INTO leads (team_id, status) VALUES (${teamId}, 1) RETURNING id::float8 AS id`))!.id;
}

interface Row {
  state?: string;
  submitted?: string;
  sent?: string;
  delivered?: string;
  clicked?: string;
  updated?: string;
  revenue?: number;
  error?: string;
  address?: string;
}

/** A ledger row of the lead at the campaign's step `key` (0 the plain step, 1 and 2 the split's parts). */
async function message(s: Setup, key: number, leadId: number, r: Row = {}): Promise<number> {
  const k = s.keys[key]!;
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, due_at, submitted_at,
          sent_at, delivered_at, clicked_at, revenue, error_message, updated_at)
        VALUES (${s.teamId}, ${s.campaignId}, ${k.stepId}, ${k.partId}, ${leadId}, 'sms', ${r.address ?? "+12125550199"},
          ${r.state ?? "planned"}, ${at("08:00")}, ${r.submitted ?? null}, ${r.sent ?? null}, ${r.delivered ?? null}, ${r.clicked ?? null},
          ${r.revenue ?? 0}, ${r.error ?? null}, ${r.updated ?? at("08:00")})
        RETURNING id::float8 AS id`,
  );
  return row!.id;
}

async function team() {
  const { ctx } = await makeFactory(database).team();
  return ctx;
}

const campaignName = async (s: Setup) =>
  (await one<{ name: string }>(db, sql`SELECT name FROM campaigns WHERE id = ${s.campaignId}`))!.name;

describe("getLeadCampaigns", () => {
  it("lists the team's campaigns holding the lead once each, with the lead's figures there, latest sent first", async () => {
    const ctx = await team();
    const [a, b, gone] = [await setUp(db, ctx.teamId), await setUp(db, ctx.teamId), await setUp(db, ctx.teamId)];
    await db.execute(sql`UPDATE campaigns SET deleted_at = now() WHERE id = ${gone.campaignId}`);
    await db.execute(sql`UPDATE campaigns SET status = 'paused' WHERE id = ${b.campaignId}`);
    const id = await lead(ctx.teamId);
    const other = await lead(ctx.teamId);
    await message(a, 0, id, { state: "delivered", sent: at("10:00"), clicked: at("10:05"), revenue: 5 });
    await message(a, 1, id, { state: "sent", sent: at("11:00"), revenue: 2.5 });
    await message(b, 0, id);
    await message(gone, 0, id, { state: "delivered", sent: at("12:00") });
    await message(b, 2, other, { state: "delivered", sent: at("12:00"), clicked: at("12:01"), revenue: 9 });
    // Another team's campaign holding a row under this lead's id is not this lead's campaign.
    const stranger = await team();
    await message(await setUp(db, stranger.teamId), 0, id, { state: "sent", sent: at("13:00") });

    expect((await getLeadCampaigns(db, ctx, id)).data).toEqual([
      {
        id: a.campaignId,
        name: await campaignName(a),
        type: "sms",
        type_label: "Sms",
        status: "active",
        status_label: "Active",
        messages: 2,
        state: "sent",
        sent_at: at("11:00"),
        clicked: true,
        clicked_at: at("10:05"),
        revenue: 7.5,
      },
      {
        id: b.campaignId,
        name: await campaignName(b),
        type: "sms",
        type_label: "Sms",
        status: "paused",
        status_label: "Paused",
        messages: 1,
        state: "planned",
        sent_at: null,
        clicked: false,
        clicked_at: null,
        revenue: 0,
      },
    ]);
    expect((await getLeadCampaigns(db, ctx, other)).data.map((c) => c.id)).toEqual([b.campaignId]);
    expect((await getLeadCampaigns(db, ctx, await lead(ctx.teamId))).data).toEqual([]);
    await expect(getLeadCampaigns(db, stranger, id)).rejects.toMatchObject({ code: "lead_not_found" });
  });
});

describe("the lead timeline with campaign messages and replies", () => {
  async function timelineFixture() {
    const ctx = await team();
    const [a, b] = [await setUp(db, ctx.teamId), await setUp(db, ctx.teamId)];
    const id = await lead(ctx.teamId);
    const phone = "+12125550199";
    await db.execute(sql`INSERT INTO lead_phones (team_id, lead_id, phone) VALUES (${ctx.teamId}, ${id}, ${phone})`);
    const log = async (type: string, action: string, when: string, diff: object[] = []) =>
      (await one<{ id: number }>(
        db,
        sql`INSERT INTO lead_logs (team_id, lead_id, type, action, diff, created_at)
            VALUES (${ctx.teamId}, ${id}, ${type}, ${action}, ${JSON.stringify(diff)}::jsonb, ${when}) RETURNING id::float8 AS id`,
      ))!.id;
    const edited = await log("user", "updated", at("09:00"));
    const click = await log("campaign", "click", at("10:05"));
    const unsubscribed = await log("reply", "unsubscribe", at("12:00"), [
      {
        lead_attribute_name: "Phone status",
        lead_attribute_value: phone,
        action: "updated",
        value_from: "Subscribed",
        value_to: "Unsubscribed",
      },
    ]);
    const delivered = await message(a, 0, id, { state: "delivered", submitted: at("09:59"), sent: at("10:00"), delivered: at("10:01") });
    const rejected = await message(a, 1, id, { state: "rejected", submitted: at("11:00"), updated: at("11:00"), error: "Invalid number" });
    const failed = await message(b, 0, id, { state: "failed", submitted: at("11:30"), updated: at("11:40"), error: "Carrier rejected" });
    await message(b, 1, id, { state: "planned" });
    const reply = async (from: string, leadId: number | null, body: string, when: string) =>
      (await one<{ id: number }>(
        db,
        sql`INSERT INTO inbound_messages (team_id, gateway_id, event_id, from_number, to_number, body, lead_id, campaign_id, created_at)
            VALUES (${ctx.teamId}, ${a.gatewayId}, ${`ev-${from}-${when}`}, ${from}, '+12015550101', ${body}, ${leadId}, ${a.campaignId}, ${when})
            RETURNING id::float8 AS id`,
      ))!.id;
    const replied = await reply(phone, id, "Who is this?", at("11:50"));
    await reply(phone, (await lead(ctx.teamId)) + 1000, "Written for the phone's earlier lead", at("11:51"));
    await reply("+12125550000", null, "Another phone", at("11:52"));
    return { ctx, a, b, id, phone, edited, click, unsubscribed, delivered, rejected, failed, replied };
  }

  it("merges sent, delivered, failed and replied entries with the stored log, newest first, with stable ids", async () => {
    const f = await timelineFixture();
    const page = await leadLogPage(db, f.ctx, f.id, { page: 1, limit: 100 });
    expect(page.data.map((e) => [e.id, e.action, e.created_at])).toEqual([
      [String(f.unsubscribed), "unsubscribe", at("12:00")],
      [`reply-${f.replied}`, "replied", at("11:50")],
      [`msg-${f.failed}-failed`, "failed", at("11:40")],
      [`msg-${f.failed}-sent`, "sent", at("11:30")],
      [`msg-${f.rejected}-failed`, "failed", at("11:00")],
      [String(f.click), "click", at("10:05")],
      [`msg-${f.delivered}-delivered`, "delivered", at("10:01")],
      [`msg-${f.delivered}-sent`, "sent", at("10:00")],
      [String(f.edited), "updated", at("09:00")],
    ]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 100, total: 9 });
    const byId = new Map(page.data.map((e) => [e.id, e]));
    const aName = await campaignName(f.a);
    expect(byId.get(`msg-${f.delivered}-sent`)).toMatchObject({
      type: "campaign",
      filename: null,
      diff_log: [],
      message: { campaign_id: f.a.campaignId, campaign_name: aName, step_name: "Step 0", channel: "sms", address: f.phone, body: null },
    });
    expect(byId.get(`msg-${f.rejected}-failed`)?.message).toMatchObject({
      step_name: "Step 1 › Step 0",
      state: "rejected",
      error: "Invalid number",
    });
    expect(byId.get(`msg-${f.failed}-failed`)?.message).toMatchObject({ state: "failed", error: "Carrier rejected" });
    expect(byId.get(`reply-${f.replied}`)).toMatchObject({
      type: "reply",
      message: { campaign_id: f.a.campaignId, campaign_name: aName, address: f.phone, body: "Who is this?", step_name: null },
    });
    expect(byId.get(String(f.click))?.message).toBeUndefined();
    // The same ids on every read.
    expect((await leadLogPage(db, f.ctx, f.id, { page: 1, limit: 100 })).data.map((e) => e.id)).toEqual(page.data.map((e) => e.id));
  });

  it("pages across the merged entries", async () => {
    const f = await timelineFixture();
    const all = (await leadLogPage(db, f.ctx, f.id, { page: 1, limit: 100 })).data.map((e) => e.id);
    const pages = [1, 2, 3].map((p) => leadLogPage(db, f.ctx, f.id, { page: p, limit: 4 }));
    const [one_, two, three] = await Promise.all(pages);
    expect(one_!.meta).toEqual({ current_page: 1, last_page: 3, per_page: 4, total: 9 });
    expect(three!.data).toHaveLength(1);
    expect([...one_!.data, ...two!.data, ...three!.data].map((e) => e.id)).toEqual(all);
    expect((await leadLogPage(db, f.ctx, f.id, { page: 4, limit: 4 })).data).toEqual([]);
  });

  it("keeps the chips' entries only: clicks for Clicked, unsubscribes for Unsubscribed", async () => {
    const f = await timelineFixture();
    const ids = async (q: { clicked?: boolean; unsubscribed?: boolean }) =>
      (await leadLogPage(db, f.ctx, f.id, { page: 1, limit: 20, ...q })).data.map((e) => e.id);
    expect(await ids({ clicked: true })).toEqual([String(f.click)]);
    expect(await ids({ unsubscribed: true })).toEqual([String(f.unsubscribed)]);
    expect(await ids({ clicked: true, unsubscribed: true })).toEqual([String(f.unsubscribed), String(f.click)]);
    const stranger = await team();
    await expect(leadLogPage(db, stranger, f.id, { page: 1, limit: 20 })).rejects.toMatchObject({ code: "lead_not_found" });
  });
});

describe("the lead's engagement figures", () => {
  it("show a counted click's Total Clicks and Last Clicked, and a conversion's Lifetime Value and Total Conversations", async () => {
    const ctx: TeamCtx = await team();
    const m = await sentMessage(db, ctx.teamId, { channel: "sms" });
    const hitId = "hit-lead-page-1";
    const clickedAt = new Date(at("10:05"));
    await flushHits(db, [
      {
        ...NO_GEO,
        hitId,
        kind: "click",
        owner: {
          teamId: ctx.teamId,
          campaignId: m.s.campaignId,
          ...m.key,
          messageId: m.messageId,
          leadId: m.leadId,
          channel: "sms",
          address: m.address,
          clickTriggerCampaignId: null,
          twoFaCampaignId: null,
        },
        code: null,
        reason: null,
        reasonDetail: null,
        clickUrl: "https://go.example/abc",
        redirectUrl: "https://shop.example/p",
        ip: null,
        userAgent: null,
        referer: null,
        at: clickedAt,
      },
    ]);
    const tracking = await createRevenueTracking(db, ctx, { name: "Offer" }, { appUrl: "https://app.test" });
    const keys = await one<{ token: string; secret: string }>(
      db,
      sql`SELECT token, secret FROM revenue_trackings WHERE id = ${tracking.id}`,
    );
    const posted = await receivePostback(db, {
      token: keys!.token,
      click_id: hitId,
      amount: "12.50",
      sig: signPostback(keys!.secret, hitId, "12.50"),
    });
    expect(posted.status).toBe("attributed");

    expect(await getLeadDetail(db, ctx, m.leadId)).toMatchObject({
      total_clicks: 1,
      last_clicked_at: clickedAt.toISOString(),
      lifetime_value: 12.5,
      revenue: 12.5,
      total_conversations: 1,
    });
    expect((await getLeadCampaigns(db, ctx, m.leadId)).data).toMatchObject([
      { id: m.s.campaignId, clicked: true, clicked_at: clickedAt.toISOString(), revenue: 12.5 },
    ]);
    const clicks = await leadLogPage(db, ctx, m.leadId, { page: 1, limit: 20, clicked: true });
    expect(clicks.data.map((e) => [e.action, e.created_at])).toEqual([["click", clickedAt.toISOString()]]);
  });
});
