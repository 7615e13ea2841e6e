import { LeadStatuses, PhoneStatuses, RuleTypes } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DelayedCallback } from "../../providers";
import { createRoute } from "../../routing";
import { createPacer } from "../../shared/pacer";
import { one, rows } from "../../shared/rows";
import { completeFinishedCampaigns } from "../outcomes/campaign-progress";
import { planFirstStep } from "../plan/plan";
import { type LeadSpec, useSendingTestkit } from "../plan/plan.testkit";
import { suppress, suppressionWatchOf } from "../suppressions";
import { takeAllowances } from "./allowance";
import { type ClaimedRow, claimDue } from "./dispatch-claim";
import { recordOutcomes } from "./dispatch-record";
import type { Rendered } from "./dispatch-render";
import { runDispatcher } from "./dispatcher";
import { HandOverMark, returnNeverHanded } from "./hand-over-mark";
import { markAhead } from "./mark-ahead";

const kit = useSendingTestkit();
const db = kit.db;

/** The sandbox's status callbacks, kept instead of posted: the tests look at what was sent. */
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

const phones = (n: number): LeadSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    phone: `+1212555${String(1000 + i).padStart(4, "0")}`,
    timezone: "America/New_York",
    state: "NY",
  }));

/** An Active campaign planned and due now, whatever the hour the test runs at (the windows have their own tests). */
async function activeCampaign(leads: LeadSpec[], input: object = {}, steps?: object[]) {
  const t = await kit.setup(leads);
  const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id, ...input }, steps);
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id} AND state = 'planned'`,
  );
  return { t, c };
}

type Msg = { lead_id: number; state: string; reason: string | null; body: string | null; parts: number | null; provider_id: string | null };
const messages = (campaignId: number) =>
  rows<Msg>(
    db(),
    sql`SELECT lead_id, state, reason, body, parts, provider_id FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY lead_id, step_id`,
  );
const counters = (campaignId: number) =>
  one<{ processed: number; cost: number; cool_offs: number; records: number }>(
    db(),
    sql`SELECT sum(processed)::int AS processed, sum(cost)::float8 AS cost, sum(cool_offs)::int AS cool_offs, sum(records)::int AS records
        FROM campaign_counters WHERE campaign_id = ${campaignId}`,
  );

describe("runDispatcher", () => {
  it("sends every due message once, rendered with its link, and records what it cost", async () => {
    const { t, c } = await activeCampaign(phones(5), {}, [
      {
        type: "sms",
        name: "Hello",
        message: "Hi {{last_4_digits}}, spring deals: {{link}}",
        redirect_to: "https://shop.example.com/spring",
      },
    ]);
    const cb = capture();
    expect(await runDispatcher(deps(cb.options), t.sms.id)).toBe("idle");
    const sent = await messages(c.id);
    expect(sent.map((m) => m.state)).toEqual(Array(5).fill("accepted"));
    expect(sent.every((m) => m.provider_id?.startsWith("sbx_"))).toBe(true);
    expect(sent[0]!.body).toMatch(/^Hi 1000, spring deals: https:\/\/app\.leadflow\.test\/[0-9A-Za-z]{10,11}$/);
    expect(cb.sent).toHaveLength(5);
    const links = await rows<{ redirect_to: string }>(db(), sql`SELECT redirect_to FROM campaign_links WHERE campaign_id = ${c.id}`);
    expect(links).toHaveLength(5);
    expect(links[0]!.redirect_to).toBe("https://shop.example.com/spring");
    expect(await counters(c.id)).toMatchObject({ records: 5, processed: 5, cool_offs: 0 });
    expect((await counters(c.id))!.cost).toBeCloseTo(5 * 0.0079, 6);

    // Nothing is due any more: a second run sends nothing.
    expect(await runDispatcher(deps(cb.options), t.sms.id)).toBe("idle");
    expect(cb.sent).toHaveLength(5);
  });

  it("skips with why: a suppressed address, an unsubscribed phone, a phone inside the team's cool-off, a blacklisted lead", async () => {
    const { t, c } = await activeCampaign(phones(5));
    const [a, b, cc] = phones(4).map((p) => p.phone!);
    await db().execute(sql`INSERT INTO suppressions (team_id, channel, address, reason) VALUES (${t.ctx.teamId}, 'sms', ${a}, 'stop')`);
    await db().execute(sql`UPDATE lead_phones SET status = ${PhoneStatuses.unsubscribed} WHERE team_id = ${t.ctx.teamId} AND phone = ${b}`);
    const rule = await one<{ id: number }>(
      db(),
      sql`INSERT INTO rules (team_id, name, type, params) VALUES (${t.ctx.teamId}, 'Hour apart', ${RuleTypes.sms_cool_off}, '{"period": 60}') RETURNING id`,
    );
    await db().execute(sql`UPDATE campaigns SET cool_off_rule_id = ${rule!.id} WHERE id = ${c.id}`);
    await db().execute(
      sql`INSERT INTO address_activity (team_id, channel, address, last_sent_at) VALUES (${t.ctx.teamId}, 'sms', ${cc}, now() - interval '10 minutes')`,
    );
    await db().execute(
      sql`UPDATE leads SET status = ${LeadStatuses.blacklisted} WHERE team_id = ${t.ctx.teamId} AND id = ${t.leadIds[4]!}`,
    );
    const cb = capture();
    await runDispatcher(deps(cb.options), t.sms.id);
    expect((await messages(c.id)).map((m) => [m.state, m.reason])).toEqual([
      ["skipped", "suppressed"],
      ["skipped", "unsubscribed"],
      ["skipped", "cool_off_period"],
      ["accepted", null],
      ["skipped", "blacklisted"],
    ]);
    expect(cb.sent).toHaveLength(1);
    expect(await counters(c.id)).toMatchObject({ processed: 5, cool_offs: 1 });
  });

  it("leaves a paused campaign's rows waiting, and sends them once it is active again", async () => {
    const { t, c } = await activeCampaign(phones(3));
    await db().execute(sql`UPDATE campaigns SET status = 'paused' WHERE id = ${c.id}`);
    const cb = capture();
    await runDispatcher(deps(cb.options), t.sms.id);
    expect((await messages(c.id)).map((m) => m.state)).toEqual(["planned", "planned", "planned"]);
    await db().execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${c.id}`);
    await runDispatcher(deps(cb.options), t.sms.id);
    expect((await messages(c.id)).map((m) => m.state)).toEqual(["accepted", "accepted", "accepted"]);
    expect(cb.sent).toHaveLength(3);
  });

  it("stops a batch mid-way once its campaign is paused: what was not handed over goes back, and is sent once on resume", async () => {
    const { t, c } = await activeCampaign(phones(30));
    const cb = capture();
    const paced = { ...deps(cb.options), pacer: createPacer(20), batchSize: 30 };
    const running = runDispatcher(paced, t.sms.id);
    await new Promise((r) => setTimeout(r, 400));
    await db().execute(sql`UPDATE campaigns SET status = 'paused' WHERE id = ${c.id}`);
    const pausedAt = cb.sent.length;
    expect(await running).toBe("idle");
    // At most a watch period and a pacer spacing later: 20/s for 200 ms is four, the calls in flight a few more.
    expect(cb.sent.length - pausedAt).toBeLessThanOrEqual(8);
    const held = await messages(c.id);
    expect(held.filter((m) => m.state === "planned").length).toBe(30 - cb.sent.length);
    expect(held.filter((m) => m.state === "planned").length).toBeGreaterThan(10);
    await db().execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${c.id}`);
    await runDispatcher(deps(cb.options), t.sms.id);
    expect((await messages(c.id)).every((m) => m.state === "accepted")).toBe(true);
    expect(new Set(cb.sent.map((s) => s.what)).size).toBe(30);
  });

  it("holds back a batch's later messages to an address suppressed after the batch was claimed (the watch, no per-call read)", async () => {
    const { t, c } = await activeCampaign(phones(30));
    const cb = capture();
    const watch = suppressionWatchOf(kit.database());
    const paced = { ...deps(cb.options), pacer: createPacer(20), batchSize: 30, suppressionWatch: watch };
    const running = runDispatcher(paced, t.sms.id);
    await new Promise((r) => setTimeout(r, 400));
    // The one batch of 30 is claimed and on its way at 20/s, in ledger order; the last row's turn is a second away.
    const last = await one<{ lead_id: number; address: string }>(
      db(),
      sql`SELECT lead_id, address FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY id DESC LIMIT 1`,
    );
    const before = cb.sent.length;
    await suppress(db(), [{ teamId: t.ctx.teamId, channel: "sms", address: last!.address, reason: "stop", campaignId: c.id }]);
    expect(await running).toBe("idle");
    expect(before).toBeLessThan(29);
    const found = await messages(c.id);
    expect(found.find((m) => m.lead_id === last!.lead_id)).toMatchObject({ state: "skipped", reason: "suppressed", provider_id: null });
    expect(found.filter((m) => m.state === "accepted")).toHaveLength(29);
    expect(cb.sent).toHaveLength(29);
  });

  it("paces a route's sender at its own frequency per minute, whatever the gateway's rate", async () => {
    const { t, c } = await activeCampaign(phones(4));
    const route = await createRoute(db(), t.ctx, {
      name: "Slow lane",
      default: { gateway_id: t.sms.id, sender_type: "phone", sender: t.numbers[0]!, sender_name: "", frequency: 120 },
      groups: [],
    });
    await db().execute(sql`UPDATE campaigns SET sender_type = 'route', route_id = ${route.id} WHERE id = ${c.id}`);
    await db().execute(sql`UPDATE campaign_messages SET sender = ${t.numbers[0]!} WHERE campaign_id = ${c.id}`);
    const times: number[] = [];
    const options = { sandboxCallbacks: { schedule: () => void times.push(performance.now()) } };
    expect(await runDispatcher(deps(options), t.sms.id)).toBe("idle");
    expect(times).toHaveLength(4);
    // 120 a minute is one every 500 ms, though the gateway would go at 1,000 a second.
    // Starts keep to the schedule; a call made late by a busy machine may land closer to the next one, never early.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(3 * 500 - 50);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(250);
    expect((await messages(c.id)).every((m) => m.state === "accepted")).toBe(true);
  });

  it("takes over from a dead dispatcher: its claimed rows are sent, its rows in flight are never sent again", async () => {
    const { t, c } = await activeCampaign(phones(2));
    const [first, second] = await rows<{ id: number }>(
      db(),
      sql`SELECT id FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY lead_id`,
    );
    await db().execute(sql`UPDATE campaign_messages SET state = 'claimed', claimed_by = 'dead' WHERE id = ${first!.id}`);
    await db().execute(sql`UPDATE campaign_messages SET state = 'submitting', claimed_by = 'dead', body = 'Hi' WHERE id = ${second!.id}`);
    await db().execute(
      sql`INSERT INTO send_dispatchers (id, team_id, lease_owner, lease_until) VALUES (${t.sms.id}, ${t.ctx.teamId}, 'dead', now() - interval '1 minute')`,
    );
    const cb = capture();
    expect(await runDispatcher(deps(cb.options), t.sms.id)).toBe("idle");
    expect((await messages(c.id)).map((m) => m.state)).toEqual(["accepted", "unknown"]);
    expect(cb.sent).toHaveLength(1);
  });

  it("takes over: a dead dispatcher's submitting rows past its handed-over mark were never sent and go out once", async () => {
    const { t, c } = await activeCampaign(phones(4));
    const ids = await rows<{ id: number }>(db(), sql`SELECT id FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY lead_id`);
    // The dead one may have started places up to 1; places 2 and 3 were committed ahead and never started.
    for (const [seq, row] of ids.entries())
      await db().execute(
        sql`UPDATE campaign_messages SET state = 'submitting', claimed_by = 'dead', body = 'Hi', send_seq = ${seq} WHERE id = ${row.id}`,
      );
    await db().execute(
      sql`INSERT INTO send_dispatchers (id, team_id, lease_owner, lease_until) VALUES (${t.sms.id}, ${t.ctx.teamId}, 'dead', now() - interval '1 minute')`,
    );
    await db().execute(sql`INSERT INTO send_hand_over (gateway_id, owner, upto) VALUES (${t.sms.id}, 'dead', 1)`);
    const cb = capture();
    expect(await runDispatcher(deps(cb.options), t.sms.id)).toBe("idle");
    expect((await messages(c.id)).map((m) => m.state)).toEqual(["unknown", "unknown", "accepted", "accepted"]);
    expect(cb.sent).toHaveLength(2);
    // Counted once each: two maybe sent by the dead one, two sent now.
    expect((await counters(c.id))!.processed).toBe(4);
  });

  it("records nothing on a row another dispatcher claimed since (a take-over sent it back as never handed over)", async () => {
    const { c } = await activeCampaign(phones(1));
    const row = (await rows<ClaimedRow>(db(), sql`SELECT * FROM campaign_messages WHERE campaign_id = ${c.id}`))[0]!;
    await db().execute(sql`UPDATE campaign_messages SET state = 'submitting', claimed_by = 'successor' WHERE id = ${row.id}`);
    const rendered = { row, body: "Hi", subject: null, parts: 1, cost: 0.01, links: [] } as unknown as Rendered;
    const held = { kind: "throttled" as const, retryAfterMs: 0, message: "Held back" };
    await db().transaction((tx) => recordOutcomes(tx, "stalled", [{ rendered, outcome: held }]));
    expect(await one(db(), sql`SELECT state, claimed_by FROM campaign_messages WHERE id = ${row.id}`)).toEqual({
      state: "submitting",
      claimed_by: "successor",
    });
    expect((await counters(c.id))?.processed ?? 0).toBe(0);
  });

  it("starts no message past its handed-over mark once a take-over took the mark", async () => {
    const { t } = await activeCampaign(phones(1));
    const mark = new HandOverMark(db(), t.sms.id, "me", 5);
    await mark.open();
    expect(mark.assign(3)).toBe(0);
    expect(await mark.mayStart(2)).toBe(true);
    const saved = await one<{ upto: number }>(
      db(),
      sql`SELECT upto::int AS upto FROM send_hand_over WHERE gateway_id = ${t.sms.id} AND owner = 'me'`,
    );
    expect(saved!.upto).toBeGreaterThanOrEqual(2);
    // Another run takes over: the mark is taken; nothing past it may start.
    await db().transaction((tx) => returnNeverHanded(tx, t.sms.id, "successor"));
    expect(await mark.mayStart(saved!.upto)).toBe(true);
    expect(await mark.mayStart(saved!.upto + 1)).toBe(false);
  });

  it("asks the handed-over mark ahead by time when the calls outrun its step: far fewer writes, none started past it", async () => {
    const { t } = await activeCampaign(phones(1));
    let writes = 0;
    const counting = new Proxy(db(), {
      get(target, prop, receiver) {
        if (prop === "execute")
          return (q: Parameters<typeof target.execute>[0]) => {
            writes++;
            return target.execute(q);
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const upto = async () =>
      (await one<{ upto: number }>(
        db(),
        sql`SELECT upto::int AS upto FROM send_hand_over WHERE gateway_id = ${t.sms.id} AND owner = 'me'`,
      ))!.upto;
    const mark = new HandOverMark(counting, t.sms.id, "me", 5);
    await mark.open();
    writes = 0;
    // 2,000 starts a second on a clock of its own, for 2.5 s: 5,000 places, a write every 5 without asking ahead.
    let clock = 0;
    const mayStart = markAhead(mark, 5, 2_000, () => clock);
    for (let seq = 0; seq < 5_000; seq++) {
      clock = seq / 2;
      expect(await mayStart(seq)).toBe(true);
      if (seq % 500 === 499) expect(await upto()).toBeGreaterThanOrEqual(seq);
    }
    expect(writes).toBeLessThan(200);
    // Never further ahead than 1.5 × 100 ms of the pace and a step, besides the place asked for.
    expect(await upto()).toBeLessThanOrEqual(4_999 + 300 + 5);

    // At a pace whose 100 ms a step covers, nothing is asked ahead: the mark's own writes, a step each.
    const slow = new HandOverMark(db(), t.sms.id, "slow", 5);
    await slow.open();
    const slowStart = markAhead(slow, 5, 50, () => clock);
    for (let seq = 0; seq < 20; seq++) {
      clock += 20;
      expect(await slowStart(seq)).toBe(true);
    }
    const saved = await one<{ upto: number }>(
      db(),
      sql`SELECT upto::int AS upto FROM send_hand_over WHERE gateway_id = ${t.sms.id} AND owner = 'slow'`,
    );
    // Its own writes start half a step early: at most a step and a half past the last place.
    expect(saved!.upto).toBeLessThanOrEqual(19 + 7);
  });

  it("backs off while another dispatcher holds the gateway", async () => {
    const { t, c } = await activeCampaign(phones(1));
    await db().execute(
      sql`INSERT INTO send_dispatchers (id, team_id, lease_owner, lease_until) VALUES (${t.sms.id}, ${t.ctx.teamId}, 'alive', now() + interval '1 minute')`,
    );
    const cb = capture();
    expect(await runDispatcher(deps(cb.options), t.sms.id)).toBe("leased");
    expect((await messages(c.id))[0]!.state).toBe("planned");
  });

  it("runs again once it lets go when a wake found it holding the gateway: a message written after its last look is not left", async () => {
    const { t, c } = await activeCampaign(phones(1));
    const cb = capture();
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const pacer = createPacer(1000);
    let reserved = 0;
    const reserve = async (n?: number) => {
      if (reserved++ === 0) await gate;
      return pacer.reserve(n);
    };
    const slow = { ...deps(cb.options), pacer: { ...pacer, reserve } };
    const watch = suppressionWatchOf(kit.database());
    let runs = 0;
    const counted = new Proxy(watch, {
      get: (target, key) => {
        if (key === "acquire")
          return () => {
            runs++;
            return target.acquire();
          };
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const holder = runDispatcher({ ...slow, suppressionWatch: counted }, t.sms.id);
    while (reserved === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await runDispatcher(deps(cb.options), t.sms.id)).toBe("leased");
    open();
    expect(await holder).toBe("idle");
    expect(runs).toBe(2);
    expect((await messages(c.id)).map((m) => m.state)).toEqual(["accepted"]);
  });

  it("plans the next step from each accepted message, and completes the campaign once every message is final", async () => {
    const { t, c } = await activeCampaign(phones(2), {}, [
      { type: "sms", name: "One", message: "One" },
      { type: "sms", name: "Two", message: "Two", delay: 2, delay_time_period: "days" },
    ]);
    const cb = capture();
    await runDispatcher(deps(cb.options), t.sms.id);
    const after = await messages(c.id);
    expect(after.map((m) => m.state)).toEqual(["accepted", "planned", "accepted", "planned"]);
    // Step two waits two days: nothing more is sent today.
    expect(cb.sent).toHaveLength(2);
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([]);
    await db().execute(sql`UPDATE campaign_messages SET state = 'delivered' WHERE campaign_id = ${c.id}`);
    expect(await completeFinishedCampaigns(db(), [c.id])).toEqual([c.id]);
    expect((await one<{ status: string }>(db(), sql`SELECT status FROM campaigns WHERE id = ${c.id}`))!.status).toBe("completed");
  });

  it("holds a campaign to its daily limit: the rest wait for its next local day, counted as daily limit", async () => {
    const { t, c } = await activeCampaign(phones(5), { daily_limit: 2, started_at_tz: "America/Chicago" });
    const cb = capture();
    await runDispatcher(deps(cb.options), t.sms.id);
    const after = await rows<{ state: string; reason: string | null; due_at: string }>(
      db(),
      sql`SELECT state, reason, due_at FROM campaign_messages WHERE campaign_id = ${c.id} ORDER BY lead_id`,
    );
    const tally = (state: string, reason: string | null) => after.filter((m) => m.state === state && m.reason === reason).length;
    expect([tally("accepted", null), tally("planned", "daily_limit")]).toEqual([2, 3]);
    // Chicago's next midnight.
    const due = new Date(after.find((m) => m.reason === "daily_limit")!.due_at);
    expect(new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", hourCycle: "h23" }).format(due)).toBe("00");
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect(cb.sent).toHaveLength(2);
    const k = await one<{ daily_limit: number }>(
      db(),
      sql`SELECT sum(daily_limit)::int AS daily_limit FROM campaign_counters WHERE campaign_id = ${c.id}`,
    );
    expect(k!.daily_limit).toBe(3);
  });

  it("claims nothing from a sender or a gateway out of rotation until it is back", async () => {
    const { t, c } = await activeCampaign(phones(3));
    const claim = () => db().transaction((tx) => claimDue(tx, t.sms.id, "test", 100, new Map()));
    await db().execute(
      sql`UPDATE gateways SET paused_until = now() + interval '1 hour', paused_reason = 'filtered' WHERE id = ${t.sms.id}`,
    );
    expect(await claim()).toEqual([]);
    await db().execute(sql`UPDATE gateways SET paused_until = now() - interval '1 second' WHERE id = ${t.sms.id}`);
    const senders = await rows<{ sender: string }>(db(), sql`SELECT DISTINCT sender FROM campaign_messages WHERE campaign_id = ${c.id}`);
    for (const s of senders)
      await db().execute(
        sql`INSERT INTO paused_senders (gateway_id, sender, reason, until) VALUES (${t.sms.id}, ${s.sender}, 'filtered', now() + interval '1 hour')`,
      );
    expect(await claim()).toEqual([]);
    await db().execute(sql`DELETE FROM paused_senders WHERE gateway_id = ${t.sms.id}`);
    expect(await claim()).toHaveLength(3);
  });

  it("paces a campaign at its frequency across claims: as many as the tokens its rate refilled", async () => {
    const { t, c } = await activeCampaign(phones(8), { frequency_count: 60, frequency_period: 1 });
    await db().execute(
      sql`INSERT INTO campaign_pacing (campaign_id, tokens, refilled_at) VALUES (${c.id}, 0, now() - interval '3 seconds')`,
    );
    const claimed = await db().transaction(async (tx) => {
      const allowances = await takeAllowances(tx, t.sms.id);
      expect(allowances.quota.get(c.id)).toBe(3);
      const found = await claimDue(tx, t.sms.id, "test", 100, allowances.quota);
      await allowances.spend(tx, new Map([[c.id, found.length]]));
      return found.length;
    });
    expect(claimed).toBe(3);
    const left = await one<{ tokens: number }>(db(), sql`SELECT tokens::float8 AS tokens FROM campaign_pacing WHERE campaign_id = ${c.id}`);
    expect(left!.tokens).toBeLessThan(1);
    // No token left: nothing more now, and how long until the next.
    await db().transaction(async (tx) => {
      const allowances = await takeAllowances(tx, t.sms.id);
      expect(allowances.quota.get(c.id)).toBe(0);
      expect(allowances.waitMs).toBeGreaterThan(0);
      expect(allowances.waitMs).toBeLessThanOrEqual(1000);
      expect(await claimDue(tx, t.sms.id, "test", 100, allowances.quota)).toEqual([]);
    });
  });
});
