import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUp } from "../sending/testing";
import { makeFactory } from "../testing/factory";
import { writeCounterDeltas } from "./campaign-counters";
import { listCampaigns, periodCounters } from "./campaigns.queries";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** Wednesday 2026-03-11, noon UTC: this week began on Monday the 9th. */
const NOW = new Date("2026-03-11T12:00:00Z");

async function fixture() {
  const { ctx } = await makeFactory(database).team();
  const sms = await setUp(db, ctx.teamId);
  const email = await setUp(db, ctx.teamId);
  await db.execute(sql`UPDATE campaigns SET type = 'email' WHERE id = ${email.campaignId}`);
  const at = (s: typeof sms, day: string, figures: { sent: number; delivered: number; clicked: number; cost: number }) => ({
    teamId: ctx.teamId,
    campaignId: s.campaignId,
    ...s.keys[0]!,
    day,
    ...figures,
  });
  await writeCounterDeltas(db, [
    at(sms, "2026-03-08", { sent: 100, delivered: 100, clicked: 100, cost: 100 }),
    at(sms, "2026-03-09", { sent: 10, delivered: 8, clicked: 2, cost: 0.5 }),
    at(sms, "2026-03-11", { sent: 30, delivered: 24, clicked: 3, cost: 1.25 }),
    at(email, "2026-03-10", { sent: 40, delivered: 40, clicked: 10, cost: 0.04 }),
  ]);
  // Another team's figures of the same days are not this team's.
  const other = await makeFactory(database).team();
  const theirs = await setUp(db, other.ctx.teamId);
  await writeCounterDeltas(db, [
    { teamId: other.ctx.teamId, campaignId: theirs.campaignId, ...theirs.keys[0]!, day: "2026-03-11", sent: 999, delivered: 999 },
  ]);
  return ctx;
}

describe("the campaign list's cards", () => {
  it("sum the per-day counters of the period, per channel, today by default", async () => {
    const ctx = await fixture();
    const range = await periodCounters(db, ctx, { period: "today", stat_from: "2026-03-09", stat_to: "2026-03-11" }, NOW);
    expect(range.data.sms).toEqual({ sent: 40, delivered: 32, delivered_percent: 80, clicked: 5, clicked_percent: 12.5, cost: 1.75 });
    expect(range.data.email).toEqual({ sent: 40, delivered: 40, delivered_percent: 100, clicked: 10, clicked_percent: 25, cost: 0.04 });

    expect((await periodCounters(db, ctx, { period: "this_week" }, NOW)).data).toEqual(range.data);
    expect((await periodCounters(db, ctx, undefined, NOW)).data.sms).toMatchObject({ sent: 30, delivered: 24, clicked: 3, cost: 1.25 });
    expect((await periodCounters(db, ctx, { period: "today" }, NOW)).data.email.sent).toBe(0);
    expect((await periodCounters(db, ctx, { period: "yesterday" }, NOW)).data.email.sent).toBe(40);
    expect((await periodCounters(db, ctx, { period: "last_week" }, NOW)).data.sms).toMatchObject({ sent: 100, cost: 100 });
    expect((await periodCounters(db, ctx, { period: "all_time" }, NOW)).data.sms).toMatchObject({ sent: 140, cost: 101.75 });
    const none = await periodCounters(db, ctx, { period: "today", stat_from: "2026-01-01", stat_to: "2026-01-31" }, NOW);
    expect(none.data.sms).toEqual({ sent: 0, delivered: 0, delivered_percent: 0, clicked: 0, clicked_percent: 0, cost: 0 });
  });

  it("sum only the campaigns the list shows: no deleted one, archived ones only under Archived, by type and search", async () => {
    const ctx = await fixture();
    const removed = await setUp(db, ctx.teamId);
    const archived = await setUp(db, ctx.teamId);
    const today = (s: typeof removed, sent: number) => ({
      teamId: ctx.teamId,
      campaignId: s.campaignId,
      ...s.keys[0]!,
      day: "2026-03-11",
      sent,
    });
    await writeCounterDeltas(db, [today(removed, 20), today(archived, 12)]);
    await db.execute(sql`UPDATE campaigns SET deleted_at = now() WHERE id = ${removed.campaignId}`);
    await db.execute(sql`UPDATE campaigns SET archived_at = now(), name = 'Old spring' WHERE id = ${archived.campaignId}`);

    const rowsSent = async (q: { archived?: boolean; types?: ("sms" | "email")[]; search?: string }) => {
      const page = await listCampaigns(db, ctx, { page: 1, limit: 100, period: "all_time", archived: false, ...q });
      return page.data.reduce((n, r) => n + r.sent, 0);
    };
    const cards = async (q: { archived?: boolean; types?: ("sms" | "email")[]; search?: string }) => {
      const c = (await periodCounters(db, ctx, { period: "all_time", ...q }, NOW)).data;
      return c.sms.sent + c.email.sent;
    };
    // The list without the Archived filter: the sms and email campaigns, 140 + 40; the deleted and archived ones not.
    expect(await cards({})).toBe(180);
    expect(await cards({})).toBe(await rowsSent({}));
    expect(await cards({ archived: true })).toBe(12);
    expect(await cards({ archived: true })).toBe(await rowsSent({ archived: true }));
    expect(await cards({ types: ["email"] })).toBe(await rowsSent({ types: ["email"] }));
    expect(await cards({ types: ["email"] })).toBe(40);
    expect(await cards({ archived: true, search: "old" })).toBe(12);
    expect(await cards({ search: "old" })).toBe(0);
  });
});
