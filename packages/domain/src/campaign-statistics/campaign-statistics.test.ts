import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CounterDelta, utcDay, writeCounterDeltas } from "../campaigns";
import { type Setup, setUp } from "../sending/testing";
import type { TeamCtx } from "../shared/context";
import { one } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { campaignStatistic } from "./campaign-statistic";
import { campaignStepStatistics } from "./statistic-by-step";
import { campaignStatisticChart, chartSpan } from "./statistic-chart";
import { campaignLeadEngagement } from "./statistic-leads";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

async function campaign(): Promise<{ ctx: TeamCtx; s: Setup }> {
  const { ctx } = await makeFactory(database).team();
  return { ctx, s: await setUp(db, ctx.teamId) };
}

/** A delta on key `i` of the setup (0: the plain step; 1, 2: the split's parts; -1: campaign-wide). */
const on = (s: Setup, i: number, day: string, figures: Partial<CounterDelta>): CounterDelta => ({
  teamId: s.teamId,
  campaignId: s.campaignId,
  stepId: i < 0 ? 0 : s.keys[i]!.stepId,
  partId: i < 0 ? 0 : s.keys[i]!.partId,
  day,
  ...figures,
});

const DAY1 = "2026-03-01";
const DAY2 = "2026-03-02";

describe("the summary", () => {
  it("is the sum of what the writers added to the counters, on every key and day", async () => {
    const { ctx, s } = await campaign();
    const deltas = [
      on(s, -1, DAY1, { records: 500, lookup_cost: 1.5 }),
      on(s, 0, DAY1, { processed: 100, sent: 100, delivered: 90, failed: 4, errors: 5, clicked: 12, cost: 0.79, revenue: 20 }),
      on(s, 1, DAY1, { sent: 40, delivered: 30, blocked: 3, inactive_device: 2, clicked: 4, unsubscribed: 2, cost: 0.3, spam: 1 }),
      on(s, 2, DAY2, { sent: 60, delivered: 55, cool_offs: 7, cool_offs_inactive_device: 1, daily_limit: 9, cancelled: 4, cost: 0.41 }),
      on(s, 0, DAY2, { conversations: 3, revenue: 5.25, revenue_by_bot: 2, revenue_by_expired: 1, revenue_by_state_filter: 0.5 }),
    ];
    await writeCounterDeltas(db, deltas);
    // A second write on the same keys adds up.
    await writeCounterDeltas(db, [on(s, 0, DAY1, { sent: 10, delivered: 10 })]);
    const sum = (f: keyof CounterDelta) => deltas.reduce((n, d) => n + Number(d[f] ?? 0), 0);

    const st = await campaignStatistic(db, ctx, s.campaignId, {});
    expect(st).toMatchObject({
      available: true,
      channel: "sms",
      sent: sum("sent") + 10,
      delivered: sum("delivered") + 10,
      errors: sum("errors"),
      blocked: 3,
      inactive_device: 2,
      total_errors: 5 + 3 + 2,
      clicked: 16,
      unsubscribed: 2,
      spam_count: 1,
      cool_offs: 7,
      cool_offs_inactive_device: 1,
      daily_limit: 9,
      cancelled: 4,
      total_conversations: 3,
      cost: 1.5,
      revenue: 25.25,
      lookup_cost: 1.5,
      profit: 25.25 - 1.5 - 1.5,
    });
    expect(st.delivered_percent).toBe(Math.round((185 / 210) * 10_000) / 100);
    expect(st.clicked_percent).toBe(Math.round((16 / 210) * 10_000) / 100);
    expect(st).toMatchObject({
      cost_formatted: "$1.50",
      revenue_formatted: "$25.25",
      total_revenue_formatted: "$28.75",
      profit_formatted: "$22.25",
      revenue_by_bot_formatted: "$2.00",
      revenue_by_state_filter_formatted: "$0.5000",
    });
  });

  it("keeps to the range's days", async () => {
    const { ctx, s } = await campaign();
    await writeCounterDeltas(db, [on(s, 0, DAY1, { sent: 10, cost: 1 }), on(s, 0, DAY2, { sent: 5, cost: 0.004 })]);
    expect((await campaignStatistic(db, ctx, s.campaignId, { date_from: DAY1, date_to: DAY1 })).sent).toBe(10);
    const second = await campaignStatistic(db, ctx, s.campaignId, { date_from: DAY2 });
    expect(second).toMatchObject({ sent: 5, cost_formatted: "$0.0040", profit_formatted: "-$0.0040" });
    expect((await campaignStatistic(db, ctx, s.campaignId, { date_to: "2026-02-28" })).sent).toBe(0);
  });

  it("is unavailable for a campaign that has not started, and another team's campaign is not found", async () => {
    const { ctx, s } = await campaign();
    await writeCounterDeltas(db, [on(s, 0, DAY1, { sent: 10 })]);
    await db.execute(sql`UPDATE campaigns SET status = 'scheduled' WHERE id = ${s.campaignId}`);
    expect(await campaignStatistic(db, ctx, s.campaignId, {})).toMatchObject({ available: false, sent: 0, cost_formatted: "$0.00" });
    const other = await makeFactory(database).team();
    await expect(campaignStatistic(db, other.ctx, s.campaignId, {})).rejects.toMatchObject({ code: "campaign_not_found", status: 404 });
    await expect(campaignStepStatistics(db, other.ctx, s.campaignId, {})).rejects.toMatchObject({ status: 404 });
    await expect(campaignStatisticChart(db, other.ctx, s.campaignId, {})).rejects.toMatchObject({ status: 404 });
    await expect(campaignLeadEngagement(db, other.ctx, s.campaignId, {})).rejects.toMatchObject({ status: 404 });
  });
});

describe("the chart", () => {
  const hour = (s: Setup, at: string, figures: Record<string, number>) =>
    db.execute(sql`INSERT INTO campaign_counter_hours (team_id, campaign_id, hour, ${sql.join(
      Object.keys(figures).map((k) => sql.identifier(k)),
      sql`, `,
    )})
      VALUES (${s.teamId}, ${s.campaignId}, ${at}::timestamptz, ${sql.join(
        Object.values(figures).map((v) => sql`${v}`),
        sql`, `,
      )})`);
  const now = new Date("2026-04-01T00:00:00Z");

  it("buckets by hour up to 72 hours and by day beyond, every bucket zero-filled", async () => {
    const { ctx, s } = await campaign();
    await db.execute(sql`UPDATE campaigns SET created_at = '2026-01-01' WHERE id = ${s.campaignId}`);
    await hour(s, "2026-03-01T10:00:00Z", { sent: 5 });
    await hour(s, "2026-03-01T12:00:00Z", { delivered: 3, failed: 1, sent: 1 });

    const hourly = await campaignStatisticChart(db, ctx, s.campaignId, {}, now);
    expect(hourly.bucket).toBe("hour");
    expect(hourly.series.map((x) => x.key)).toEqual(["delivered", "blocked", "inactive_device", "failed", "sent"]);
    // Twelve hours at least: the quiet hours before the first send lead up to it.
    expect(hourly.points).toHaveLength(12);
    expect(hourly.points.slice(-3).map((p) => [p.label, p.values.sent, p.values.delivered, p.values.failed])).toEqual([
      ["2026-03-01 10:00", 5, 0, 0],
      ["2026-03-01 11:00", 0, 0, 0],
      ["2026-03-01 12:00", 1, 3, 1],
    ]);
    expect(hourly.points[0]!.at).toBe("2026-03-01T01:00:00Z");
    expect(hourly.points[0]!.values.sent).toBe(0);

    const day = await campaignStatisticChart(db, ctx, s.campaignId, { date_from: DAY1, date_to: DAY1 }, now);
    expect(day.bucket).toBe("hour");
    expect(day.points).toHaveLength(24);

    await hour(s, "2026-03-05T08:00:00Z", { sent: 7 });
    const daily = await campaignStatisticChart(db, ctx, s.campaignId, {}, now);
    expect(daily.bucket).toBe("day");
    expect(daily.points.map((p) => [p.label, p.values.sent, p.values.delivered])).toEqual([
      ["2026-03-01", 6, 3],
      ["2026-03-02", 0, 0],
      ["2026-03-03", 0, 0],
      ["2026-03-04", 0, 0],
      ["2026-03-05", 7, 0],
    ]);
    const ranged = await campaignStatisticChart(db, ctx, s.campaignId, { date_from: "2026-03-04" }, now);
    // From the 4th's midnight to the last hour anything happened: 33 hours.
    expect(ranged.bucket).toBe("hour");
    expect(ranged.points).toHaveLength(33);
    expect(ranged.points.at(-1)).toMatchObject({ label: "2026-03-05 08:00", values: { sent: 7 } });
    expect(ranged.points.reduce((n, p) => n + (p.values.sent ?? 0), 0)).toBe(7);
  });

  it("charts what the counters' writer adds this hour, with the email statuses for an email campaign", async () => {
    const { ctx, s } = await campaign();
    await db.execute(sql`UPDATE campaigns SET type = 'email' WHERE id = ${s.campaignId}`);
    await writeCounterDeltas(db, [on(s, 0, utcDay(), { sent: 4, bounces: 1, complaints: 1, errors: 2 })]);
    const chart = await campaignStatisticChart(db, ctx, s.campaignId, {});
    expect(chart.channel).toBe("email");
    expect(chart.series.map((x) => x.label)).toEqual(["Error", "Sent", "Delivered", "Cancelled", "Bounced", "Complaint"]);
    expect(chart.points).toHaveLength(12);
    expect(chart.points.at(-1)!.values).toEqual({ errors: 2, sent: 4, delivered: 0, cancelled: 0, bounces: 1, complaints: 1 });
  });

  it("has nothing to show before anything happened, and keeps a long range to the campaign's life", async () => {
    const created = Date.parse("2026-03-01T00:00:00Z");
    expect(chartSpan({}, { first: null, last: null }, created, created + 1000)).toBeNull();
    const span = chartSpan(
      { date_from: "2000-01-01", date_to: "2026-03-10" },
      { first: null, last: null },
      created,
      Date.parse("2026-03-05T13:20:00Z"),
    );
    expect(span).toEqual({ from: created, to: Date.parse("2026-03-06T00:00:00Z"), bucket: "day" });
  });
});

describe("by step", () => {
  it("gives each step and split part its row, and compares the parts", async () => {
    const { ctx, s } = await campaign();
    await writeCounterDeltas(db, [
      on(s, 0, DAY1, { processed: 300, sent: 290, delivered: 280, errors: 3, clicked: 20, cost: 2.9, revenue: 10 }),
      on(s, 1, DAY1, { processed: 150, sent: 150, delivered: 140, clicked: 30, cost: 1.5, revenue: 9 }),
      on(s, 2, DAY2, { processed: 140, sent: 140, delivered: 139, clicked: 10, cost: 1.4 }),
      // Skipped by the planner before the split drew a part: the step's, no part's.
      { teamId: s.teamId, campaignId: s.campaignId, stepId: s.keys[1]!.stepId, partId: 0, day: DAY1, processed: 5 },
      on(s, -1, DAY1, { records: 300 }),
    ]);
    const st = await campaignStepStatistics(db, ctx, s.campaignId, {});
    expect(st.show_switch).toBe(true);
    const [plain, split, a, b] = [s.keys[0]!.stepId, s.keys[1]!.stepId, s.keys[1]!.partId, s.keys[2]!.partId];
    expect(st.data.map((r) => [r.id, r.parent_step_id, r.records, r.sent, r.delivered, r.errors, r.clicked])).toEqual([
      [plain, null, 300, 290, 280, 3, 20],
      [split, null, 295, 290, 279, 0, 40],
      [a, split, 150, 150, 140, 0, 30],
      [b, split, 140, 140, 139, 0, 10],
    ]);
    expect(st.data[0]).toMatchObject({ clicked_percent: 6.9, cost: 2.9, revenue: 10, profit: 7.1 });
    expect(st.splits).toHaveLength(1);
    const [pa, pb] = st.splits[0]!.parts;
    expect(st.splits[0]).toMatchObject({ step_id: split, enough_data: true });
    expect(pa).toMatchObject({ id: a, click_rate: 20, leader: true, profit: 7.5 });
    expect(pb).toMatchObject({ id: b, leader: false });
    expect(pa!.win_probability! + pb!.win_probability!).toBeCloseTo(1, 10);
    expect(pa!.win_probability).toBeGreaterThan(0.99);

    const day2 = await campaignStepStatistics(db, ctx, s.campaignId, { date_from: DAY2 });
    expect(day2.data.map((r) => r.sent)).toEqual([0, 140, 0, 140]);
    expect(day2.splits[0]!.enough_data).toBe(false);
  });

  it("shows the switch only for more than one step, a split counting as its parts", async () => {
    const { ctx, s } = await campaign();
    const steps = (await campaignStepStatistics(db, ctx, s.campaignId, {})).data.length;
    expect(steps).toBe(4);
    // Only the split left: its two parts count as two steps.
    await db.execute(sql`DELETE FROM campaign_steps WHERE id = ${s.keys[0]!.stepId}`);
    expect((await campaignStepStatistics(db, ctx, s.campaignId, {})).show_switch).toBe(true);
    await db.execute(sql`DELETE FROM campaign_steps WHERE campaign_id = ${s.campaignId} AND id <> ${s.keys[0]!.stepId}`);
    const c = await one<{ id: number }>(
      db,
      sql`INSERT INTO campaign_steps (team_id, campaign_id, position, type, name) VALUES (${s.teamId}, ${s.campaignId}, 0, 'sms', 'Only')
          RETURNING id`,
    );
    const only = await campaignStepStatistics(db, ctx, s.campaignId, {});
    expect(only).toMatchObject({ show_switch: false, splits: [] });
    expect(only.data.map((r) => r.id)).toEqual([c!.id]);
  });
});

describe("lead engagement", () => {
  it("counts distinct leads who clicked, replied and converted, unsubscribes from the counters, and the rest never engaged", async () => {
    const { ctx, s } = await campaign();
    const [first, part] = [s.keys[0]!, s.keys[1]!];
    await writeCounterDeltas(db, [on(s, 0, DAY1, { sent: 10, unsubscribed: 1 }), on(s, 1, DAY2, { sent: 6 }), on(s, 2, DAY2, { sent: 2 })]);
    let n = 0;
    const hit = (key: { stepId: number; partId: number }, lead: number, kind: string, reason: string | null, at = `${DAY1}T10:00:00Z`) =>
      sql`(${`h-${s.campaignId}-${++n}`}, ${kind}, ${s.teamId}, ${s.campaignId}, ${key.stepId}, ${key.partId}, 1, ${lead}, ${reason}, ${at}::timestamptz)`;
    await db.execute(sql`INSERT INTO message_hits (hit_id, kind, team_id, campaign_id, step_id, part_id, message_id, lead_id, reason, created_at)
      VALUES ${hit(first, 1, "click", null)}, ${hit(first, 1, "click", null)}, ${hit(part, 2, "click", null, `${DAY2}T09:00:00Z`)},
             ${hit(first, 5, "click", "bot")}`);
    await db.execute(sql`INSERT INTO inbound_messages (team_id, gateway_id, event_id, from_number, to_number, body, lead_id, campaign_id,
        step_id, part_id, created_at)
      VALUES (${s.teamId}, ${s.gatewayId}, ${`e-${s.campaignId}-1`}, '+12125550001', '+12015550101', 'Yes', 2, ${s.campaignId},
              ${part.stepId}, ${part.partId}, ${`${DAY2}T10:00:00Z`}),
             (${s.teamId}, ${s.gatewayId}, ${`e-${s.campaignId}-2`}, '+12125550003', '+12015550101', 'Who?', 3, ${s.campaignId},
              ${first.stepId}, ${first.partId}, ${`${DAY1}T10:00:00Z`}),
             (${s.teamId}, ${s.gatewayId}, ${`e-${s.campaignId}-3`}, '+12125550009', '+12015550101', 'Hm', NULL, ${s.campaignId},
              ${first.stepId}, ${first.partId}, ${`${DAY1}T10:00:00Z`})`);
    await db.execute(sql`INSERT INTO revenue_conversions (team_id, tracking_id, hit_id, transaction_id, amount, campaign_id, step_id, part_id,
        lead_id, attribution, created_at)
      VALUES (${s.teamId}, 1, 'x1', ${`t-${s.campaignId}-1`}, 5, ${s.campaignId}, ${first.stepId}, ${first.partId}, 1, NULL, ${`${DAY1}T11:00:00Z`}),
             (${s.teamId}, 1, 'x2', ${`t-${s.campaignId}-2`}, 5, ${s.campaignId}, ${first.stepId}, ${first.partId}, 6, 'bot', ${`${DAY1}T11:00:00Z`})`);

    const all = await campaignLeadEngagement(db, ctx, s.campaignId, {});
    const byKey = (r: typeof all) => Object.fromEntries(r.items.map((i) => [i.key, [i.count, i.percent]]));
    expect(all.sent_to).toBe(10);
    expect(all.items.map((i) => i.key)).toEqual(["clicked", "replied", "unsubscribed", "converted", "never_engaged"]);
    expect(byKey(all)).toEqual({
      clicked: [2, 20],
      replied: [2, 20],
      unsubscribed: [1, 10],
      converted: [1, 10],
      // Leads 1, 2 and 3 did something.
      never_engaged: [7, 70],
    });
    expect(all.steps.map((x) => x.id)).toEqual([first.stepId, part.stepId, part.partId, s.keys[2]!.partId]);

    const ofPart = await campaignLeadEngagement(db, ctx, s.campaignId, { step_id: part.partId });
    expect(ofPart.sent_to).toBe(6);
    expect(byKey(ofPart)).toMatchObject({ clicked: [1, 16.67], replied: [1, 16.67], converted: [0, 0], never_engaged: [5, 83.33] });
    const ofSplit = await campaignLeadEngagement(db, ctx, s.campaignId, { step_id: part.stepId });
    expect(ofSplit.sent_to).toBe(8);

    const day1 = await campaignLeadEngagement(db, ctx, s.campaignId, { date_from: DAY1, date_to: DAY1 });
    expect(byKey(day1)).toMatchObject({ clicked: [1, 10], replied: [1, 10], converted: [1, 10], never_engaged: [8, 80] });

    await expect(campaignLeadEngagement(db, ctx, s.campaignId, { step_id: 2_000_000_000 })).rejects.toMatchObject({ status: 404 });
  });
});
