import { CampaignLogQuery } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { holdFunds, topUp } from "../../../billing";
import { campaignLogPage } from "../../../campaign-logs";
import type { DelayedCallback } from "../../../providers";
import { createPacer } from "../../../shared/pacer";
import { one, rows } from "../../../shared/rows";
import { applyStatusEventsUntilIdle } from "../../outcomes/apply-events";
import { reconcileOpenMessages } from "../../outcomes/reconcile";
import { planFirstStep } from "../../plan/plan";
import { useSendingTestkit } from "../../plan/plan.testkit";
import { planWelcomeMessages } from "../../plan/welcome-plan";
import { runDispatcher } from "../dispatcher";
import { HandOverMark, returnNeverHanded } from "../hand-over-mark";
import { laneWelcomes } from "./lane-welcomes";

const kit = useSendingTestkit();
const db = kit.db;

/** The sandbox's status callbacks and the welcomes' sends, kept instead of posted. */
function capture() {
  const sent: DelayedCallback[] = [];
  return { sent, options: { sandboxCallbacks: { schedule: (c: DelayedCallback) => void sent.push(c) } } };
}
const deps = (options: object) => ({
  db: db(),
  publicUrl: "https://app.leadflow.test",
  providerOptions: options,
  pacer: createPacer(1000),
});
/** A welcome sent already, planned again (what a record would leave) to see what the next run does with it. */
const replan = (campaignId: number) =>
  db().execute(
    sql`UPDATE welcome_messages SET state = 'planned', provider_id = NULL, cost = NULL, sent_at = NULL WHERE campaign_id = ${campaignId}`,
  );

const welcomeStep = (name: string, text: string) => ({
  type: "sms",
  name,
  message: `${name} {{last_4_digits}}`,
  need_send_welcome_message: true,
  welcome_message_text: text,
});

/** A campaign of `steps` over `leads` phones, Active, planned and due now, on `gateway` (the team's sandbox by default). */
async function campaign(leads: number, steps: object[], gateway?: (t: Awaited<ReturnType<typeof kit.setup>>) => Promise<number>) {
  const t = await kit.setup(
    Array.from({ length: leads }, (_, i) => ({ phone: `+1212556${String(1000 + i)}`, timezone: "America/New_York", state: "NY" })),
  );
  const gatewayId = gateway ? await gateway(t) : t.sms.id;
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: gatewayId }, steps);
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  // Recipients where it is daytime now, whatever the hour the test runs at: the welcome keeps its step's window.
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity', time_zone = ${daytimeZone()}, us_state = 'NY'
        WHERE campaign_id = ${c.id}`,
  );
  return { t, c, gatewayId };
}

/** A zone where the local hour is between 10 and 18 now (zones a few hours apart around the world). */
function daytimeZone(): string {
  const zones = [
    "Pacific/Kiritimati",
    "Pacific/Auckland",
    "Asia/Tokyo",
    "Asia/Bangkok",
    "Asia/Kolkata",
    "Asia/Dubai",
    "Europe/Berlin",
    "Europe/London",
    "America/Sao_Paulo",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "Pacific/Honolulu",
  ];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return zones.find((z) => hour(z) >= 10 && hour(z) < 18)!;
}

type Welcome = { lead_id: number; step_id: number; to_number: string; short_code: string | null; message: string; state: string };
const welcomes = (campaignId: number) =>
  rows<Welcome & { provider_id: string | null; cost: number | null; sent: boolean }>(
    db(),
    sql`SELECT lead_id::float8 AS lead_id, step_id, to_number, short_code, message, state, provider_id, cost::float8 AS cost,
          sent_at IS NOT NULL AS sent
        FROM welcome_messages WHERE campaign_id = ${campaignId} ORDER BY lead_id`,
  );

describe("welcome messages", () => {
  it("are planned once per lead per campaign when its first message is accepted, and sent by the same run", async () => {
    const { t, c, gatewayId } = await campaign(3, [
      welcomeStep("First", "Welcome to Spring deals, {{last_4_digits}}! Reply STOP to opt out."),
      welcomeStep("Second", "A second welcome, never sent."),
    ]);
    const cb = capture();
    expect(await runDispatcher(deps(cb.options), gatewayId)).toBe("idle");
    // The second step, due now.
    await db().execute(
      sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id} AND state = 'planned'`,
    );
    expect(await runDispatcher(deps(cb.options), gatewayId)).toBe("idle");
    const sent = await rows<{ id: number; lead_id: number; step_id: number; sender: string; address: string }>(
      db(),
      sql`SELECT id::float8 AS id, lead_id::float8 AS lead_id, step_id, sender, address FROM campaign_messages
          WHERE campaign_id = ${c.id} AND state = 'accepted' ORDER BY lead_id, id`,
    );
    // Both steps went to every lead; the welcome is the first step's.
    expect(sent).toHaveLength(6);
    const first = sent.filter((_m, i) => i % 2 === 0);
    const planned = await welcomes(c.id);
    expect(planned).toEqual(
      first.map((m) => ({
        lead_id: m.lead_id,
        step_id: m.step_id,
        to_number: m.address,
        short_code: m.sender,
        message: `Welcome to Spring deals, ${m.address.slice(-4)}! Reply STOP to opt out.`,
        state: "accepted",
        provider_id: expect.stringMatching(/^sbx_/),
        cost: expect.any(Number),
        sent: true,
      })),
    );
    expect(t.numbers).toContain(planned[0]!.short_code);

    // A repeated record of the same rows, or of the second step's, plans nothing more.
    await db().transaction((tx) =>
      planWelcomeMessages(
        tx,
        sent.map((m) => m.id),
      ),
    );
    expect(await welcomes(c.id)).toHaveLength(3);
  });

  it("are sent once, from the number the lead's message left from, even by two runs at once, and listed as sent", async () => {
    const { t, c, gatewayId } = await campaign(4, [welcomeStep("Hello", "Hi {{last_4_digits}}, welcome!")]);
    await runDispatcher(deps(capture().options), gatewayId);
    await replan(c.id);
    const cb = capture();
    // Two runs at once (two workers): one leads the gateway, the other finds it led; each welcome goes once.
    const outcomes = await Promise.all([runDispatcher(deps(cb.options), gatewayId), runDispatcher(deps(cb.options), gatewayId)]);
    expect(outcomes.sort()).toEqual(["idle", "leased"]);
    const done = await welcomes(c.id);
    expect(done.map((w) => w.state)).toEqual(Array(4).fill("accepted"));
    expect(done.every((w) => w.provider_id?.startsWith("sbx_") && w.sent)).toBe(true);
    expect(done[0]!.message).toBe(`Hi ${done[0]!.to_number.slice(-4)}, welcome!`);
    // The provider was called once per welcome (the sandbox reports each one once).
    const called = cb.sent.map((s) => JSON.parse(s.body).provider_id);
    expect(called.sort()).toEqual(done.map((w) => w.provider_id).sort());
    await runDispatcher(deps(cb.options), gatewayId);
    expect(cb.sent).toHaveLength(4);

    const page = await campaignLogPage(db(), t.ctx, c.id, "welcome-messages", CampaignLogQuery.parse({}));
    expect(page.meta).toMatchObject({ total: 4 });
    const listed = page.data.find((r) => r.lead_id === done[0]!.lead_id);
    expect(listed).toMatchObject({
      to_number: done[0]!.to_number,
      short_code: done[0]!.short_code,
      message: done[0]!.message,
      status: "accepted",
    });
    expect(listed!.sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("are not sent to a phone that opted out after its first message", async () => {
    const { t, c, gatewayId } = await campaign(2, [welcomeStep("Hello", "Welcome!")]);
    await runDispatcher(deps(capture().options), gatewayId);
    await replan(c.id);
    const [out] = await welcomes(c.id);
    await db().execute(
      sql`INSERT INTO suppressions (team_id, channel, address, reason) VALUES (${t.ctx.teamId}, 'sms', ${out!.to_number}, 'stop')`,
    );
    await runDispatcher(deps(capture().options), gatewayId);
    expect((await welcomes(c.id)).map((w) => w.state)).toEqual(["rejected", "accepted"]);
  });

  it("wait for their recipient's sending window, as the step did", async () => {
    const { c, gatewayId } = await campaign(1, [welcomeStep("Hello", "Welcome!")]);
    await runDispatcher(deps(capture().options), gatewayId);
    await replan(c.id);
    // The campaign's daily window now opens two hours from now (UTC, the campaign's zone).
    const at = (h: number) => {
      const d = new Date(Date.now() + h * 3600_000);
      return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
    };
    await db().execute(
      sql`UPDATE campaigns SET daytime_limitation = true, run_daily_from = ${at(2)}, run_daily_to = ${at(3)}, need_send_by_timezones = false,
            started_at_tz = 'UTC' WHERE id = ${c.id}`,
    );
    const cb = capture();
    await runDispatcher(deps(cb.options), gatewayId);
    expect(cb.sent).toHaveLength(0);
    const w = await one<{ state: string; due_at: string }>(
      db(),
      sql`SELECT state, due_at FROM welcome_messages WHERE campaign_id = ${c.id}`,
    );
    expect(w!.state).toBe("planned");
    const due = Date.parse(w!.due_at) - Date.now();
    expect(due).toBeGreaterThan(110 * 60_000);
    expect(due).toBeLessThan(125 * 60_000);
  });

  it("are charged once on a platform gateway, from the team's balance", async () => {
    await db().execute(
      sql`INSERT INTO app_settings (key, value) VALUES ('send_prices', '{"sms": 0.01}'::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const platform = async (t: Awaited<ReturnType<typeof kit.setup>>) => {
      await topUp(db(), t.ctx.teamId, 1, "test");
      await db().execute(sql`UPDATE team_balances SET free_sms = 0 WHERE team_id = ${t.ctx.teamId}`);
      const gw = await one<{ id: number }>(
        db(),
        sql`INSERT INTO gateways (team_id, kind, type, name, active, senders)
            VALUES (NULL, 'sms', 'sandbox', ${`Platform ${Date.now()}-${Math.random()}`}, true, '{"numbers": [{"number": "+12015550198"}]}'::jsonb)
            RETURNING id`,
      );
      return gw!.id;
    };
    const { t, c, gatewayId } = await campaign(2, [welcomeStep("Hello", "Welcome!")], platform);
    const balance = async () =>
      (await one<{ b: number }>(db(), sql`SELECT balance::float8 AS b FROM team_balances WHERE team_id = ${t.ctx.teamId}`))!.b;
    const before = await balance();
    await Promise.all([runDispatcher(deps(capture().options), gatewayId), runDispatcher(deps(capture().options), gatewayId)]);
    await runDispatcher(deps(capture().options), gatewayId);
    // Two messages and two welcomes, a cent each.
    expect(before - (await balance())).toBeCloseTo(0.04, 6);
    const charged = await rows<{ items: number }>(
      db(),
      sql`SELECT items FROM balance_transactions WHERE team_id = ${t.ctx.teamId} AND kind = 'welcome'`,
    );
    expect(charged.reduce((n, r) => n + r.items, 0)).toBe(2);
    // The messages' hold waits for their final words (the sandbox bills as Twilio): settled by reconciliation's pass.
    await reconcileOpenMessages({ ...deps(capture().options), askAfterMs: 0 });
    await applyStatusEventsUntilIdle(db());
    await reconcileOpenMessages({ ...deps(capture().options), askAfterMs: 0 });
    expect(before - (await balance())).toBeCloseTo(0.04, 6);
    expect(await one(db(), sql`SELECT 1 FROM balance_holds WHERE team_id = ${t.ctx.teamId}`)).toBeUndefined();
    expect((await welcomes(c.id)).map((w) => w.cost)).toEqual([0.01, 0.01]);
    // The campaign's cost counts them beside its messages (profit is net of both).
    const cost = async (campaignId: number) =>
      (await one<{ c: number }>(
        db(),
        sql`SELECT coalesce(sum(cost), 0)::float8 AS c FROM campaign_counters WHERE campaign_id = ${campaignId}`,
      ))!.c;
    const messages = await one<{ c: number }>(
      db(),
      sql`SELECT coalesce(sum(cost), 0)::float8 AS c FROM campaign_messages WHERE campaign_id = ${c.id} AND state <> 'skipped'`,
    );
    expect(await cost(c.id)).toBeCloseTo(messages!.c + 0.02, 6);
  });
});

describe("welcome messages after a kill", () => {
  /** What a dead run left: the welcomes taken as one take and committed `submitting`, its mark restarted on them. */
  async function deadTake(gatewayId: number, owner: string) {
    // Its start took over from the run before (whose marks it took), as every run's does.
    await db().transaction((tx) => returnNeverHanded(tx, gatewayId, "dead"));
    const mark = new HandOverMark(db(), gatewayId, owner, 2);
    await mark.open();
    const taken = await db().transaction(async (tx) => {
      const batch = (await laneWelcomes.take(tx, gatewayId, 25)).sort((a, b) => a.id - b.id);
      expect(
        await mark.restart(
          tx,
          batch.map((m) => m.id),
        ),
      ).toBe(true);
      return batch;
    });
    // Its lease as a dead holder leaves it (lapsed), for the next run to take over.
    await db().execute(
      sql`UPDATE send_dispatchers SET lease_owner = 'dead', lease_until = now() - interval '1 minute' WHERE id = ${gatewayId}`,
    );
    return { mark, taken };
  }
  const states = async (campaignId: number) =>
    (await rows<{ state: string }>(db(), sql`SELECT state FROM welcome_messages WHERE campaign_id = ${campaignId} ORDER BY id`)).map(
      (w) => w.state,
    );

  it("are all sent once by the next holder when the run died before handing any over", async () => {
    const { c, gatewayId } = await campaign(4, [welcomeStep("Hello", "Welcome!")]);
    await runDispatcher(deps(capture().options), gatewayId);
    await replan(c.id);
    const { taken } = await deadTake(gatewayId, "lane/welcome/dead-before");
    expect(taken).toHaveLength(4);
    expect(await states(c.id)).toEqual(Array(4).fill("submitting"));
    const cb = capture();
    expect(await runDispatcher(deps(cb.options), gatewayId)).toBe("idle");
    expect(await states(c.id)).toEqual(Array(4).fill("accepted"));
    expect(cb.sent).toHaveLength(4);
    await runDispatcher(deps(cb.options), gatewayId);
    expect(cb.sent).toHaveLength(4);
    // A run that ended leaves its lane marks idle: the next take-over reads none of the lane's rows.
    const marks = await rows<{ upto: number }>(
      db(),
      sql`SELECT upto::int AS upto FROM send_hand_over WHERE gateway_id = ${gatewayId} AND owner LIKE 'lane/%'`,
    );
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m.upto === -2)).toBe(true);
  });

  it("past the run's mark are sent once by the next holder; those up to it may have gone and are never resent", async () => {
    const { c, gatewayId } = await campaign(6, [welcomeStep("Hello", "Welcome!")]);
    await runDispatcher(deps(capture().options), gatewayId);
    await replan(c.id);
    const { mark, taken } = await deadTake(gatewayId, "lane/welcome/dead-after");
    // The first one's place persisted as startable (a step of two ahead: places 0 to 2), then the process died.
    expect(await mark.mayStart(0)).toBe(true);
    const saved = await one<{ upto: number }>(
      db(),
      sql`SELECT upto::float8 AS upto FROM send_hand_over WHERE gateway_id = ${gatewayId} AND owner = 'lane/welcome/dead-after'`,
    );
    expect(saved!.upto).toBe(taken[2]!.id);
    const cb = capture();
    expect(await runDispatcher(deps(cb.options), gatewayId)).toBe("idle");
    expect(await states(c.id)).toEqual(["unknown", "unknown", "unknown", "accepted", "accepted", "accepted"]);
    const sent = await rows<{ provider_id: string }>(
      db(),
      sql`SELECT provider_id FROM welcome_messages WHERE campaign_id = ${c.id} AND state = 'accepted'`,
    );
    expect(cb.sent.map((s) => JSON.parse(s.body).provider_id).sort()).toEqual(sent.map((w) => w.provider_id).sort());
    // Nothing more later: the maybe-sent ones wait for their answer, never sent again.
    await runDispatcher(deps(cb.options), gatewayId);
    expect(cb.sent).toHaveLength(3);
  });

  it("on a platform gateway: the maybe-sent ones are charged, the others' money goes back and they are charged once sent", async () => {
    await db().execute(
      sql`INSERT INTO app_settings (key, value) VALUES ('send_prices', '{"sms": 0.01}'::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const platform = async (t: Awaited<ReturnType<typeof kit.setup>>) => {
      await topUp(db(), t.ctx.teamId, 1, "test");
      await db().execute(sql`UPDATE team_balances SET free_sms = 0 WHERE team_id = ${t.ctx.teamId}`);
      const gw = await one<{ id: number }>(
        db(),
        sql`INSERT INTO gateways (team_id, kind, type, name, active, senders)
            VALUES (NULL, 'sms', 'sandbox', ${`Platform ${Date.now()}-${Math.random()}`}, true, '{"numbers": [{"number": "+12015550198"}]}'::jsonb)
            RETURNING id`,
      );
      return gw!.id;
    };
    const { t, c, gatewayId } = await campaign(4, [welcomeStep("Hello", "Welcome!")], platform);
    await runDispatcher(deps(capture().options), gatewayId);
    await replan(c.id);
    const balance = async () =>
      (await one<{ b: number }>(db(), sql`SELECT balance::float8 AS b FROM team_balances WHERE team_id = ${t.ctx.teamId}`))!.b;
    const charged = async () =>
      (await one<{ n: number }>(
        db(),
        sql`SELECT coalesce(sum(items), 0)::int AS n FROM balance_transactions WHERE team_id = ${t.ctx.teamId} AND kind = 'welcome'`,
      ))!.n;
    const before = { balance: await balance(), charged: await charged() };
    const { mark, taken } = await deadTake(gatewayId, "lane/welcome/dead-paid");
    // The dead run held each one's money, then handed over up to place 2.
    for (const w of taken)
      await db().transaction((tx) =>
        holdFunds(tx, t.ctx.teamId, { kind: "welcome", refId: w.id }, { items: 1, unitPrice: 0.01, useFree: false }),
      );
    expect(await mark.mayStart(0)).toBe(true);
    const cb = capture();
    await runDispatcher(deps(cb.options), gatewayId);
    expect(await states(c.id)).toEqual(["unknown", "unknown", "unknown", "accepted"]);
    expect(cb.sent).toHaveLength(1);
    // Three maybe sent and one sent: four cents, each once; nothing left held.
    expect(before.balance - (await balance())).toBeCloseTo(0.04, 6);
    expect((await charged()) - before.charged).toBe(4);
    expect(await one(db(), sql`SELECT 1 FROM balance_holds WHERE team_id = ${t.ctx.teamId} AND kind = 'welcome'`)).toBeUndefined();
  });

  it("a stalled run whose mark a take-over took starts no more, takes no more, and sends nothing back", async () => {
    const { c, gatewayId } = await campaign(4, [welcomeStep("Hello", "Welcome!")]);
    await runDispatcher(deps(capture().options), gatewayId);
    await replan(c.id);
    const { mark, taken } = await deadTake(gatewayId, "lane/welcome/stalled");
    expect(await mark.mayStart(0)).toBe(true);
    await db().transaction((tx) => returnNeverHanded(tx, gatewayId, "successor"));
    expect(await states(c.id)).toEqual(["unknown", "unknown", "unknown", "planned"]);
    expect(await mark.mayStart(3)).toBe(false);
    expect(await db().transaction((tx) => mark.held(tx))).toBe(false);
    expect(await db().transaction((tx) => mark.restart(tx, [taken[3]!.id]))).toBe(false);
  });
});
