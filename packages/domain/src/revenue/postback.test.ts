import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { one, rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { attributePendingConversions, receivePostback } from "./postback";
import { signPostback } from "./postback-signature";
import { addHit, moneyAt, newHitId, type SentMessage, sentMessage } from "./revenue.testkit";
import { createRevenueTracking } from "./revenue-trackings.service";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

async function tracking(teamId: number, userId: number) {
  const t = await createRevenueTracking(db, { teamId, userId, role: "team_admin" }, { name: "Offer" }, { appUrl: "https://app.test" });
  const row = await one<{ token: string; secret: string }>(db, sql`SELECT token, secret FROM revenue_trackings WHERE id = ${t.id}`);
  return { id: t.id, ...row! };
}

async function fixture() {
  const { ctx } = await makeFactory(database).team();
  const m = await sentMessage(db, ctx.teamId);
  const tr = await tracking(ctx.teamId, ctx.userId);
  const post = (clickId: string, amount: string, extra: { transaction_id?: string; sig?: string } = {}) =>
    receivePostback(db, {
      token: tr.token,
      click_id: clickId,
      amount,
      sig: extra.sig ?? signPostback(tr.secret, clickId, amount, extra.transaction_id),
      ...(extra.transaction_id ? { transaction_id: extra.transaction_id } : {}),
    });
  return { ctx, m, tr, post };
}

const leadOf = (m: SentMessage) =>
  one<{ revenue: number; total_conversations: number }>(
    db,
    sql`SELECT revenue::float8 AS revenue, total_conversations FROM leads WHERE team_id = ${m.s.teamId} AND id = ${m.leadId}`,
  );
const messageRevenue = async (m: SentMessage) =>
  (await one<{ r: number }>(db, sql`SELECT revenue::float8 AS r FROM campaign_messages WHERE id = ${m.messageId}`))!.r;
const trackingOf = (id: number) =>
  one<{ revenue: number; total_conversations: number }>(
    db,
    sql`SELECT revenue::float8 AS revenue, total_conversations FROM revenue_trackings WHERE id = ${id}`,
  );

describe("postbacks", () => {
  it("adds a counted click's conversion to the message, the lead, its timeline, the tracking and the counters", async () => {
    const { m, tr, post } = await fixture();
    const hit = await addHit(db, m);
    expect(await post(hit, "12.50")).toMatchObject({ status: "attributed" });
    expect(await messageRevenue(m)).toBe(12.5);
    expect(await leadOf(m)).toEqual({ revenue: 12.5, total_conversations: 1 });
    expect(await trackingOf(tr.id)).toEqual({ revenue: 12.5, total_conversations: 1 });
    expect(await moneyAt(db, m.s.campaignId, m.key)).toEqual({
      revenue: 12.5,
      conversations: 1,
      revenue_by_bot: 0,
      revenue_by_expired: 0,
      revenue_by_state_filter: 0,
    });
    const log = await rows<{ type: string; action: string; diff: { value_from: string; value_to: string }[] }>(
      db,
      sql`SELECT type, action, diff FROM lead_logs WHERE team_id = ${m.s.teamId} AND lead_id = ${m.leadId}`,
    );
    expect(log).toMatchObject([{ type: "campaign", action: "conversion", diff: [{ value_from: "$0.00", value_to: "$12.50" }] }]);
    const conv = await one(db, sql`SELECT message_id::float8 AS message_id, attribution FROM revenue_conversions WHERE hit_id = ${hit}`);
    expect(conv).toEqual({ message_id: m.messageId, attribution: null });
  });

  it("takes each transaction once: a retry adds nothing, another transaction id of the click adds again", async () => {
    const { m, tr, post } = await fixture();
    const hit = await addHit(db, m);
    const first = await post(hit, "10");
    expect(await post(hit, "10")).toEqual({ status: "duplicate", conversion_id: first.conversion_id });
    // Another amount under the same (implicit) transaction is still the same conversion: the first amount stands.
    expect((await post(hit, "99")).status).toBe("duplicate");
    expect((await post(hit, "5", { transaction_id: "order-2" })).status).toBe("attributed");
    expect((await post(hit, "5", { transaction_id: "order-2" })).status).toBe("duplicate");
    expect(await leadOf(m)).toEqual({ revenue: 15, total_conversations: 2 });
    expect(await trackingOf(tr.id)).toEqual({ revenue: 15, total_conversations: 2 });
    expect((await moneyAt(db, m.s.campaignId, m.key)).revenue).toBe(15);
  });

  it("refuses a forged or missing signature, an unknown token and bad amounts, and stores nothing", async () => {
    const { m, tr, post } = await fixture();
    const hit = await addHit(db, m);
    await expect(post(hit, "10", { sig: signPostback(tr.secret, hit, "11") })).rejects.toMatchObject({
      code: "postback_signature_invalid",
      status: 403,
    });
    await expect(post(hit, "10", { sig: "" })).rejects.toMatchObject({ status: 403 });
    // A signature without the transaction id does not sign a call with one (no replay under new ids).
    await expect(post(hit, "10", { sig: signPostback(tr.secret, hit, "10"), transaction_id: "t-1" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(receivePostback(db, { token: "nope", click_id: hit, amount: "1", sig: "00" })).rejects.toMatchObject({
      code: "postback_tracking_not_found",
      status: 404,
    });
    for (const amount of ["-5", "1e3", "12.34567", "abc", "", "1,5"]) {
      await expect(post(hit, amount), amount).rejects.toMatchObject({ code: "postback_invalid", status: 422 });
    }
    await expect(post("", "10")).rejects.toMatchObject({ status: 422 });
    await expect(post("has space", "10")).rejects.toMatchObject({ status: 422 });
    expect(await one(db, sql`SELECT count(*)::int AS n FROM revenue_conversions WHERE tracking_id = ${tr.id}`)).toEqual({ n: 0 });
    expect(await leadOf(m)).toEqual({ revenue: 0, total_conversations: 0 });
  });

  it("stores a conversion whose click is not flushed yet and attributes it once, when the hit is written", async () => {
    const { m, tr, post } = await fixture();
    const hitId = newHitId();
    expect(await post(hitId, "7.25")).toMatchObject({ status: "pending" });
    expect(await leadOf(m)).toEqual({ revenue: 0, total_conversations: 0 });
    expect(await attributePendingConversions(db)).toBe(0);

    await addHit(db, m, { hitId });
    expect(await attributePendingConversions(db)).toBe(1);
    expect(await attributePendingConversions(db)).toBe(0);
    expect(await leadOf(m)).toEqual({ revenue: 7.25, total_conversations: 1 });
    expect(await trackingOf(tr.id)).toEqual({ revenue: 7.25, total_conversations: 1 });
    expect(await moneyAt(db, m.s.campaignId, m.key)).toMatchObject({ revenue: 7.25, conversations: 1 });
    // The partner's retry after the late attribution is a duplicate.
    expect((await post(hitId, "7.25")).status).toBe("duplicate");
  });

  it("does not attribute another team's click, nor an open's hit id", async () => {
    const { m, post } = await fixture();
    const other = await fixture();
    const theirs = await addHit(db, other.m);
    const open = await addHit(db, m, { kind: "open" });
    expect((await post(theirs, "3")).status).toBe("pending");
    expect((await post(open, "3")).status).toBe("pending");
    expect(await leadOf(other.m)).toEqual({ revenue: 0, total_conversations: 0 });
    expect(await leadOf(m)).toEqual({ revenue: 0, total_conversations: 0 });
  });

  it("counts conversions of bot, expired and state-filtered clicks apart; desktop and after-first-click ones count", async () => {
    const { m, post } = await fixture();
    const cases: [string, string][] = [
      ["bot", "1"],
      ["preview", "2"],
      ["scanner", "4"],
      ["expired", "8"],
      ["state_filter", "16"],
      ["desktop", "32"],
      ["after_first_click", "64"],
    ];
    for (const [reason, amount] of cases) expect((await post(await addHit(db, m, { reason }), amount)).status).toBe("attributed");
    expect(await moneyAt(db, m.s.campaignId, m.key)).toEqual({
      revenue: 96,
      conversations: 2,
      revenue_by_bot: 7,
      revenue_by_expired: 8,
      revenue_by_state_filter: 16,
    });
    // The money is the lead's and the message's whatever the click was.
    expect(await leadOf(m)).toEqual({ revenue: 127, total_conversations: 7 });
    expect(await messageRevenue(m)).toBe(127);
  });

  it("keys the counters by the click's step and split part", async () => {
    const { m, post } = await fixture();
    const part = await sentMessage(db, m.s.teamId, { s: m.s, key: 2 });
    await post(await addHit(db, part), "20");
    expect((await moneyAt(db, m.s.campaignId, part.key)).revenue).toBe(20);
    expect((await moneyAt(db, m.s.campaignId, m.key)).revenue).toBe(0);
  });
});
