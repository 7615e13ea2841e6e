import { CampaignLogQuery, formatDollars } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignLogPage } from "../campaign-logs";
import { CounterBatch, utcDay } from "../campaigns";
import type { DelayedCallback } from "../providers";
import { recountDemo } from "../seed/testing";
import { applyStatusEventsUntilIdle, planFirstStep, reconcileOpenMessages, runDispatcher } from "../sending";
import { useSendingTestkit } from "../sending/testing";
import { createPacer } from "../shared/pacer";
import { one, rows } from "../shared/rows";
import { campaignStatistic } from "./campaign-statistic";

/*
 * A campaign's Cost is what its messages cost, as Message Logs lists them, plus the welcome messages it sent; its
 * Profit also takes off the lookups it paid for (docs/revenue.md). Sent through the team's own sandbox, which bills
 * as Twilio: the failed message (30008, never left Twilio) costs nothing, the carrier's refusals cost their parts.
 */

const kit = useSendingTestkit();
const db = kit.db;

const deps = () => {
  const sent: DelayedCallback[] = [];
  return {
    db: db(),
    publicUrl: "https://app.leadflow.test",
    providerOptions: { sandboxCallbacks: { schedule: (c: DelayedCallback) => void sent.push(c) } },
    pacer: createPacer(1000),
  };
};

async function finishedCampaign(steps: object[]) {
  // Last digits 0–9: six delivered, one failed, one inactive, one blocked, one landline (the sandbox's table).
  const t = await kit.setup(
    Array.from({ length: 10 }, (_, i) => ({ phone: `+1212559${String(2000 + i)}`, timezone: "America/New_York", state: "NY" })),
  );
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id }, steps);
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  // Recipients where it is daytime now, whatever the hour the test runs at: a welcome keeps its step's window.
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity', time_zone = ${daytimeZone()}, us_state = 'NY'
        WHERE campaign_id = ${c.id}`,
  );
  await runDispatcher(deps(), t.sms.id);
  // Welcomes are planned by the record and go out with the dispatcher's next look at its lane.
  await db().execute(sql`UPDATE welcome_messages SET due_at = now() - interval '1 second' WHERE campaign_id = ${c.id}`);
  await runDispatcher(deps(), t.sms.id);
  // The sandbox's final words, fetched and applied as reconciliation does.
  await reconcileOpenMessages({ ...deps(), askAfterMs: 0 });
  await applyStatusEventsUntilIdle(db());
  return { t, c };
}

/** A zone where the local hour is between 10 and 18 now. */
function daytimeZone(): string {
  const zones = ["Pacific/Kiritimati", "Pacific/Auckland", "Asia/Tokyo", "Asia/Bangkok", "Asia/Kolkata", "Asia/Dubai", "Europe/Berlin"];
  const more = ["Europe/London", "America/Sao_Paulo", "America/New_York", "America/Chicago", "America/Los_Angeles", "Pacific/Honolulu"];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return [...zones, ...more].find((z) => hour(z) >= 10 && hour(z) < 18)!;
}

const messageLogsCost = async (ctx: Parameters<typeof campaignLogPage>[1], campaignId: number) => {
  const page = await campaignLogPage(db(), ctx, campaignId, "message-logs", CampaignLogQuery.parse({}));
  return page.data.reduce((sum, r) => sum + (r.cost ?? 0), 0);
};

describe("a campaign's cost", () => {
  it("is the sum of its messages: a failed one costs nothing, the carrier's refusals their parts; counters equal the ledger", async () => {
    const { t, c } = await finishedCampaign([{ type: "sms", name: "Hello", message: "Hi" }]);
    const costs = await rows<{ address: string; state: string; cost: number }>(
      db(),
      sql`SELECT address, state, cost::float8 AS cost FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY address`,
    );
    expect(costs.map((r) => [r.address.slice(-1), r.state, r.cost])).toEqual([
      ["0", "delivered", 0.0079],
      ["1", "delivered", 0.0079],
      ["2", "delivered", 0.0079],
      ["3", "delivered", 0.0079],
      ["4", "delivered", 0.0079],
      ["5", "delivered", 0.0079],
      ["6", "failed", 0],
      ["7", "inactive", 0.0079],
      ["8", "blocked", 0.0079],
      ["9", "failed", 0.0079],
    ]);
    const statistic = await campaignStatistic(db(), t.ctx, c.id, {});
    expect(statistic.cost).toBeCloseTo(await messageLogsCost(t.ctx, c.id), 6);
    expect(statistic.cost).toBeCloseTo(9 * 0.0079, 6);
    // Four decimals below a dollar: not "$0.07".
    expect(statistic.cost_formatted).toBe("$0.0711");
    expect(await recountDemo(db(), c.id)).toEqual([]);
  });

  it("adds the welcomes it sent; its profit also takes off the lookups it paid for", async () => {
    const { t, c } = await finishedCampaign([
      { type: "sms", name: "Hello", message: "Hi", need_send_welcome_message: true, welcome_message_text: "Welcome!" },
    ]);
    const welcomes = await one<{ n: number; cost: number }>(
      db(),
      sql`SELECT count(*)::int AS n, coalesce(sum(cost), 0)::float8 AS cost FROM welcome_messages WHERE campaign_id = ${c.id} AND sent_at IS NOT NULL`,
    );
    expect(welcomes!.n).toBeGreaterThan(0);
    // A lookup the campaign started, charged campaign-wide (step and part 0), and a sale.
    await new CounterBatch()
      .add({ teamId: t.ctx.teamId, campaignId: c.id, stepId: 0, partId: 0, day: utcDay() }, "lookup_cost", 0.02)
      .add({ teamId: t.ctx.teamId, campaignId: c.id, stepId: 0, partId: 0, day: utcDay() }, "revenue", 1.5)
      .write(db());
    const statistic = await campaignStatistic(db(), t.ctx, c.id, {});
    const messages = await messageLogsCost(t.ctx, c.id);
    expect(statistic.cost).toBeCloseTo(messages + welcomes!.cost, 6);
    expect(statistic.lookup_cost).toBeCloseTo(0.02, 6);
    expect(statistic.profit).toBeCloseTo(1.5 - messages - welcomes!.cost - 0.02, 6);
    expect(statistic.profit_formatted).toBe(formatDollars(statistic.profit));
  });
});

describe("the clicks the redirect did not count", () => {
  it("are counted by why under the Clicked figure, within the range", async () => {
    const { t, c } = await finishedCampaign([{ type: "sms", name: "Hello", message: "Hi" }]);
    const m = (await one<{ id: number; step_id: number; lead_id: number }>(
      db(),
      sql`SELECT id::float8 AS id, step_id, lead_id::float8 AS lead_id FROM campaign_messages WHERE campaign_id = ${c.id} LIMIT 1`,
    ))!;
    const hit = (n: number, reason: string | null, kind = "click", at = sql`now()`) =>
      db().execute(
        sql`INSERT INTO message_hits (hit_id, kind, team_id, campaign_id, step_id, part_id, message_id, lead_id, reason, created_at)
            VALUES (${`h${c.id}-${n}`}, ${kind}, ${t.ctx.teamId}, ${c.id}, ${m.step_id}, ${m.step_id}, ${m.id}, ${m.lead_id}, ${reason}, ${at})`,
      );
    await hit(1, null);
    await hit(2, "bot");
    await hit(3, "bot");
    await hit(4, "preview");
    await hit(5, "desktop");
    await hit(6, "scanner", "open");
    await hit(7, "head", "click", sql`now() - interval '10 days'`);
    const st = await campaignStatistic(db(), t.ctx, c.id, {});
    expect(st.filtered_clicks).toEqual({
      total: 5,
      by_reason: [
        { reason: "bot", label: "Bot", count: 2 },
        { reason: "desktop", label: "Desktop traffic blocked", count: 1 },
        { reason: "head", label: "HEAD request", count: 1 },
        { reason: "preview", label: "Link preview", count: 1 },
      ],
    });
    const today = new Date().toISOString().slice(0, 10);
    expect((await campaignStatistic(db(), t.ctx, c.id, { date_from: today })).filtered_clicks.total).toBe(4);
  });
});
