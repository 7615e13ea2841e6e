import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { topUp } from "../../billing";
import { recordProviderEvents } from "../../provider-events";
import type { DelayedCallback } from "../../providers";
import { createPacer } from "../../shared/pacer";
import { one, rows } from "../../shared/rows";
import { applyStatusEventsUntilIdle } from "../outcomes/apply-events";
import { reconcileOpenMessages, settleWaitingHolds } from "../outcomes/reconcile";
import { planFirstStep } from "../plan/plan";
import { useSendingTestkit } from "../plan/plan.testkit";
import { FINAL_WORD_MAX_MS, INSUFFICIENT_FUNDS_FOR_SENDING } from "./charges";
import { runDispatcher } from "./dispatcher";

const kit = useSendingTestkit();
const db = kit.db;
beforeAll(async () => {
  await db().execute(
    sql`INSERT INTO app_settings (key, value) VALUES ('send_prices', '{"sms": 0.01}'::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
});

const deps = (sent: DelayedCallback[]) => ({
  db: db(),
  publicUrl: "https://app.leadflow.test",
  providerOptions: { sandboxCallbacks: { schedule: (c: DelayedCallback) => void sent.push(c) } },
  pacer: createPacer(1000),
});

/** A team sending through the platform's own sandbox gateway, with `balance` dollars and `freeSms` free parts. */
async function platformCampaign(leads: number, balance: number, freeSms: number) {
  const gw = await one<{ id: number }>(
    db(),
    sql`INSERT INTO gateways (team_id, kind, type, name, active, senders)
        VALUES (NULL, 'sms', 'sandbox', ${`Platform ${Date.now()}-${Math.random()}`}, true, '{"numbers": [{"number": "+12015550199"}]}'::jsonb) RETURNING id`,
  );
  const t = await kit.setup(
    Array.from({ length: leads }, (_, i) => ({ phone: `+1212555${String(3000 + i)}`, timezone: "America/New_York", state: "NY" })),
  );
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: gw!.id });
  await topUp(db(), t.ctx.teamId, balance, "test");
  await db().execute(sql`UPDATE team_balances SET free_sms = ${freeSms} WHERE team_id = ${t.ctx.teamId}`);
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id}`,
  );
  return { t, c, gatewayId: gw!.id };
}

/** The reconciliation pass as the job runs it: the sandbox's answers fetched and applied, then the holds settled. */
async function settleAnswers() {
  await reconcileOpenMessages({ ...deps([]), askAfterMs: 0 });
  await applyStatusEventsUntilIdle(db());
  await reconcileOpenMessages({ ...deps([]), askAfterMs: 0 });
}

const money = (teamId: number) =>
  one<{ balance: number; free_sms: number }>(
    db(),
    sql`SELECT balance::float8 AS balance, free_sms FROM team_balances WHERE team_id = ${teamId}`,
  );

describe("sending on a platform gateway", () => {
  it("spends the free SMS first, then the balance, sends no more than is paid for, and pauses saying why", async () => {
    const { t, c, gatewayId } = await platformCampaign(10, 0.05, 2);
    const sent: DelayedCallback[] = [];
    await runDispatcher(deps(sent), gatewayId);
    expect(sent).toHaveLength(7);
    const states = await rows<{ state: string; n: number }>(
      db(),
      sql`SELECT state, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${c.id} GROUP BY state ORDER BY state`,
    );
    expect(states).toEqual([
      { state: "accepted", n: 7 },
      { state: "planned", n: 3 },
    ]);
    // Held, not spent: the sandbox bills as Twilio, and a message Twilio took may still fail before any carrier.
    expect(await money(t.ctx.teamId)).toEqual({ balance: 0, free_sms: 0 });
    expect(await one(db(), sql`SELECT 1 FROM balance_holds WHERE team_id = ${t.ctx.teamId}`)).toBeDefined();
    const campaign = await one<{ status: string; status_reason: string }>(
      db(),
      sql`SELECT status, status_reason FROM campaigns WHERE id = ${c.id}`,
    );
    expect(campaign).toEqual({ status: "paused", status_reason: INSUFFICIENT_FUNDS_FOR_SENDING });

    // The final words: +1212555300[0-5] delivered, 3006 "failed" (never left Twilio): 6 parts billed, 2 of them free.
    await settleAnswers();
    const ledger = await rows<{ kind: string; amount: number; items: number; free_items: number }>(
      db(),
      sql`SELECT kind, amount::float8 AS amount, items, free_items FROM balance_transactions WHERE team_id = ${t.ctx.teamId} AND kind = 'send'`,
    );
    expect(ledger).toEqual([{ kind: "send", amount: -0.04, items: 6, free_items: 2 }]);
    expect(await money(t.ctx.teamId)).toEqual({ balance: 0.01, free_sms: 0 });
    expect(await one(db(), sql`SELECT 1 FROM balance_holds WHERE team_id = ${t.ctx.teamId}`)).toBeUndefined();
    const cost = await one<{ counted: number; ledger: number }>(
      db(),
      sql`SELECT (SELECT sum(cost)::float8 FROM campaign_counters WHERE campaign_id = ${c.id}) AS counted,
            (SELECT sum(cost)::float8 FROM campaign_messages WHERE campaign_id = ${c.id} AND state <> 'planned') AS ledger`,
    );
    expect(cost).toEqual({ counted: expect.closeTo(0.06, 6), ledger: expect.closeTo(0.06, 6) });

    // Money added and the campaign set Active again: the rest is sent (3007–3009 undelivered: attempted, billed).
    await topUp(db(), t.ctx.teamId, 1, "test");
    await db().execute(sql`UPDATE campaigns SET status = 'active', status_reason = NULL WHERE id = ${c.id}`);
    await runDispatcher(deps(sent), gatewayId);
    expect(sent).toHaveLength(10);
    await settleAnswers();
    expect((await money(t.ctx.teamId))!.balance).toBeCloseTo(0.98, 6);
  });

  it("waits rather than pauses while money is held for messages still waiting for an answer, then pauses once it is not", async () => {
    const { t, c, gatewayId } = await platformCampaign(6, 0.01, 0);
    // A dead dispatcher's batch of one, a minute old and its outcome unknown: its $0.05 may come back.
    await db().execute(
      sql`WITH h AS (INSERT INTO balance_holds (team_id, kind, ref_id, items, amount, unit_price, created_at)
            VALUES (${t.ctx.teamId}, 'send', ${gatewayId}, 5, 0.05, 0.01, now() - interval '1 minute') RETURNING id)
          UPDATE campaign_messages SET state = 'unknown', hold_id = (SELECT id FROM h), parts = 5, submitted_at = now() - interval '1 minute'
          WHERE id = (SELECT min(id) FROM campaign_messages WHERE campaign_id = ${c.id})`,
    );
    await runDispatcher(deps([]), gatewayId);
    const campaign = () => one<{ status: string }>(db(), sql`SELECT status FROM campaigns WHERE id = ${c.id}`);
    expect(await campaign()).toEqual({ status: "active" });
    // One message was paid for and went; the other four wait half a minute.
    const waiting = await rows<{ state: string; later: boolean; n: number }>(
      db(),
      sql`SELECT state, due_at > now() + interval '20 seconds' AS later, count(*)::int AS n FROM campaign_messages
          WHERE campaign_id = ${c.id} GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(waiting).toEqual([
      { state: "accepted", later: false, n: 1 },
      { state: "planned", later: true, n: 4 },
      { state: "unknown", later: false, n: 1 },
    ]);
    // Held past the wait (a provider reconciliation cannot ask): the shortfall is the balance's, the campaign pauses.
    await db().execute(sql`UPDATE balance_holds SET created_at = now() - interval '1 hour' WHERE team_id = ${t.ctx.teamId}`);
    await db().execute(
      sql`UPDATE campaign_messages SET due_at = now() - interval '1 second' WHERE campaign_id = ${c.id} AND state = 'planned'`,
    );
    await runDispatcher(deps([]), gatewayId);
    expect(await campaign()).toEqual({ status: "paused" });
  });

  it("keeps a dead dispatcher's hold until reconciliation says what the provider took: paid if taken, given back if not", async () => {
    const paidOrNot = async (taken: boolean) => {
      const { t, c, gatewayId } = await platformCampaign(3, 1, 0);
      // A dispatcher held 3 parts ($0.03), marked one message submitting, and died — its answer (if any) lost.
      const hold = await one<{ id: number }>(
        db(),
        sql`INSERT INTO balance_holds (team_id, kind, ref_id, items, free_items, amount, unit_price) VALUES (${t.ctx.teamId}, 'send', ${gatewayId}, 3, 0, 0.03, 0.01) RETURNING id`,
      );
      await db().execute(sql`UPDATE team_balances SET balance = balance - 0.03 WHERE team_id = ${t.ctx.teamId}`);
      const [first] = await rows<{ id: number }>(
        db(),
        sql`SELECT id FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY id LIMIT 1`,
      );
      await db().execute(
        sql`UPDATE campaign_messages SET state = 'submitting', claimed_by = 'dead', parts = 1, hold_id = ${hold!.id},
              body = 'Hi', sender = '+12015550199', provider_id = ${taken ? "sbx_taken" : null} WHERE id = ${first!.id}`,
      );
      const sent: DelayedCallback[] = [];
      await runDispatcher(deps(sent), gatewayId);
      // The maybe-sent one is never resent, its $0.03 still held; the other two are sent and paid ($0.02).
      expect(sent).toHaveLength(2);
      expect((await money(t.ctx.teamId))!.balance).toBeCloseTo(0.95, 6);
      expect((await one<{ state: string }>(db(), sql`SELECT state FROM campaign_messages WHERE id = ${first!.id}`))!.state).toBe("unknown");
      if (taken) {
        // Reconciliation asks the provider (the sandbox knows the message by its id): delivered, so paid.
        await reconcileOpenMessages({ ...deps(sent), askAfterMs: 0 });
        await applyStatusEventsUntilIdle(db());
        await reconcileOpenMessages({ ...deps(sent), askAfterMs: 0 });
        expect((await one<{ state: string }>(db(), sql`SELECT state FROM campaign_messages WHERE id = ${first!.id}`))!.state).toBe(
          "delivered",
        );
        expect((await money(t.ctx.teamId))!.balance).toBeCloseTo(0.97, 6);
      } else {
        // The provider had no record of it (reconciliation sends it again, unheld): the dead hold is given back whole,
        // and the message is paid once, when it is sent.
        await db().execute(sql`UPDATE campaign_messages SET state = 'planned', hold_id = NULL, claimed_by = NULL WHERE id = ${first!.id}`);
        await reconcileOpenMessages({ ...deps(sent), askAfterMs: 0 });
        expect((await money(t.ctx.teamId))!.balance).toBeCloseTo(0.98, 6);
        await runDispatcher(deps(sent), gatewayId);
        expect(sent).toHaveLength(3);
        expect((await money(t.ctx.teamId))!.balance).toBeCloseTo(0.97, 6);
        // Their final words settle the batches' holds: all delivered, all billed.
        await settleAnswers();
        expect((await money(t.ctx.teamId))!.balance).toBeCloseTo(0.97, 6);
      }
      expect(await one<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM balance_holds WHERE team_id = ${t.ctx.teamId}`)).toEqual({
        n: 0,
      });
    };
    await paidOrNot(true);
    await paidOrNot(false);
  });

  it("charges money still held for messages without a final word once it is overdue, as handed over, exactly once", async () => {
    const { t, c, gatewayId } = await platformCampaign(7, 1, 2);
    // Sent, but the provider's callbacks never come (nothing delivers them): 7 parts held, 2 of them free.
    await runDispatcher(deps([]), gatewayId);
    expect(await money(t.ctx.teamId)).toEqual({ balance: 0.95, free_sms: 0 });
    // One final word does come: +12125553006 "failed" (never left Twilio, billed nothing).
    const failed = await one<{ id: number; provider_id: string }>(
      db(),
      sql`SELECT id::float8 AS id, provider_id FROM campaign_messages WHERE campaign_id = ${c.id} AND address = '+12125553006'`,
    );
    await recordProviderEvents(
      db(),
      { id: gatewayId, teamId: null },
      {
        kind: "status",
        events: [
          {
            eventId: `failed-${failed!.id}`,
            messageId: String(failed!.id),
            providerId: failed!.provider_id,
            status: "failed",
            providerStatus: "failed",
            errorCode: "30008",
            errorMessage: "Unknown error",
            occurredAt: null,
          },
        ],
      },
    );
    await applyStatusEventsUntilIdle(db());
    const holds = () => one<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM balance_holds WHERE team_id = ${t.ctx.teamId}`);
    const ledger = () =>
      rows<{ amount: number; items: number; free_items: number }>(
        db(),
        sql`SELECT amount::float8 AS amount, items, free_items FROM balance_transactions WHERE team_id = ${t.ctx.teamId} AND kind = 'send'`,
      );
    const heldFor = (hours: number) =>
      db().execute(sql`UPDATE balance_holds SET created_at = now() - make_interval(hours => ${hours}) WHERE team_id = ${t.ctx.teamId}`);

    // Six rows still wait for their final word: the hold waits too, up to its limit.
    await settleWaitingHolds(db());
    expect(await holds()).toEqual({ n: 1 });
    await heldFor(FINAL_WORD_MAX_MS / 3600_000 - 1);
    await settleWaitingHolds(db());
    expect(await holds()).toEqual({ n: 1 });
    expect(await ledger()).toEqual([]);

    // Past it: charged for the six handed over (the free two first), the failed one given back.
    await heldFor(FINAL_WORD_MAX_MS / 3600_000 + 1);
    await settleWaitingHolds(db());
    expect(await holds()).toEqual({ n: 0 });
    expect(await ledger()).toEqual([{ amount: -0.04, items: 6, free_items: 2 }]);
    expect(await money(t.ctx.teamId)).toEqual({ balance: 0.96, free_sms: 0 });

    // Once: later passes and a late final word charge nothing more; the counters still equal a recount of the ledger.
    await settleWaitingHolds(db());
    await reconcileOpenMessages({ ...deps([]), askAfterMs: 0 });
    await applyStatusEventsUntilIdle(db());
    await settleWaitingHolds(db());
    expect(await ledger()).toEqual([{ amount: -0.04, items: 6, free_items: 2 }]);
    expect(await money(t.ctx.teamId)).toEqual({ balance: 0.96, free_sms: 0 });
    const cost = await one<{ counted: number; recount: number }>(
      db(),
      sql`SELECT (SELECT coalesce(sum(cost), 0)::float8 FROM campaign_counters WHERE campaign_id = ${c.id}) AS counted,
            (SELECT coalesce(sum(cost), 0)::float8 FROM campaign_messages WHERE campaign_id = ${c.id} AND state <> 'planned') AS recount`,
    );
    expect(cost!.counted).toBeCloseTo(cost!.recount, 6);
    expect(cost!.recount).toBeCloseTo(0.06, 6);
  });
});
