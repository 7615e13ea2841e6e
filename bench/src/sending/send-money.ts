import type { Database } from "@leadflow/db";
import { dispatchJob, reconcileOpenMessages, sendPrices, topUp } from "@leadflow/domain";
import { createDefaultGateway } from "@leadflow/domain/gateways/gateways.service";
import { defineJob } from "@leadflow/domain/shared/jobs";
import { type BenchOptions, benchCommand } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { startSendingServer } from "./callback-storm-server";
import { startArrivalFake } from "./dispatch-child-fake";
import { type DispatchWorker, startDispatchWorker } from "./dispatch-child-process";
import { ONE_PART, reconcileUnknown, sleep, startedCampaign, TWO_PARTS, waitFor } from "./dispatch-child-setup";
import { PUBLIC_URL } from "./dispatch-setup";
import { wakeGateways } from "./dispatch-wake";
import { startProviderCallbacks } from "./send-money-callbacks";
import { readSendMoney, sendMoneyProblems } from "./send-money-checks";
import { seedAudience } from "./sending-setup";

/*
 * F16, sends (money under faults; goal in docs/benchmarks.md): one team sends two campaigns at once over the same
 * audience, each on a platform gateway of its own (team_id NULL: the platform's price is held before each batch and
 * settled after, charges.ts), one of one-part and one of two-part SMS, each gateway's dispatcher in a worker process
 * SIGKILLed KILLS times at random moments and started again; the team has FREE_SMS free parts from its plan and money
 * for FUNDED of the rest, so the first batches mix free and paid parts and both campaigns run out of money and pause. A
 * batch a kill left `unknown` keeps its hold until reconciliation answers for its rows (charges.ts), so the sending is
 * over when nothing is on its way and every hold left waits on `unknown` rows; then reconciliation runs beside the last
 * workers, as the reconcile job does: what the provider took is charged, a send it never took is given back and planned
 * again (sent by the worker while its campaign is Active and has the money). The gateways are Twilio's, which bills
 * nothing for a message it took but never handed to a carrier, so every hold also waits for its rows' final words: the
 * provider posts its signed status callbacks for every message it took to the app server's hooks route
 * (send-money-callbacks.ts: delivered, undelivered, failed, some twice), the apply-events job worker applies them, and
 * the reconcile job's pass (each minute in production, each second here) settles the holds whose rows all have theirs.
 * Checked at the end, once every hold is settled (and the balance sampled throughout): no hold left; the ledger
 * charged exactly the parts the provider bills of the rows that may have been sent (all but the "failed"), free ones
 * first and no more free than the plan gave; the balance = top-up − charges, never below zero; every message the
 * provider took is paid for, none went twice, and no part is paid for a message the provider never took. Needs
 * PostgreSQL: the workers are other processes.
 */

const AUDIENCE = 3_000;
const RATE = 200;
const KILLS = 3;
const FREE_SMS = 300;
/** Money for this share of the paid parts of both campaigns. */
const FUNDED = 0.8;
const KILL_AFTER_MS: [number, number] = [1000, 4000];
/** How long a campaign may take to settle (nothing on its way, no hold that could be settled); the machine is shared. */
const SETTLE_MS = 300_000;
/** Reconciliation, then the sends it planned again, at most this many times until nothing is `unknown`. */
const RECONCILE_ROUNDS = 5;

/** A killed worker: how long it ran, and the messages that arrived at the provider meanwhile (both gateways). */
interface Life {
  afterMs: number;
  arrivals: number;
  firstAfterMs: number | null;
  /** The gateway's rows the dead worker left on their way (and unknown so far). */
  left: Record<string, number>;
}

export async function sendMoneyBench(_options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "F16 (sends) skipped: the dispatchers run in worker processes sharing the database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  await withFreshDatabase(async (database) => {
    const url = database.pool!.options.connectionString!;
    const s = await seedAudience(database, AUDIENCE);
    const teamId = s.ctx.teamId;
    const provider = await startArrivalFake();
    // The apply's follow-ups wake the gateways' dispatchers through the queue; here that job wakes the worker processes.
    const wake = defineJob({ ...dispatchJob, handler: (_deps, p) => wakeGateways(database, [p.gatewayId]) });
    const server = await startSendingServer(database, PUBLIC_URL, { jobs: [wake] });
    const callbacks = startProviderCallbacks(provider.fake, server.url);
    const gateways = [
      await platformGateway(database, provider.fake, "+12015550201"),
      await platformGateway(database, provider.fake, "+12015550202"),
    ];
    const campaigns = [
      {
        ...(await startedCampaign(database, s.ctx, s.listId, gateways[0]!, ONE_PART)),
        parts: 1,
        gatewayId: gateways[0]!,
        kills: 0,
        lives: [] as Life[],
      },
      {
        ...(await startedCampaign(database, s.ctx, s.listId, gateways[1]!, TWO_PARTS)),
        parts: 2,
        gatewayId: gateways[1]!,
        kills: 0,
        lives: [] as Life[],
      },
    ];
    const price = (await sendPrices(database.db)).sms;
    const paidParts = campaigns.reduce((a, c) => a + c.due * c.parts, 0) - FREE_SMS;
    const money = Math.round(paidParts * price * FUNDED * 100) / 100;
    await topUp(database.db, teamId, money, "bench F16 sends");
    await database.query("UPDATE team_balances SET free_sms = $2 WHERE team_id = $1", [teamId, FREE_SMS]);
    console.log(
      `F16 (sends): ${AUDIENCE} leads × 2 campaigns (1 and 2 parts) at ${RATE}/s each, $${money} and ${FREE_SMS} free parts, ${KILLS} kills per worker…`,
    );

    let lowest = { balance: money, free: FREE_SMS };
    let running = true;
    const sampler = (async () => {
      while (running) {
        const { rows } = await database.query<{ balance: number; free: number }>(
          "SELECT balance::float8 AS balance, free_sms AS free FROM team_balances WHERE team_id = $1",
          [teamId],
        );
        lowest = { balance: Math.min(lowest.balance, rows[0]!.balance), free: Math.min(lowest.free, rows[0]!.free) };
        await sleep(50);
      }
    })();
    // The reconcile job's pass as it runs each minute (nothing is old enough to ask about here): it settles the holds
    // whose rows all have their final words.
    const reconcileJob = (async () => {
      while (running) {
        await reconcileOpenMessages({ db: database.db, publicUrl: PUBLIC_URL, providerOptions: { baseUrls: provider.fake.baseUrls } });
        await sleep(1000);
      }
    })();
    const t0 = Date.now();
    const workers: DispatchWorker[] = [];
    const runGateway = async (c: (typeof campaigns)[number]) => {
      for (; c.kills < KILLS; c.kills++) {
        const w = startDispatchWorker(url, provider.fake.url, RATE, [c.gatewayId]);
        await w.started;
        const mark = provider.mark();
        const startedAt = Date.now();
        const afterMs = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
        await sleep(afterMs);
        await w.kill();
        // What this worker had sent when it died (arrivals of both gateways: the two workers overlap).
        const arrivals = provider.since(mark);
        const { rows: left } = await database.query<{ state: string; n: number }>(
          "SELECT state, count(*)::int AS n FROM campaign_messages WHERE gateway_id = $1 AND state IN ('claimed', 'submitting', 'unknown') GROUP BY state",
          [c.gatewayId],
        );
        c.lives.push({
          afterMs: Math.round(afterMs),
          arrivals: arrivals.length,
          firstAfterMs: arrivals.length ? Math.round(arrivals[0]!.at - startedAt) : null,
          left: Object.fromEntries(left.map((r) => [r.state, r.n])),
        });
      }
      const last = startDispatchWorker(url, provider.fake.url, RATE, [c.gatewayId]);
      workers.push(last);
      await last.started;
      // Its first run took the dead one's rows and holds over; the campaign ends paused (money) or with nothing due, and
      // the holds of the batches the kills left `unknown` wait for reconciliation (charges.ts).
      await waitUntil(`gateway ${c.gatewayId}'s last worker's sends`, c, () => last.outcomes().length > 0, false);
    };
    const waitUntil = async (what: string, c: (typeof campaigns)[number], also: () => boolean, strict: boolean) => {
      await waitFor(what, async () => also() && (await settled(database, c.id, c.gatewayId, strict)), SETTLE_MS, 200).catch(
        async (e: unknown) => {
          console.error(`F16 (sends): campaign ${c.id} on gateway ${c.gatewayId} not settled${strict ? " after reconciliation" : ""}`);
          console.error(JSON.stringify(await stateOf(database, c.id, c.gatewayId), null, 1));
          throw e;
        },
      );
    };
    let sendingMs = 0;
    let beforeReconciliation: HeldForUnknown | null = null;
    let unknownWhy: { why: string; n: number }[] = [];
    const reconciled = { unknownBefore: 0, passes: 0, replanned: 0, rounds: 0 };
    let posted: Awaited<ReturnType<typeof callbacks.stop>> | null = null;
    try {
      await Promise.all(campaigns.map(runGateway));
      sendingMs = Date.now() - t0;
      beforeReconciliation = await heldForUnknown(database, teamId);
      unknownWhy = (
        await database.query<{ why: string; n: number }>(
          "SELECT coalesce(error_message, '') AS why, count(*)::int AS n FROM campaign_messages WHERE team_id = $1 AND state = 'unknown' GROUP BY 1",
          [teamId],
        )
      ).rows;
      // Then what the kills left unknown is asked about, as the reconcile job does beside the running dispatchers: what
      // the provider took is charged, a send it never took gets its money back and is planned again — sent by the
      // worker if its campaign is still Active (and has the money).
      while (reconciled.rounds < RECONCILE_ROUNDS) {
        reconciled.rounds++;
        const r = await reconcileUnknown(database, provider.fake.url);
        reconciled.unknownBefore += r.unknownBefore;
        reconciled.passes += r.passes;
        reconciled.replanned += r.replanned;
        await Promise.all(campaigns.map((c) => waitUntil("the sends after reconciliation", c, () => true, false)));
        if ((await unknownRows(database, teamId)) === 0) break;
      }
      // Every hold settled (at the workers' next run or the next reconciliation): nothing held, nothing open.
      await Promise.all(campaigns.map((c) => waitUntil("every hold settled", c, () => true, true)));
      for (const w of workers) await w.stop();
      posted = await callbacks.stop();
    } finally {
      for (const w of workers) await w.kill();
      running = false;
      await sampler;
      await reconcileJob;
      posted ??= await callbacks.stop();
      await server.close();
    }
    const ms = Date.now() - t0;
    const m = await readSendMoney(database, teamId, provider.fake);
    const problems = sendMoneyProblems(m, { money, free: FREE_SMS, price, lowest });
    // Every hold is settled: a row that may have been sent is paid for; one the provider never saw must not be.
    const overcharged = m.maySent.neverArrivedParts;
    if (overcharged) problems.push(`${overcharged} parts paid for messages the provider never took`);
    const figures = {
      audience: AUDIENCE,
      rate: RATE,
      kills: KILLS,
      money,
      free: FREE_SMS,
      price,
      campaigns,
      lowest,
      ms,
      sendingMs,
      ...m,
      beforeReconciliation,
      unknownWhy,
      reconciled,
      posted,
      overcharged,
      problems,
    };
    console.log(JSON.stringify(figures, null, 1));
    const n = (x: number) => x.toLocaleString("en");
    const held = beforeReconciliation!;
    const cb = posted!;
    record({
      id: "F16",
      size: "sends",
      what: `money under faults, sends: one team's two campaigns at once over ${n(AUDIENCE)} leads (1- and 2-part SMS) on two platform gateways at ${RATE}/s each, ${FREE_SMS} free parts and money for ${FUNDED * 100}% of the rest, each gateway's worker process SIGKILLed ${KILLS} times mid-run; the provider (fake Twilio, which bills no "failed" message) posts each message's signed status callbacks to the hooks route, applied by the apply-events job, holds settled by the reconcile job's pass`,
      backend: backendName(),
      ours:
        `${n(m.ledger.items)} parts charged (${n(m.ledger.free)} free) = the billed parts of the ${n(m.maySent.rows)} messages that may have been sent (${n(m.maySent.rows - m.maySent.billed)} "failed" before any carrier: ${n(m.maySent.parts - m.maySent.billedParts)} parts given back); $${m.ledger.charged.toFixed(4)} = ${n(m.ledger.items - m.ledger.free)} × $${price}; ` +
        `provider's callbacks: ${n(cb.posts)} signed posts to the hooks route for ${n(cb.messages)} messages (final ${Object.entries(
          cb.finals,
        )
          .map(([k, v]) => `${k} ${n(v)}`)
          .join(", ")}; ${n(cb.duplicates)} posted twice, ${cb.notOk} not 200); ` +
        `balance $${m.balance.toFixed(4)} = $${money} − charged, lowest seen $${lowest.balance.toFixed(4)}; ${m.holds} holds left; ` +
        `provider took ${n(m.provider.messages)} messages, ${m.provider.unpaid} unpaid, ${m.provider.duplicates} twice; ` +
        `the kills left ${n(held.unknown)} unknown (${n(held.parts)} parts held in ${held.holds} holds until reconciliation), ${n(reconciled.replanned)} of them never taken (given back, planned again), ${overcharged} parts paid for messages that never reached it; ` +
        `campaigns ${m.statuses.join(", ")}; ${(sendingMs / 1000).toFixed(1)} s sending, ${(ms / 1000).toFixed(1)} s in all` +
        `${problems.length ? `; PROBLEMS: ${problems.join("; ")}` : ""}`,
      baseline: "—",
      ratio: `items free that should be paid ${Math.max(0, m.ledger.free - FREE_SMS)}, sent unpaid ${m.provider.unpaid}${problems.length ? ` — misses: ${problems.length} problem(s)` : " — meets the goal"}`,
      goal: "balance moves by exactly the priced items, never below zero, never an item free that should be paid, no hold left",
      command: benchCommand("F16", []),
      figures,
    });
    await provider.fake.close();
    if (problems.length) throw new Error(`F16 (sends): ${problems.join("; ")}`);
  });
}

/** A platform gateway (team_id NULL, as `leadflow gateway add-default` makes one) on the fake Twilio, one number. */
async function platformGateway(database: Database, fake: { accountSid: string; authToken: string }, number: string): Promise<number> {
  const gw = await createDefaultGateway(database.db, {
    kind: "sms",
    type: "gateway1",
    name: `Platform ${number}`,
    active: true,
    allow_lookup: false,
    is_force: false,
    params: { sys_id: fake.accountSid, auth_token: fake.authToken },
    senders: { numbers: [{ number }] },
  } as never);
  return gw.id;
}

/**
 * The campaign is done with this gateway: paused or nothing planned, nothing on its way, and no hold of it left that
 * could be settled — a hold stays while a row of it is `unknown` (charges.ts), until reconciliation answers for it.
 * `strict`: no hold left at all and nothing `unknown` (after reconciliation).
 */
async function settled(database: Database, campaignId: number, gatewayId: number, strict: boolean): Promise<boolean> {
  const { rows } = await database.query<{ done: boolean }>(
    // Before reconciliation (not strict), rows waiting for money held for unknown outcomes (due later, charges.ts) are
    // not pending yet; after it, they must have gone or their campaign paused.
    `SELECT (c.status <> 'active' OR NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.state = 'planned'
          AND ($3 OR m.due_at <= now())))
        AND NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.state IN ('claimed', 'submitting'))
        AND NOT EXISTS (SELECT 1 FROM balance_holds h WHERE h.kind = 'send' AND h.ref_id = $2
          AND ($3 OR NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.hold_id = h.id AND m.state = 'unknown')))
        AND NOT ($3 AND EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.state = 'unknown')) AS done
     FROM campaigns c WHERE c.id = $1`,
    [campaignId, gatewayId, strict],
  );
  return rows[0]!.done;
}

/** Money held for rows a kill left `unknown`, when the sending is over and before reconciliation. */
interface HeldForUnknown {
  unknown: number;
  holds: number;
  parts: number;
  amount: number;
}

async function heldForUnknown(database: Database, teamId: number): Promise<HeldForUnknown> {
  const { rows } = await database.query<HeldForUnknown>(
    `SELECT (SELECT count(*)::int FROM campaign_messages WHERE team_id = $1 AND state = 'unknown') AS unknown,
        count(*)::int AS holds, coalesce(sum(items), 0)::int AS parts, coalesce(sum(amount), 0)::float8 AS amount
     FROM balance_holds WHERE team_id = $1 AND kind = 'send'`,
    [teamId],
  );
  return rows[0]!;
}

async function unknownRows(database: Database, teamId: number): Promise<number> {
  const { rows } = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM campaign_messages WHERE team_id = $1 AND state = 'unknown'",
    [teamId],
  );
  return rows[0]!.n;
}

/** What `settled` looks at, for the report of a run that timed out. */
async function stateOf(database: Database, campaignId: number, gatewayId: number): Promise<Record<string, unknown>> {
  const q = async (text: string, values: unknown[]) => (await database.query(text, values)).rows;
  return {
    campaign: await q("SELECT status, status_reason FROM campaigns WHERE id = $1", [campaignId]),
    rows: await q("SELECT state, count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 GROUP BY state ORDER BY state", [
      campaignId,
    ]),
    holds: await q(
      `SELECT h.id::int AS id, h.items, h.free_items, h.amount::float8 AS amount,
          (SELECT json_object_agg(s.state, s.n) FROM (SELECT m.state, count(*)::int AS n FROM campaign_messages m WHERE m.hold_id = h.id GROUP BY m.state) s) AS rows
       FROM balance_holds h WHERE h.kind = 'send' AND h.ref_id = $1 ORDER BY h.id`,
      [gatewayId],
    ),
    lease: await q("SELECT lease_owner, lease_until > now() AS held FROM send_dispatchers WHERE id = $1", [gatewayId]),
  };
}
