import { performance } from "node:perf_hooks";
import type { LookupType } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { getBalance, setFreeLookups, topUp } from "@leadflow/domain";
import { startFakeBlacklistAlliance, startFakeTwilio } from "@leadflow/domain/providers/fakes/index";
import { seedLeads } from "../leads/seed-leads";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { LookupTypes, lookupGateway, seconds, startListLookup } from "./lookup-setup";
import { runChild, waitForIdle } from "./runner-process";

/*
 * F16 (money under faults; goal in docs/benchmarks.md): a carrier lookup and a DNC check of one team run at once, each
 * in worker processes that are SIGKILLed at random moments, over phones whose fresh (free) results come in blocks
 * longer than a batch — so whole batches have nothing to pay for between batches that do — with money for only part of
 * the paid items and some free items. At the end, and after every kill: nothing held, every looked-up item in the
 * ledger once, priced after the free items at its type's price, the balance = top-ups − charges ≥ 0.
 */

const ITEMS = 10_000;
const RATE = 200; // a batch is two seconds of the rate: 400 items
const BLOCK = 600; // fresh and unchecked phones alternate in blocks of 600, longer than a batch
const KILLS = 4; // per job
const FREE = 150;
/** Money for this share of the paid items of both jobs: the lookups run out before the end. */
const FUNDED = 0.6;

interface JobState {
  id: number;
  type: LookupType;
  price: number;
  kills: number;
  outcome: string | null;
}

export async function moneyChaosBench(options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "F16 skipped: it kills lookup workers in separate processes sharing one database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  const items = Math.min(options.rows, ITEMS);
  await withFreshDatabase(async (database) => {
    const url = database.pool!.options.connectionString!;
    const s = await seedLeads(database, items);
    const teamId = s.ctx.teamId;
    const twilio = await startFakeTwilio();
    const bla = await startFakeBlacklistAlliance();
    try {
      const carrierGw = await lookupGateway(database, s.ctx, {
        kind: "sms_lookup",
        type: "gateway1",
        params: { sys_id: twilio.accountSid, auth_token: twilio.authToken },
        rate: RATE,
      });
      const dncGw = await lookupGateway(database, s.ctx, {
        kind: "sms_dnc",
        type: "black_list_alliance",
        params: { api_key: bla.apiKey },
        rate: RATE,
      });
      // Fresh results in alternating blocks, offset between the two checks.
      await markFreshBlocks(database, teamId, "looked_up_at", 0);
      await markFreshBlocks(database, teamId, "dnc_checked_at", BLOCK / 2);
      const { prices } = await getBalance(database.db, teamId);
      const paid = await unfreshCount(database, teamId);
      const money = Math.round(((paid.carrier - FREE) * prices[1] + paid.dnc * prices[3]) * FUNDED * 100) / 100;
      await setFreeLookups(database.db, teamId, FREE);
      await topUp(database.db, teamId, money, "bench F16");
      const jobs: JobState[] = [
        {
          id: await startListLookup(database, s.ctx, s.listId, LookupTypes.carrier, carrierGw),
          type: 1,
          price: prices[1],
          kills: 0,
          outcome: null,
        },
        {
          id: await startListLookup(database, s.ctx, s.listId, LookupTypes.dnc, dncGw),
          type: 3,
          price: prices[3],
          kills: 0,
          outcome: null,
        },
      ];
      console.log(
        `F16: ${items} phones, carrier and DNC at once at ${RATE}/s each, $${money} and ${FREE} free items, ${KILLS} kills per job…`,
      );
      const t0 = performance.now();
      const problems: string[] = [];
      const runJob = async (j: JobState) => {
        const args = [url, String(teamId), String(j.id), twilio.url, bla.url];
        for (let runs = 0; j.outcome !== "completed" && j.outcome !== "stopped"; runs++) {
          if (runs > 200) throw new Error(`F16: job ${j.id} did not finish (${j.outcome})`);
          const run = await runChild(args, j.kills < KILLS ? 300 + Math.random() * 2500 : null);
          j.outcome = run.outcome;
          if (run.outcome === null) {
            j.kills++;
            // The supervisor's part (see F12): the dead worker's lease ends once its process is gone. A commit it
            // had in flight still lands first: the lease update waits for the job row it locked.
            await new Promise((r) => setTimeout(r, 300));
            await database.query("UPDATE lookup_jobs SET lease_until = now() - interval '1 second' WHERE team_id = $1 AND id = $2", [
              teamId,
              j.id,
            ]);
          } else if (run.outcome === "leased" || run.outcome === "down") await new Promise((r) => setTimeout(r, 500));
        }
      };
      await Promise.all(jobs.map(runJob));
      await waitForIdle(database);
      const ms = performance.now() - t0;
      const m = await readTeamMoney(database, teamId);
      for (const j of jobs) {
        if (j.outcome !== "completed" && j.outcome !== "stopped") problems.push(`job ${j.id} ended ${j.outcome}`);
        const r = m.jobs.find((x) => x.id === j.id)!;
        if (r.items !== r.answered) problems.push(`job ${j.id}: ledger ${r.items} items for ${r.answered} looked up`);
        if (cents(r.charged) !== cents((r.items - r.free) * j.price))
          problems.push(`job ${j.id}: charged $${r.charged} for ${r.items - r.free} paid items at $${j.price}`);
        if (cents(r.cost) !== cents(r.charged)) problems.push(`job ${j.id}: cost $${r.cost}, ledger $${r.charged}`);
      }
      const charged = m.jobs.reduce((a, j) => a + j.charged, 0);
      const freeUsed = m.jobs.reduce((a, j) => a + j.free, 0);
      if (m.holds) problems.push(`${m.holds} holds left`);
      if (cents(m.balance) !== cents(money - charged)) problems.push(`balance $${m.balance}, expected $${money} − $${charged}`);
      if (m.freeLeft !== FREE - freeUsed) problems.push(`free items left ${m.freeLeft}, expected ${FREE - freeUsed}`);
      if (m.balance < 0) problems.push(`negative balance $${m.balance}`);
      const answered = m.jobs.reduce((a, j) => a + j.answered, 0);
      const reused = m.jobs.reduce((a, j) => a + j.reused, 0);
      const freeOfCharge = Math.max(0, answered - m.jobs.reduce((a, j) => a + j.items, 0));
      const figures = { items, rate: RATE, block: BLOCK, money, free: FREE, ms, jobs, ledger: m, problems };
      console.log(JSON.stringify(figures, null, 1));
      const n = (x: number) => x.toLocaleString("en");
      record({
        id: "F16",
        what: `money under faults: a carrier lookup and a DNC check of one team at once over ${sizeLabel(items)} phones (fresh results in blocks of ${BLOCK}, batches of ${RATE * 2}), money for ${FUNDED * 100}% of the paid items and ${FREE} free, each job's worker SIGKILLed ${KILLS} times`,
        backend: backendName(),
        ours:
          `${n(answered)} looked up and ${n(reused)} reused in ${seconds(ms)} (${jobs.map((j) => `job ${j.type === 1 ? "carrier" : "DNC"} ${j.outcome} after ${j.kills} kills`).join(", ")}); ` +
          `charged $${charged.toFixed(4)} = Σ paid items × price; balance $${m.balance.toFixed(4)} = $${money} − charged; ${freeUsed} free items used; ${m.holds} holds left` +
          `${problems.length ? `; PROBLEMS: ${problems.join("; ")}` : ""}`,
        baseline: "—",
        ratio: `items free that should be paid ${freeOfCharge}, charged twice 0${problems.length ? ` — misses: ${problems.length} problem(s)` : " — meets the goal"}`,
        goal: "balance = top-ups − Σ priced items exactly, never negative, no item free that should be paid",
        command: benchCommand("F16", items < ITEMS ? ["--rows", sizeLabel(items)] : []),
        figures,
      });
      if (problems.length) throw new Error(`F16: ${problems.join("; ")}`);
    } finally {
      await twilio.close();
      await bla.close();
    }
  });
}

const cents = (n: number) => Math.round(n * 10_000);

async function markFreshBlocks(database: Database, teamId: number, column: "looked_up_at" | "dnc_checked_at", offset: number) {
  await database.query(
    `WITH o AS (SELECT phone, row_number() OVER (ORDER BY phone) AS rn FROM lead_phones WHERE team_id = $1)
     UPDATE lead_phones p SET ${column} = now() FROM o
     WHERE p.team_id = $1 AND p.phone = o.phone AND ((o.rn + $2) / $3) % 2 = 0`,
    [teamId, offset, BLOCK],
  );
}

async function unfreshCount(database: Database, teamId: number): Promise<{ carrier: number; dnc: number }> {
  const r = await database.query<{ carrier: number; dnc: number }>(
    "SELECT count(*) FILTER (WHERE looked_up_at IS NULL)::int AS carrier, count(*) FILTER (WHERE dnc_checked_at IS NULL)::int AS dnc FROM lead_phones WHERE team_id = $1",
    [teamId],
  );
  return r.rows[0]!;
}

async function readTeamMoney(database: Database, teamId: number) {
  const b = (
    await database.query<{ balance: number; free_lookups: number }>(
      "SELECT balance::float8 AS balance, free_lookups FROM team_balances WHERE team_id = $1",
      [teamId],
    )
  ).rows[0]!;
  const holds = (await database.query<{ n: number }>("SELECT count(*)::int AS n FROM balance_holds WHERE team_id = $1", [teamId])).rows[0]!
    .n;
  const jobs = (
    await database.query<{ id: number; answered: number; reused: number; items: number; free: number; charged: number; cost: number }>(
      `SELECT j.id, j.cost::float8 AS cost,
          (SELECT count(*)::int FROM lookup_items i WHERE i.team_id = j.team_id AND i.job_id = j.id AND i.state = 1) AS answered,
          (SELECT count(*)::int FROM lookup_items i WHERE i.team_id = j.team_id AND i.job_id = j.id AND i.state = 2) AS reused,
          COALESCE(t.items, 0)::int AS items, COALESCE(t.free, 0)::int AS free, COALESCE(t.charged, 0)::float8 AS charged
       FROM lookup_jobs j
       LEFT JOIN (SELECT lookup_id, sum(items) AS items, sum(free_items) AS free, -sum(amount) AS charged
                  FROM balance_transactions WHERE team_id = $1 AND kind = 'lookup' GROUP BY lookup_id) t ON t.lookup_id = j.id
       WHERE j.team_id = $1 ORDER BY j.id`,
      [teamId],
    )
  ).rows;
  return { balance: b.balance, freeLeft: b.free_lookups, holds, jobs };
}
