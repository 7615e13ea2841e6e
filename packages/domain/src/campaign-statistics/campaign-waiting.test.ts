import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSUFFICIENT_FUNDS_FOR_SENDING, type Recipient, rowWindow } from "../sending";
import { type Setup, setUp } from "../sending/testing";
import type { TeamCtx } from "../shared/context";
import { makeFactory } from "../testing/factory";
import { campaignWaiting, campaignWaitingBriefs } from "./campaign-waiting";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** Wednesday 1 July 2026, 03:00 UTC: 11 pm in New York, 5 am in Berlin. */
const NOW = Date.UTC(2026, 6, 1, 3);
const HOUR = 3_600_000;
/** The campaign's daily window: 6 am–11 pm in each recipient's zone (wider than the law's, so the law shows). */
const WINDOW = {
  daytime_limitation: true,
  run_daily_from: "06:00",
  run_daily_to: "23:00",
  need_send_by_timezones: true,
  started_at_tz: "America/New_York",
};

let lead = 0;
async function planned(s: Setup, n: number, r: Recipient, over: { due?: number; reason?: string; key?: number } = {}) {
  const key = s.keys[over.key ?? 0]!;
  const due = over.due === undefined ? rowWindow(NOW, r, WINDOW, "sms").due! : new Date(over.due).toISOString();
  for (let i = 0; i < n; i++)
    await db.execute(
      sql`INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, reason, gateway_id,
            time_zone, us_state, country, due_at)
          VALUES (${s.teamId}, ${s.campaignId}, ${key.stepId}, ${key.partId}, ${++lead}, 'sms', ${`+1212555${lead}`},
            'planned', ${over.reason ?? null}, ${s.gatewayId}, ${r.timeZone}, ${r.state}, ${r.country ?? null}, ${due}::timestamptz)`,
    );
}

async function campaign(): Promise<{ ctx: TeamCtx; s: Setup }> {
  const { ctx } = await makeFactory(database).team();
  const s = await setUp(db, ctx.teamId);
  await db.execute(
    sql`UPDATE campaigns SET daytime_limitation = true, run_daily_from = '06:00', run_daily_to = '23:00', need_send_by_timezones = true,
          started_at_tz = 'America/New_York', daily_limit = 500 WHERE id = ${s.campaignId}`,
  );
  return { ctx, s };
}

const NY = { timeZone: "America/New_York", state: "NY", country: "US" };

describe("campaignWaiting", () => {
  it("counts what waits by each reason, with its next send time and a plain description", async () => {
    const { ctx, s } = await campaign();
    await planned(s, 3, NY);
    await planned(s, 2, { timeZone: "America/New_York", state: "FL", country: "US" });
    await planned(s, 2, { timeZone: "America/Toronto", state: null, country: "CA" });
    await planned(s, 2, { timeZone: "Europe/Berlin", state: null, country: "DE" });
    await planned(s, 1, { timeZone: null, state: null, country: "BR" });
    // The second step of a lead whose first went out: due after its delay, in an open window.
    await planned(s, 1, NY, { due: NOW + 36 * HOUR, key: 1 });
    await planned(s, 2, NY, { due: NOW + 20 * HOUR, reason: "daily_limit" });
    await planned(s, 1, NY, { due: NOW + 2 * 60_000, reason: "unverified" });
    await planned(s, 4, NY, { due: NOW - 60_000 });
    await db.execute(sql`UPDATE campaigns SET planning_since = now() WHERE id = ${s.campaignId}`);

    const w = await campaignWaiting(db, ctx, s.campaignId, NOW);
    expect(w.waiting).toBe(18);
    expect(w.planning_since).not.toBeNull();
    expect(w.next_send_at).toBe(new Date(NOW).toISOString());
    const by = Object.fromEntries(w.reasons.map((r) => [r.label, r]));
    expect(by["Quiet hours (NY)"]).toMatchObject({
      kind: "legal_window",
      count: 3,
      next_send_at: "2026-07-01T12:00:00.000Z",
      description: "Quiet hours: 8 am–9 pm in the recipient's time zone (federal)",
    });
    expect(by["Quiet hours (FL)"]).toMatchObject({ count: 2, description: "Florida: 8 am–8 pm in the recipient's time zone (state law)" });
    expect(by["Quiet hours (Canada)"]).toMatchObject({
      count: 2,
      next_send_at: "2026-07-01T13:00:00.000Z",
      description: "Canada (CRTC): 9 am–9:30 pm on weekdays, 10 am–6 pm on weekends, in the recipient's time zone",
    });
    expect(by["Germany: daily window"]).toMatchObject({
      kind: "daily_window",
      count: 2,
      next_send_at: "2026-07-01T04:00:00.000Z",
      description: "No legal hours known for Germany: the campaign's daily window applies (6 am–11 pm in the recipient's time zone)",
    });
    // Brazil's zones at once: 6 am in its westernmost zone (Rio Branco, UTC−5) is 11:00 UTC.
    expect(by["Brazil: daily window"]).toMatchObject({ count: 1, next_send_at: "2026-07-01T11:00:00.000Z" });
    expect(by["Brazil: daily window"]!.description).toContain("in every zone of Brazil at once");
    expect(by["Step delay"]).toMatchObject({ kind: "delay", count: 1 });
    expect(by["Daily limit"]).toMatchObject({ count: 2, next_send_at: new Date(NOW + 20 * HOUR).toISOString() });
    expect(by["Daily limit"]!.description).toContain("daily limit of 500");
    expect(by["Lookup pending"]).toMatchObject({ kind: "unverified", count: 1 });
    expect(by.Sending).toMatchObject({ count: 4, next_send_at: new Date(NOW).toISOString() });
    // Most first.
    expect(w.reasons[0]!.label).toBe("Sending");
  });

  it("says the campaign's frequency holds what is due, and that a pause for funds holds everything", async () => {
    const { ctx, s } = await campaign();
    await planned(s, 2, NY, { due: NOW - 60_000 });
    await planned(s, 1, NY);
    await db.execute(sql`UPDATE campaigns SET frequency_count = 10, frequency_period = 1 WHERE id = ${s.campaignId}`);
    const held = await campaignWaiting(db, ctx, s.campaignId, NOW);
    expect(held.reasons.find((r) => r.kind === "frequency")).toMatchObject({ count: 2, label: "Frequency" });
    expect(held.reasons.find((r) => r.kind === "frequency")!.description).toContain("10 per minute");

    await db.execute(
      sql`UPDATE campaigns SET status = 'paused', status_reason = ${INSUFFICIENT_FUNDS_FOR_SENDING} WHERE id = ${s.campaignId}`,
    );
    const paused = await campaignWaiting(db, ctx, s.campaignId, NOW);
    expect(paused.reasons).toEqual([expect.objectContaining({ kind: "funds", count: 3, next_send_at: null })]);
    expect(paused.next_send_at).toBeNull();
  });

  it("answers nothing waiting for a campaign without planned rows, and 404 for another team's", async () => {
    const { ctx, s } = await campaign();
    expect(await campaignWaiting(db, ctx, s.campaignId, NOW)).toEqual({
      campaign_id: s.campaignId,
      waiting: 0,
      next_send_at: null,
      planning_since: null,
      planning_progress: null,
      reasons: [],
    });
    const other = await campaign();
    await expect(campaignWaiting(db, other.ctx, s.campaignId, NOW)).rejects.toMatchObject({ code: "campaign_not_found" });
  });
});

describe("campaignWaitingBriefs", () => {
  it("counts what waits and names what the next message waits for, for the team's own active campaigns only", async () => {
    const { ctx, s } = await campaign();
    await planned(s, 2, { timeZone: "Europe/Berlin", state: null, country: "DE" });
    await planned(s, 3, NY);
    const other = await campaign();
    await planned(other.s, 1, NY);

    const { data } = await campaignWaitingBriefs(db, ctx, [s.campaignId, other.s.campaignId], NOW);
    expect(data).toEqual([
      {
        id: s.campaignId,
        waiting: 5,
        waiting_is_capped: false,
        next_send_at: "2026-07-01T04:00:00.000Z",
        reason: "Germany: daily window",
        planning: false,
        planning_progress: null,
      },
    ]);
  });
});
