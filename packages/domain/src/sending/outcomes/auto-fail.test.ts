import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CounterBatch, utcDay } from "../../campaigns";
import { one, rows } from "../../shared/rows";
import { planFirstStep } from "../plan/plan";
import { useSendingTestkit } from "../plan/plan.testkit";
import { autoFailReason, failCampaignsOverThreshold } from "./auto-fail";

const kit = useSendingTestkit();
const db = kit.db;

describe("autoFailReason", () => {
  it.each([
    [999, 20, 40, false], // neither rule applies yet
    [1000, 199, 40, false], // 19.9% of 1,000 sent
    [1000, 200, 40, true], // 20% of 1,000 sent
    [100, 24, 49, false], // half of 49 answers: too few answers yet
    [100, 25, 50, true], // half of 50 answers
    [100, 24, 50, false], // 48% of 50 answers
  ] as const)("sent %i, failures %i, answers %i → fails: %s", (sent, failures, outcomes, fails) => {
    expect(autoFailReason(sent, failures, outcomes) !== null).toBe(fails);
  });
});

describe("failCampaignsOverThreshold", () => {
  it("fails an active campaign past half of 50 answers, cancels what it had planned, and says why", async () => {
    const t = await kit.setup(
      Array.from({ length: 60 }, (_, i) => ({ phone: `+1212555${String(2000 + i)}`, timezone: "America/New_York", state: "NY" })),
    );
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
    await planFirstStep(db(), c.id);
    const step = (await one<{ id: number }>(db(), sql`SELECT id FROM campaign_steps WHERE campaign_id = ${c.id}`))!.id;
    const key = { teamId: t.ctx.teamId, campaignId: c.id, stepId: step, partId: step, day: utcDay() };
    await new CounterBatch().add(key, "sent", 50).add(key, "delivered", 24).add(key, "failed", 20).add(key, "blocked", 6).write(db());
    expect(await failCampaignsOverThreshold(db(), [c.id])).toEqual([c.id]);
    const after = await one<{ status: string; status_reason: string }>(
      db(),
      sql`SELECT status, status_reason FROM campaigns WHERE id = ${c.id}`,
    );
    expect(after).toEqual({ status: "failed", status_reason: expect.stringMatching(/^Failed automatically: 52% of the first 50 answers/) });
    const states = await rows<{ state: string; reason: string; n: number }>(
      db(),
      sql`SELECT state, reason, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${c.id} GROUP BY state, reason`,
    );
    expect(states).toEqual([{ state: "cancelled", reason: "campaign_failed", n: 60 }]);
    const k = await one<{ cancelled: number }>(
      db(),
      sql`SELECT sum(cancelled)::int AS cancelled FROM campaign_counters WHERE campaign_id = ${c.id}`,
    );
    expect(k!.cancelled).toBe(60);
    // Failed already: nothing more happens.
    expect(await failCampaignsOverThreshold(db(), [c.id])).toEqual([]);
  });
});
