import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import { getBalance } from "@leadflow/domain";
import { startFakeTwilio } from "@leadflow/domain/providers/fakes/index";
import { seedLeads } from "../leads/seed-leads";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import {
  fundTeam,
  LookupTypes,
  lookupGateway,
  type Money,
  moneyProblems,
  readMoney,
  repeats,
  seconds,
  startListLookup,
  timelineNotOnce,
} from "./lookup-setup";
import { runChild, waitForIdle } from "./runner-process";

/*
 * F12 (fault goal in docs/benchmarks.md): the worker running a lookup is killed (SIGKILL) mid-run, several times. The
 * runner runs in a child process (runner-child.ts) against a fake Twilio Lookup served by this process; each child is
 * killed at a random moment 200–1500 ms after it starts running the job — while it snapshots the list, holds money,
 * asks the provider or settles a batch — and then a last child runs the job to the end.
 *
 * After each kill the money must still add up (balance + the job's hold = top-ups − charges), and at the end:
 * every item looked up once (state 1, one carrier entry on each lead's timeline, the job's count = its items),
 * the ledger charged each item once, the balance is the top-up less that, never negative. What a kill can cost
 * is provider requests: the items of the batch in flight are asked again by the next runner (the provider saw
 * them twice; the team is charged once). Needs PostgreSQL: two processes share the database.
 */

const ITEMS = 10_000;
const RATE = 1_000;
const KILLS = 5;
const KILL_AFTER_MS: [number, number] = [200, 1500];

interface Kill {
  afterMs: number;
  /** Items looked up when it was killed (after its transactions were rolled back), and the hold it left. */
  lookedUp: number;
  heldAmount: number;
  heldFree: number;
  leaseLeft: boolean;
  problems: string[];
}

export async function workerKilledBench(options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "F12 skipped: it runs the lookup runner in separate processes sharing one database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  const items = Math.min(options.rows, ITEMS);
  await withFreshDatabase(async (database) => {
    const url = database.pool!.options.connectionString!;
    const s = await seedLeads(database, items);
    const teamId = s.ctx.teamId;
    const fake = await startFakeTwilio();
    try {
      const gatewayId = await lookupGateway(database, s.ctx, {
        kind: "sms_lookup",
        type: "gateway1",
        params: { sys_id: fake.accountSid, auth_token: fake.authToken },
        rate: RATE,
      });
      await fundTeam(database, teamId, LookupTypes.carrier, items);
      const { free_lookups: free, prices } = await getBalance(database.db, teamId);
      const price = prices[LookupTypes.carrier];
      const jobId = await startListLookup(database, s.ctx, s.listId, LookupTypes.carrier, gatewayId);
      const args = [url, String(teamId), String(jobId), fake.url];
      console.log(`F12: ${items} phones at ${RATE}/s, ${KILLS} workers killed…`);
      const t0 = performance.now();
      const kills: Kill[] = [];
      let finished: string | null = null;
      for (let k = 0; k < KILLS; k++) {
        const afterMs = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
        const run = await runChild(args, afterMs);
        if (run.outcome) {
          // It finished before its kill: nothing left to interrupt.
          finished = run.outcome;
          break;
        }
        kills.push(await afterKill(database, teamId, jobId, afterMs, free));
      }
      let finals = 0;
      while (!finished || finished === "leased") {
        if (++finals > 3) throw new Error(`F12: the last worker did not finish (${finished})`);
        finished = (await runChild(args, null)).outcome;
      }
      const ms = performance.now() - t0;
      const m = await readMoney(database, teamId, jobId);
      const problems = [...kills.flatMap((k) => k.problems), ...moneyProblems(m, price, free)];
      if (finished !== "completed") problems.push(`the last worker ended ${finished}`);
      if (m.states[1] !== items) problems.push(`${m.states[1]} of ${items} items looked up`);
      if (m.job.count !== items) problems.push(`the job counted ${m.job.count} items done for ${items}`);
      const notOnce = await timelineNotOnce(database, teamId, "Carrier");
      if (notOnce) problems.push(`${notOnce} leads without exactly one carrier timeline entry`);
      const rep = repeats(fake.stats.perValue);
      if (fake.stats.perValue.size !== items) problems.push(`the provider was asked about ${fake.stats.perValue.size} phones for ${items}`);
      const lost = items - m.states[1]!;
      const duplicatesCharged = Math.max(0, m.ledgerItems - m.states[1]!);
      const figures = {
        items,
        rate: RATE,
        ms,
        kills,
        money: m,
        price,
        free,
        requests: fake.stats.total,
        repeatedValues: rep.values,
        repeatedRequests: rep.requests,
        lost,
        duplicatesCharged,
        problems,
      };
      console.log(JSON.stringify(figures, null, 1));
      const n = (x: number) => x.toLocaleString("en");
      record({
        id: "F12",
        what: `worker killed mid-lookup: ${sizeLabel(items)}-phone carrier lookup at ${RATE}/s, runner in a child process SIGKILLed ${kills.length} times (random ${KILL_AFTER_MS[0]}–${KILL_AFTER_MS[1]} ms after it started), then one runs to the end`,
        backend: backendName(),
        ours:
          `${n(m.states[1]!)}/${n(items)} looked up in ${seconds(ms)}; kills left ${kills.filter((k) => k.heldAmount > 0 || k.heldFree > 0).length} money holds, released by the next worker; ` +
          `ledger ${n(m.ledgerItems)} items, $${m.ledgerAmount.toFixed(2)} = ${n(m.states[1]! - Math.min(free, m.states[1]!))} × $${price}; balance $${m.balance.toFixed(2)} = top-up $${m.toppedUp} − charged; ` +
          `${n(fake.stats.total)} provider requests: ${n(rep.requests)} repeated because of the kills (${n(rep.values)} phones asked twice or more, charged once)` +
          `${problems.length ? `; PROBLEMS: ${problems.join("; ")}` : ""}`,
        baseline: "—",
        ratio: `duplicates charged ${duplicatesCharged}, lost ${lost}${problems.length ? ` — misses: ${problems.length} problem(s)` : " — meets the goal"}`,
        goal: "duplicates charged 0, lost 0; balance = top-up − cost, never negative",
        command: benchCommand("F12", items < ITEMS ? ["--rows", sizeLabel(items)] : []),
        figures,
      });
      if (problems.length) throw new Error(`F12: ${problems.join("; ")}`);
    } finally {
      await fake.close();
    }
  });
}

/**
 * After a kill: what the dead worker left, and whether the money still adds up with its hold counted. Then the
 * supervisor's part: the dead worker's lease would run for up to 60 s more; a supervisor that saw the process
 * die (as pg-boss does when a worker's heartbeat stops, or a process manager on exit) may end it at once, which
 * is what setting lease_until in the past does — the next worker then takes the job over and first releases the
 * dead one's hold. Only done once the process is gone, so two runners never overlap.
 */
async function afterKill(database: Database, teamId: number, jobId: number, afterMs: number, free: number): Promise<Kill> {
  // The dead worker's backend may still be finishing a statement; its open transaction is rolled back when it
  // notices the closed connection. Wait until no session of it is left.
  await waitForIdle(database);
  const m: Money = await readMoney(database, teamId, jobId);
  const problems: string[] = [];
  const cents = (x: number) => Math.round(x * 10_000);
  if (cents(m.balance + m.job.held) !== cents(m.toppedUp - m.teamCharged))
    problems.push(`after a kill: balance $${m.balance} + held $${m.job.held} ≠ top-up $${m.toppedUp} − charged $${m.teamCharged}`);
  if (m.freeLookups + m.job.heldFree + m.ledgerFree !== free)
    problems.push(`after a kill: free items ${m.freeLookups} + held ${m.job.heldFree} + used ${m.ledgerFree} ≠ ${free}`);
  if (m.ledgerItems !== m.states[1]) problems.push(`after a kill: ledger ${m.ledgerItems} items for ${m.states[1]} looked up`);
  if (m.balance < 0) problems.push(`after a kill: negative balance $${m.balance}`);
  const leaseLeft = m.leaseOwner !== null;
  await database.query(
    "UPDATE lookup_jobs SET lease_until = now() - interval '1 second' WHERE team_id = $1 AND id = $2 AND lease_owner IS NOT NULL",
    [teamId, jobId],
  );
  return { afterMs: Math.round(afterMs), lookedUp: m.states[1]!, heldAmount: m.job.held, heldFree: m.job.heldFree, leaseLeft, problems };
}
