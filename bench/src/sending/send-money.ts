import type { Database } from "@leadflow/db";
import { sendPrices, topUp } from "@leadflow/domain";
import { createDefaultGateway } from "@leadflow/domain/gateways/gateways.service";
import { type BenchOptions, benchCommand } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { startArrivalFake } from "./dispatch-child-fake";
import { endDeadLeases, startDispatchWorker } from "./dispatch-child-process";
import { ONE_PART, reconcileUnknown, sleep, startedCampaign, TWO_PARTS, waitFor } from "./dispatch-child-setup";
import { readSendMoney, sendMoneyProblems } from "./send-money-checks";
import { seedAudience } from "./sending-setup";

/*
 * F16, sends (shared/RELIABILITY.md, Money): one team sends two campaigns at once over the same audience, each on a
 * platform gateway of its own (team_id NULL: the platform's price is held before each batch and settled after,
 * charges.ts), one of one-part and one of two-part SMS, each gateway's dispatcher in a worker process SIGKILLed
 * KILLS times at random moments and started again; the team has FREE_SMS free parts from its plan and money for
 * FUNDED of the rest, so the first batches mix free and paid parts and both campaigns run out of money and pause.
 * Checked at the end (and the balance sampled throughout): no hold left; the ledger charged exactly the parts of
 * the rows that may have been sent, free ones first and no more free than the plan gave; the balance = top-up −
 * charges, never below zero; every message the provider took is paid for, and none went twice. Then reconciliation
 * settles what the kills left `unknown`: parts paid for messages it finds the provider never took are reported.
 * Needs PostgreSQL: the workers are other processes.
 */

const AUDIENCE = 3_000;
const RATE = 200;
const KILLS = 3;
/** A lost send the provider had no record of (reconcile.ts). */
const NEVER_TAKEN = "not_found";
const FREE_SMS = 300;
/** Money for this share of the paid parts of both campaigns. */
const FUNDED = 0.8;
const KILL_AFTER_MS: [number, number] = [1000, 4000];

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
    const t0 = Date.now();
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
        await endDeadLeases(database, [c.gatewayId]);
      }
      const last = startDispatchWorker(url, provider.fake.url, RATE, [c.gatewayId]);
      try {
        await last.started;
        // Its first run took the dead one's rows and holds over; the campaign ends paused (money) or with nothing due.
        await waitFor(
          "the last worker's end",
          async () => last.outcomes().length > 0 && (await settled(database, c.id, c.gatewayId)),
          120_000,
          200,
        );
      } finally {
        await last.stop();
      }
    };
    try {
      await Promise.all(campaigns.map(runGateway));
    } finally {
      running = false;
      await sampler;
    }
    const ms = Date.now() - t0;
    const m = await readSendMoney(database, teamId, provider.fake);
    const { rows: unknownWhy } = await database.query<{ why: string; n: number }>(
      "SELECT coalesce(error_message, '') AS why, count(*)::int AS n FROM campaign_messages WHERE team_id = $1 AND state = 'unknown' GROUP BY 1",
      [teamId],
    );
    // Then what the kills left unknown is asked about: a send the provider never took was paid for as maybe sent.
    const reconciled = await reconcileUnknown(database, provider.fake.url);
    const overcharged = await neverTakenButPaid(database, teamId);
    const problems = sendMoneyProblems(m, { money, free: FREE_SMS, price, lowest });
    if (overcharged)
      problems.push(`${overcharged} parts paid for messages the provider never took (rejected by reconciliation, not given back)`);
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
      ...m,
      unknownWhy,
      reconciled,
      overcharged,
      problems,
    };
    console.log(JSON.stringify(figures, null, 1));
    const n = (x: number) => x.toLocaleString("en");
    record({
      id: "F16",
      size: "sends",
      what: `money under faults, sends: one team's two campaigns at once over ${n(AUDIENCE)} leads (1- and 2-part SMS) on two platform gateways at ${RATE}/s each, ${FREE_SMS} free parts and money for ${FUNDED * 100}% of the rest, each gateway's worker process SIGKILLed ${KILLS} times mid-run`,
      backend: backendName(),
      ours:
        `${n(m.ledger.items)} parts charged (${n(m.ledger.free)} free) = the parts of the ${n(m.maySent.rows)} messages that may have been sent; $${m.ledger.charged.toFixed(4)} = ${n(m.ledger.items - m.ledger.free)} × $${price}; ` +
        `balance $${m.balance.toFixed(4)} = $${money} − charged, lowest seen $${lowest.balance.toFixed(4)}; ${m.holds} holds left; ` +
        `provider took ${n(m.provider.messages)} messages, ${m.provider.unpaid} unpaid, ${m.provider.duplicates} twice; ${m.maySent.neverArrived} paid as maybe sent that never reached it (left unknown by a kill: ${overcharged} parts charged for them after reconciliation); campaigns ${m.statuses.join(", ")}` +
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

/** The campaign is done with this gateway: paused or nothing planned, nothing on its way, no hold of it left. */
async function settled(database: Database, campaignId: number, gatewayId: number): Promise<boolean> {
  const { rows } = await database.query<{ done: boolean }>(
    `SELECT (c.status <> 'active' OR NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.state = 'planned'))
        AND NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = c.id AND m.state IN ('claimed', 'submitting'))
        AND NOT EXISTS (SELECT 1 FROM balance_holds h WHERE h.kind = 'send' AND h.ref_id = $2) AS done
     FROM campaigns c WHERE c.id = $1`,
    [campaignId, gatewayId],
  );
  return rows[0]!.done;
}

/** Parts of the team's messages held and charged as maybe sent that reconciliation found the provider never took. */
async function neverTakenButPaid(database: Database, teamId: number): Promise<number> {
  const { rows } = await database.query<{ parts: number }>(
    "SELECT coalesce(sum(parts), 0)::int AS parts FROM campaign_messages WHERE team_id = $1 AND state = 'rejected' AND error_code = $2 AND hold_id IS NOT NULL",
    [teamId, NEVER_TAKEN],
  );
  return rows[0]!.parts;
}
