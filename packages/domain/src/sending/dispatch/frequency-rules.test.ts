import { RuleTypes } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CounterBatch, utcDay } from "../../campaigns";
import { one } from "../../shared/rows";
import { useSendingTestkit } from "../plan/plan.testkit";
import { applyFrequencyRules } from "./frequency-rules";

const kit = useSendingTestkit();
const db = kit.db;

const frequency = async (id: number) =>
  one<{ frequency_count: number; frequency_period: number }>(
    db(),
    sql`SELECT frequency_count, frequency_period FROM campaigns WHERE id = ${id}`,
  );

async function withRule(type: number, params: object, column: "set_frequency_rule_id" | "increase_frequency_rule_id") {
  const t = await kit.setup([{ phone: "+12125550100" }]);
  const c = await kit.campaign(t.ctx, t.list.id, {
    setting_gateway_id: t.sms.id,
    frequency_count: 60,
    frequency_period: 1,
    started_at_tz: "America/New_York",
  });
  const rule = await one<{ id: number }>(
    db(),
    sql`INSERT INTO rules (team_id, name, type, params) VALUES (${t.ctx.teamId}, 'Rule', ${type}, ${JSON.stringify(params)}::jsonb) RETURNING id`,
  );
  await db().execute(sql`UPDATE campaigns SET status = 'active', ${sql.identifier(column)} = ${rule!.id} WHERE id = ${c.id}`);
  return { t, c };
}

describe("frequency rules", () => {
  it("resets the frequency once a day at the reset time in the campaign's zone", async () => {
    const { c } = await withRule(
      RuleTypes.reset_frequency,
      { frequency_count: 120, frequency_period: 60, reset_time: "09:00 AM" },
      "set_frequency_rule_id",
    );
    // 2026-07-01 12:30Z is 08:30 in New York: not yet.
    expect((await applyFrequencyRules(db(), Date.UTC(2026, 6, 1, 12, 30))).reset).not.toContain(c.id);
    expect(await frequency(c.id)).toEqual({ frequency_count: 60, frequency_period: 1 });
    // 13:05Z is 09:05: reset, and only once that day.
    expect((await applyFrequencyRules(db(), Date.UTC(2026, 6, 1, 13, 5))).reset).toContain(c.id);
    expect(await frequency(c.id)).toEqual({ frequency_count: 120, frequency_period: 60 });
    await db().execute(sql`UPDATE campaigns SET frequency_count = 10, frequency_period = 1 WHERE id = ${c.id}`);
    expect((await applyFrequencyRules(db(), Date.UTC(2026, 6, 1, 20))).reset).not.toContain(c.id);
    expect((await applyFrequencyRules(db(), Date.UTC(2026, 6, 2, 13, 5))).reset).toContain(c.id);
  });

  it("raises the frequency by its percent while the profit holds, at most once an hour, up to the maximum", async () => {
    const { t, c } = await withRule(
      RuleTypes.increase_frequency,
      { profit_percent: 50, increase_percent: 10, max_frequency: 70 },
      "increase_frequency_rule_id",
    );
    const key = { teamId: t.ctx.teamId, campaignId: c.id, stepId: 0, partId: 0, day: utcDay() };
    await new CounterBatch().add(key, "cost", 10).add(key, "revenue", 14).write(db());
    // 40% profit: under the rule's 50%.
    expect((await applyFrequencyRules(db(), Date.now())).increased).not.toContain(c.id);
    await new CounterBatch().add(key, "revenue", 2).write(db());
    // 60% profit: 60/min → 66/min, then not again within the hour, then capped at 70.
    expect((await applyFrequencyRules(db(), Date.now())).increased).toContain(c.id);
    expect(await frequency(c.id)).toEqual({ frequency_count: 66, frequency_period: 1 });
    expect((await applyFrequencyRules(db(), Date.now() + 60_000)).increased).not.toContain(c.id);
    expect((await applyFrequencyRules(db(), Date.now() + 3_700_000)).increased).toContain(c.id);
    expect(await frequency(c.id)).toEqual({ frequency_count: 70, frequency_period: 1 });
  });
});
