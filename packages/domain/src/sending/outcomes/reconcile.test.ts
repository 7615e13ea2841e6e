import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createGateway } from "../../gateways";
import type { DelayedCallback } from "../../providers";
import { startFakeTwilioMessaging } from "../../providers/testing";
import { createPacer } from "../../shared/pacer";
import { one, rows } from "../../shared/rows";
import { runDispatcher } from "../dispatch/dispatcher";
import { planFirstStep } from "../plan/plan";
import { useSendingTestkit } from "../plan/plan.testkit";
import { applyStatusEventsUntilIdle } from "./apply-events";
import { completeFinishedCampaigns } from "./campaign-progress";
import { reconcileOpenMessages } from "./reconcile";

const kit = useSendingTestkit();
const db = kit.db;

/** The sandbox decides a message's outcome by the recipient's last digit: 0 delivered, 6 failed, 8 blocked. */
const leads = ["0", "6", "8", "1"].map((d) => ({ phone: `+121255510${d}${d}`, timezone: "America/New_York", state: "NY" }));

/** A campaign sent through the sandbox whose status callbacks never arrive (kept, not posted). */
async function sentWithoutCallbacks() {
  const t = await kit.setup(leads);
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id}`,
  );
  const dropped: DelayedCallback[] = [];
  const providerOptions = { sandboxCallbacks: { schedule: (cb: DelayedCallback) => void dropped.push(cb) } };
  await runDispatcher({ db: db(), publicUrl: "https://app.leadflow.test", providerOptions, pacer: createPacer(1000) }, t.sms.id);
  return {
    t,
    c,
    providerOptions,
    reconcile: () => reconcileOpenMessages({ db: db(), publicUrl: "https://app.leadflow.test", providerOptions, askAfterMs: 0 }),
  };
}

const states = (campaignId: number) =>
  rows<{ address: string; state: string; reason: string | null; error_code: string | null }>(
    db(),
    sql`SELECT address, state, reason, error_code FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY address`,
  );
const totals = (campaignId: number) =>
  one<{ processed: number; sent: number; delivered: number; failed: number; blocked: number; errors: number }>(
    db(),
    sql`SELECT sum(processed)::int AS processed, sum(sent)::int AS sent, sum(delivered)::int AS delivered, sum(failed)::int AS failed,
               sum(blocked)::int AS blocked, sum(errors)::int AS errors
        FROM campaign_counters WHERE campaign_id = ${campaignId}`,
  );

describe("reconcileOpenMessages", () => {
  it("asks the provider about messages whose callbacks never came, and settles them once", async () => {
    const { c, reconcile } = await sentWithoutCallbacks();
    // The last lead's send lost its answer: `unknown` with no provider id. The sandbox cannot say whether it took it,
    // so it is never sent again: it waits for the one-day close.
    await db().execute(
      sql`UPDATE campaign_messages SET state = 'unknown', provider_id = NULL WHERE campaign_id = ${c.id} AND address LIKE '%11'`,
    );
    const done = await reconcile();
    expect(done).toMatchObject({ asked: 4, answered: 3, replanned: 0, closed: 0, campaigns: [c.id] });
    await applyStatusEventsUntilIdle(db());
    expect((await states(c.id)).map((m) => [m.state, m.error_code])).toEqual([
      ["delivered", null],
      ["unknown", null],
      ["failed", "30008"],
      ["blocked", "30007"],
    ]);
    expect(await totals(c.id)).toEqual({ processed: 4, sent: 3, delivered: 1, failed: 1, blocked: 1, errors: 1 });
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([]);

    // Asked once: nothing is asked again within the recheck period, and nothing moves twice.
    expect(await reconcile()).toMatchObject({ asked: 0, answered: 0, replanned: 0 });
    expect(await totals(c.id)).toEqual({ processed: 4, sent: 3, delivered: 1, failed: 1, blocked: 1, errors: 1 });
  });

  it("sends again a lost send Twilio has no record of, and never one it has", async () => {
    const fake = await startFakeTwilioMessaging({ numbers: [{ phone: "+12015550101" }] });
    try {
      const t = await kit.setup(leads.slice(0, 2));
      const gw = await createGateway(db(), t.ctx, {
        kind: "sms",
        type: "gateway1",
        name: "Twilio",
        active: true,
        allow_lookup: false,
        is_force: false,
        params: { sys_id: fake.accountSid, auth_token: fake.authToken },
        senders: { numbers: [{ number: "+12015550101" }], pools: [], dids: [], did_groups: [], list: [] },
      });
      const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: gw.id });
      await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
      await planFirstStep(db(), c.id);
      await db().execute(
        sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id}`,
      );
      const providerOptions = { baseUrls: fake.baseUrls };
      const dispatch = () =>
        runDispatcher({ db: db(), publicUrl: "https://app.leadflow.test", providerOptions, pacer: createPacer(1000) }, gw.id);
      await dispatch();
      expect(fake.messages).toHaveLength(2);
      // Both answers lost; the second never reached Twilio at all (its body is not what Twilio holds).
      await db().execute(sql`UPDATE campaign_messages SET state = 'unknown', provider_id = NULL WHERE campaign_id = ${c.id}`);
      await db().execute(
        sql`UPDATE campaign_messages SET body = 'Lost before it left' WHERE campaign_id = ${c.id} AND address = ${leads[1]!.phone}`,
      );
      const done = await reconcileOpenMessages({ db: db(), publicUrl: "https://app.leadflow.test", providerOptions, askAfterMs: 0 });
      expect(done).toMatchObject({ asked: 2, answered: 1, replanned: 1 });
      await applyStatusEventsUntilIdle(db());
      expect((await states(c.id)).map((m) => m.state)).toEqual(["accepted", "planned"]);
      await db().execute(
        sql`UPDATE campaign_messages SET due_at = now() - interval '1 second' WHERE campaign_id = ${c.id} AND state = 'planned'`,
      );
      await dispatch();
      const to = fake.messages.map((m) => m.json?.To);
      // The first dispatch's two calls start at once (in either order); the lost one goes again, once.
      expect(to.slice(0, 2).sort()).toEqual([leads[0]!.phone, leads[1]!.phone].sort());
      expect(to.slice(2)).toEqual([leads[1]!.phone]);
      expect((await states(c.id)).map((m) => m.state)).toEqual(["accepted", "accepted"]);
      expect(await totals(c.id)).toMatchObject({ processed: 2 });
    } finally {
      await fake.close();
    }
  });

  it("closes a message with no final word a day after it was handed over, so its campaign completes", async () => {
    const { c, reconcile } = await sentWithoutCallbacks();
    await db().execute(
      sql`UPDATE campaign_messages SET submitted_at = now() - interval '25 hours', checked_at = now() WHERE campaign_id = ${c.id}`,
    );
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([]);
    expect(await reconcile()).toMatchObject({ asked: 0, closed: 4 });
    expect((await states(c.id)).map((m) => [m.state, m.reason])).toEqual(Array(4).fill(["sent", "no_receipt"]));
    expect(await totals(c.id)).toMatchObject({ processed: 4, sent: 4, delivered: 0 });
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([c.id]);
  });
});
