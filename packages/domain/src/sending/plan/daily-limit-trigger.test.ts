import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DelayedCallback } from "../../providers";
import { createPacer } from "../../shared/pacer";
import { rows } from "../../shared/rows";
import { takeAllowances } from "../dispatch/allowance";
import { runDispatcher } from "../dispatch/dispatcher";
import { enrollDailyLimitTriggers } from "./daily-limit-trigger";
import { planFirstStep } from "./plan";
import { useSendingTestkit } from "./plan.testkit";

const kit = useSendingTestkit();
const db = kit.db;

const phones = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    phone: `+1212555${String(2000 + i)}`,
    email: `lead${i}@example.com`,
    timezone: "America/New_York",
    state: "NY",
  }));

const setStatus = (id: number, status: string) => db().execute(sql`UPDATE campaigns SET status = ${status} WHERE id = ${id}`);
const leadsOf = async (campaignId: number) =>
  (
    await rows<{ lead_id: number }>(
      db(),
      sql`SELECT lead_id::float8 AS lead_id FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY lead_id`,
    )
  ).map((r) => r.lead_id);

/** An Active SMS campaign with a daily limit, due now; and the team's trigger campaigns of every kind. */
async function scene(dailyLimit: number) {
  const t = await kit.setup(phones(4));
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id, daily_limit: dailyLimit });
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id}`,
  );
  const trigger = (type: string, triggers: string[], gateway: number) =>
    kit.campaign(t.ctx, t.list.id, { type, triggers, setting_gateway_id: gateway }, [
      type === "automation"
        ? { type: "sms", name: "Later", message: "Tomorrow more" }
        : { type: "email", name: "Later", message: "<p>x</p>", subject: "x", sender_email: "a@b.io" },
    ]);
  const sms = await trigger("automation", ["campaign_daily_limit"], t.sms.id);
  const paused = await trigger("automation", ["campaign_click", "campaign_daily_limit"], t.sms.id);
  const otherTrigger = await trigger("automation", ["campaign_click"], t.sms.id);
  const email = await trigger("email_automation", ["campaign_daily_limit"], t.email.id);
  const draft = await trigger("automation", ["campaign_daily_limit"], t.sms.id);
  for (const x of [sms, otherTrigger, email]) await setStatus(x.id, "active");
  await setStatus(paused.id, "paused");
  return { t, c, sms, paused, otherTrigger, email, draft };
}

describe("the daily-limit trigger", () => {
  it("enrols the leads a daily limit deferred into the team's SMS trigger campaigns listening for it, once", async () => {
    const s = await scene(1);
    const sent: DelayedCallback[] = [];
    const deps = {
      db: db(),
      publicUrl: "https://app.leadflow.test",
      pacer: createPacer(1000),
      providerOptions: { sandboxCallbacks: { schedule: (c: DelayedCallback) => void sent.push(c) } },
    };
    await runDispatcher(deps, s.t.sms.id);
    const deferred = (
      await rows<{ lead_id: number }>(
        db(),
        sql`SELECT lead_id::float8 AS lead_id FROM campaign_messages WHERE campaign_id = ${s.c.id} AND reason = 'daily_limit' ORDER BY lead_id`,
      )
    ).map((r) => r.lead_id);
    expect(deferred).toHaveLength(3);
    // Active and Paused SMS triggers with campaign_daily_limit; not another trigger, another channel, nor a draft.
    expect(await leadsOf(s.sms.id)).toEqual(deferred);
    expect(await leadsOf(s.paused.id)).toEqual(deferred);
    for (const other of [s.otherTrigger, s.email, s.draft]) expect(await leadsOf(other.id)).toEqual([]);
    // The same leads deferred again (tomorrow's limit): nobody enters a step twice.
    expect(await enrollDailyLimitTriggers(db(), [{ teamId: s.t.ctx.teamId, campaignId: s.c.id, leadIds: deferred }])).toEqual([]);
    expect(await leadsOf(s.sms.id)).toEqual(deferred);
  });

  it("names the gateways to wake, and never enrols a trigger campaign's leads into itself", async () => {
    const s = await scene(0);
    const triggered = await db().transaction(async (tx) => (await takeAllowances(tx, s.t.sms.id)).triggered);
    expect(triggered).toEqual([s.t.sms.id]);
    expect(await leadsOf(s.sms.id)).toEqual(s.t.leadIds);
    // The SMS trigger campaign deferring its own leads: they go to the paused one, not back into itself.
    const fresh = await scene(0);
    await enrollDailyLimitTriggers(db(), [{ teamId: fresh.t.ctx.teamId, campaignId: fresh.sms.id, leadIds: fresh.t.leadIds }]);
    expect(await leadsOf(fresh.sms.id)).toEqual([]);
    expect(await leadsOf(fresh.paused.id)).toEqual(fresh.t.leadIds);
  });
});
