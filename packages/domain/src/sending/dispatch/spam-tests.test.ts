import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { topUp } from "../../billing";
import type { DelayedCallback } from "../../providers";
import { createPacer } from "../../shared/pacer";
import { one, rows } from "../../shared/rows";
import { planFirstStep } from "../plan/plan";
import { useSendingTestkit } from "../plan/plan.testkit";
import { runDispatcher } from "./dispatcher";
import { SPAM_TEST_STOPPED } from "./lane/lane-spam-tests";
import { planSpamTests } from "./spam-tests";

const kit = useSendingTestkit();
const db = kit.db;

const SEEDS = ["seed1@inbox.test", "Seed2@Inbox.test", "seed3@other.test"];
const HOUR = 60 * 60_000;

/** An Active email campaign copying to a spam group of three seeds every hour, its first messages sent. */
async function runningCampaign() {
  const { t, c } = await activeSpamCampaign({
    leads: ["ann@example.com", "bob@example.com"],
    seeds: SEEDS,
    intervalMinutes: 60,
    step: {
      type: "email",
      name: "Mail",
      message: "<p>Spring deals {{link}}</p>",
      subject: "Spring",
      sender_email: "news@shop.io",
      redirect_to: "https://shop.io",
    },
  });
  await planFirstStep(db(), c.id);
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id}`,
  );
  const base = dispatchBase();
  expect(await runDispatcher({ ...base, providerOptions: { sandboxCallbacks: { schedule: () => {} } } }, t.email.id)).toBe("idle");
  return { t, c, base };
}

interface SpamCampaignSpec {
  leads: string[];
  seeds: string[];
  intervalMinutes: number;
  step: object;
}

/** A new team's email campaign of one step, Active and started, copying to a new spam group of these seeds; nothing planned. */
async function activeSpamCampaign(spec: SpamCampaignSpec) {
  await onlyThisTest();
  const t = await kit.setup(spec.leads.map((email) => ({ email })));
  const g = await one<{ id: number }>(
    db(),
    sql`INSERT INTO spam_email_groups (team_id, name) VALUES (${t.ctx.teamId}, 'Seeds') RETURNING id`,
  );
  for (const email of spec.seeds)
    await db().execute(sql`INSERT INTO spam_email_group_emails (team_id, group_id, email) VALUES (${t.ctx.teamId}, ${g!.id}, ${email})`);
  const c = await kit.campaign(
    t.ctx,
    t.list.id,
    {
      type: "email",
      setting_gateway_id: t.email.id,
      send_test_spam_emails: true,
      spam_email_groups: [g!.id],
      send_spam_email_interval: spec.intervalMinutes,
    },
    [spec.step],
  );
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  return { t, c };
}

/** The dispatcher's and the spam-test run's dependencies, but the provider options. */
const dispatchBase = () => ({ db: db(), publicUrl: "https://app.leadflow.test", pacer: createPacer(1000) });

/** A tick of the spam-test job: the copies planned, then sent by their gateways' dispatchers (as the job wakes them). */
async function round(deps: ReturnType<typeof dispatchBase> & { providerOptions: object }, now = new Date()) {
  const run = await planSpamTests(deps, now);
  for (const gatewayId of run.gatewayIds) await runDispatcher(deps, gatewayId);
  return { campaigns: run.campaigns, planned: run.planned };
}

/** The runs look at every campaign of the database: the earlier tests' campaigns stop, so each test sees its own. */
const onlyThisTest = () => db().execute(sql`UPDATE campaigns SET status = 'paused' WHERE status = 'active'`);

/** The provider calls a run makes (the sandbox's callbacks, kept instead of posted). */
function capture() {
  const sent: DelayedCallback[] = [];
  return { sent, options: { sandboxCallbacks: { schedule: (c: DelayedCallback) => void sent.push(c) } } };
}

/** What the campaign's figures are made of: its ledger and its counters. */
const figures = async (campaignId: number) => ({
  ledger: await rows(db(), sql`SELECT id, state, updated_at FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY id`),
  counters: await rows(db(), sql`SELECT * FROM campaign_counters WHERE campaign_id = ${campaignId} ORDER BY step_id, part_id, day`),
});

const copies = (campaignId: number) =>
  rows<{ slot: string; address: string; state: string; provider_id: string | null }>(
    db(),
    sql`SELECT slot::text, address, state, provider_id FROM campaign_spam_tests WHERE campaign_id = ${campaignId} ORDER BY slot, address`,
  );

describe("test spam emails", () => {
  it("copy the current message to every seed once per interval, never counted in the campaign's figures", async () => {
    const { c, base } = await runningCampaign();
    const before = await figures(c.id);
    const now = new Date();
    const cb = capture();
    const first = await round({ ...base, providerOptions: cb.options }, now);
    expect(first).toEqual({ campaigns: 1, planned: 3 });
    expect(cb.sent).toHaveLength(3);
    const sent = await copies(c.id);
    expect(sent.map((s) => s.address)).toEqual(["seed1@inbox.test", "seed2@inbox.test", "seed3@other.test"]);
    expect(sent.every((s) => s.state === "accepted" && s.provider_id?.startsWith("sbx_"))).toBe(true);
    // The same interval again, and two ticks at once in the next one: one copy per seed and interval.
    expect(await round({ ...base, providerOptions: cb.options }, new Date(now.getTime() + 1000))).toEqual({
      campaigns: 0,
      planned: 0,
    });
    const next = new Date(now.getTime() + HOUR);
    const raced = await Promise.all([
      round({ ...base, providerOptions: cb.options }, next),
      round({ ...base, providerOptions: cb.options }, next),
    ]);
    expect(raced[0]!.planned + raced[1]!.planned).toBe(3);
    expect(cb.sent).toHaveLength(6);
    expect(new Set((await copies(c.id)).map((s) => s.slot)).size).toBe(2);
    expect(await figures(c.id)).toEqual(before);
  });

  it("send the current message as a lead got it, with links that count for no lead", async () => {
    const { c, base } = await runningCampaign();
    const links = async () =>
      (await one<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM campaign_links WHERE campaign_id = ${c.id}`))!.n;
    const linksBefore = await links();
    await round({ ...base, providerOptions: capture().options });
    expect(await links()).toBe(linksBefore);
  });

  it("stop while the campaign is paused, and start again when it is Active", async () => {
    const { c, base } = await runningCampaign();
    await db().execute(sql`UPDATE campaigns SET status = 'paused' WHERE id = ${c.id}`);
    const cb = capture();
    expect(await round({ ...base, providerOptions: cb.options })).toEqual({ campaigns: 0, planned: 0 });
    expect(cb.sent).toHaveLength(0);
    expect(await copies(c.id)).toHaveLength(0);
    await db().execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${c.id}`);
    expect((await round({ ...base, providerOptions: cb.options })).planned).toBe(3);
    expect(cb.sent).toHaveLength(3);
  });

  it("are not sent once the campaign stopped sending before their turn", async () => {
    const { c, base } = await runningCampaign();
    const planned = await planSpamTests(base);
    expect(planned.planned).toBe(3);
    await db().execute(sql`UPDATE campaigns SET status = 'paused' WHERE id = ${c.id}`);
    const cb = capture();
    for (const gatewayId of planned.gatewayIds) await runDispatcher({ ...base, providerOptions: cb.options }, gatewayId);
    expect(cb.sent).toHaveLength(0);
    const why = await rows<{ state: string; error_message: string }>(
      db(),
      sql`SELECT state, error_message FROM campaign_spam_tests WHERE campaign_id = ${c.id}`,
    );
    expect(why).toEqual(Array(3).fill({ state: "cancelled", error_message: SPAM_TEST_STOPPED }));
  });

  it("cost what any email costs on a platform gateway: as many as the balance pays for, the rest not sent", async () => {
    const { t, c, base } = await runningCampaign();
    const gw = await one<{ id: number }>(
      db(),
      sql`INSERT INTO gateways (team_id, kind, type, name, active) VALUES (NULL, 'email', 'sandbox', ${`Platform email ${c.id}`}, true) RETURNING id`,
    );
    await db().execute(sql`UPDATE campaigns SET gateway_id = ${gw!.id} WHERE id = ${c.id}`);
    // The default platform price of an email is $0.001: $0.0025 pays for two of the three seeds.
    await topUp(db(), t.ctx.teamId, 0.0025, "test");
    const cb = capture();
    expect((await round({ ...base, providerOptions: cb.options })).planned).toBe(3);
    expect(cb.sent).toHaveLength(2);
    const states = (await copies(c.id)).map((s) => s.state).sort();
    expect(states).toEqual(["accepted", "accepted", "rejected"]);
    const why = await one<{ error_message: string }>(
      db(),
      sql`SELECT error_message FROM campaign_spam_tests WHERE campaign_id = ${c.id} AND state = 'rejected'`,
    );
    expect(why!.error_message).toBe("Insufficient funds to send the message.");
    const money = await one<{ balance: number; holds: number; charged: number }>(
      db(),
      sql`SELECT b.balance::float8 AS balance, (SELECT count(*)::int FROM balance_holds h WHERE h.team_id = b.team_id) AS holds,
            (SELECT sum(amount)::float8 FROM balance_transactions x WHERE x.team_id = b.team_id AND x.kind = 'spam_test') AS charged
          FROM team_balances b WHERE b.team_id = ${t.ctx.teamId}`,
    );
    expect(money).toEqual({ balance: 0.0005, holds: 0, charged: -0.002 });
  });

  it("send nothing before the campaign's first message went out, or with the option off", async () => {
    await activeSpamCampaign({
      leads: ["ann@example.com"],
      seeds: ["seed@x.test"],
      intervalMinutes: 5,
      step: { type: "email", name: "Mail", message: "<p>Hi</p>", subject: "Hi", sender_email: "news@shop.io" },
    });
    const deps = { ...dispatchBase(), providerOptions: capture().options };
    expect((await round(deps)).planned).toBe(0);
    const { c: off, base } = await runningCampaign();
    await db().execute(sql`UPDATE campaigns SET send_test_spam_emails = false WHERE id = ${off.id}`);
    expect((await round({ ...base, providerOptions: capture().options })).planned).toBe(0);
  });
});
