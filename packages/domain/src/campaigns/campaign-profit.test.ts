import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUp } from "../sending/testing";
import { makeFactory } from "../testing/factory";
import { utcDay, writeCounterDeltas } from "./campaign-counters";
import { campaignProfit, listCampaigns } from "./campaigns.queries";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const query = { page: 1, limit: 20, period: "all_time", archived: false } as const;

describe("campaign profit", () => {
  it("is revenue − message cost − the lookups the campaign paid for; bot, expired and state revenue is not in it", () => {
    expect(campaignProfit({ revenue: 10, cost: 3.25, lookup_cost: 1.5 })).toBe(5.25);
    expect(campaignProfit({ revenue: 0, cost: 0.1, lookup_cost: 0.2 })).toBe(-0.3);
  });

  it("shows in the campaign list and sorts it, from the counters", async () => {
    const { ctx } = await makeFactory(database).team();
    const a = await setUp(db, ctx.teamId);
    const b = await setUp(db, ctx.teamId);
    const day = utcDay();
    const key = (s: typeof a) => ({
      teamId: ctx.teamId,
      campaignId: s.campaignId,
      stepId: s.keys[0]!.stepId,
      partId: s.keys[0]!.partId,
      day,
    });
    await writeCounterDeltas(db, [
      { ...key(a), revenue: 20, cost: 4, revenue_by_bot: 100 },
      { ...key(b), revenue: 20, cost: 2 },
    ]);
    // b's verification lookup charged $15 (campaign-wide: step and part 0).
    await writeCounterDeltas(db, [{ teamId: ctx.teamId, campaignId: b.campaignId, stepId: 0, partId: 0, day, lookup_cost: 15 }]);
    const page = await listCampaigns(db, ctx, { ...query, sort: "profit", order: "desc" } as never);
    expect(page.data.map((r) => [r.id, r.revenue, r.cost, r.profit])).toEqual([
      [a.campaignId, 20, 4, 16],
      [b.campaignId, 20, 2, 3],
    ]);
  });
});
