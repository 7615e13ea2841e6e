import { performance } from "node:perf_hooks";
import type { LookupType } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { getBalance, ProviderDownError, type RunOutcome, runLookupJob, type TeamCtx, topUp } from "@leadflow/domain";
import { type FakeControls, startFakeBlacklistAlliance, startFakeTwilio } from "@leadflow/domain/providers/fakes/index";
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
  noLive,
  readMoney,
  repeats,
  seconds,
  startListLookup,
  timelineNotOnce,
} from "./lookup-setup";

/*
 * F11 (fault goal in docs/benchmarks.md): a lookup or DNC provider that is down. Three runs on one seeded team:
 *
 * 1. DNC, fail closed. A fake Blacklist Alliance answers the first part of the list, then goes down (503 to
 *    everything), is tried again while still down (connection refused), and comes back. While it is down the job
 *    stays running; the numbers it did not check keep dnc_checked_at NULL and their status, are not marked failed
 *    (a DNC check is never taken as clean) and are not charged. Once it is back, one more run checks the rest; each
 *    number is charged once and has one DNC entry on its lead's timeline.
 * 2. Enrichment, retried later. A fake Twilio Lookup answers bursts of 500s and 429s (Retry-After 1 s) at random,
 *    about a fifth of all requests. The adapter retries each item three times; when an item fails all three the
 *    runner stops the batch and throws ProviderDownError, and the job queue runs it again later (pg-boss after
 *    30 s; here after 200 ms, as many times as it takes). It must finish with every phone looked up, charged once.
 * 3. Spend never over the balance: a second team's carrier lookup of 2,000 phones with money for half of them
 *    (100 free items, then dollars for 900). The provider is asked about exactly what was paid for, the job stops
 *    with the insufficient-funds message and the balance ends at 0, never below.
 */

/** Phones of runs 1 and 2 (at most --rows). */
const ITEMS = 5_000;
const RATE = 500;
/** The DNC provider goes down when this request leaves (mid-batch: batches are 500 at 500/s). */
const DOWN_AT = 1_234;
/** Run 2: the share of time (and so of requests) the carrier provider refuses everything, in 20 ms bursts. */
const FAULT_SHARE = 0.2;
/** The queue's retry delay in this benchmark (pg-boss: 30 s). */
const RETRY_DELAY_MS = 200;
const FUNDS_ITEMS = 2_000;
const FUNDS_AFFORDABLE = 1_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function providerDownBench(options: BenchOptions): Promise<void> {
  const items = Math.min(options.rows, ITEMS);
  await withFreshDatabase(async (database) => {
    const s = await seedLeads(database, items);
    const dnc = await dncFailsClosed(database, s.ctx, s.listId, items);
    const carrier = await enrichmentRetriesLater(database, s.ctx, s.listId, items);
    const funds = await spendWithinBalance(database);
    const problems = [...dnc.problems, ...carrier.problems, ...funds.problems];
    const figures = { items, rate: RATE, dnc, carrier, funds };
    console.log(JSON.stringify(figures, null, 1));
    const n = (x: number) => x.toLocaleString("en");
    record({
      id: "F11",
      what: `provider down (${sizeLabel(items)} phones at ${RATE}/s): DNC provider down mid-run then back (fail closed); carrier provider answering ~${FAULT_SHARE * 100}% 500/429 bursts (retry later); money for half a lookup (spend ≤ balance)`,
      backend: backendName(),
      ours:
        `DNC: ${n(dnc.checkedBeforeDown)} checked, then down (503 after request ${DOWN_AT}): runner gave up in ${seconds(dnc.gaveUpMs)}, ` +
        `tried again while refusing connections; while down job running, ${n(dnc.pendingWhileDown)} unchecked untouched ` +
        `(${dnc.touchedWhileDown} with dnc_checked_at or status changed, ${dnc.failedWhileDown} marked failed) and uncharged (ledger ${n(dnc.ledgerWhileDown)} items); ` +
        `back up: ${n(dnc.after.states[1]!)}/${n(items)} checked, ${dnc.timelineNotOnce} numbers with other than one DNC entry, ${n(dnc.repeatedRequests)} provider requests repeated, ledger ${n(dnc.after.ledgerItems)} items. ` +
        `Carrier with ${(carrier.faultShare * 100).toFixed(1)}% of ${n(carrier.requests)} requests refused (${carrier.statuses["500"] ?? 0} × 500, ${carrier.statuses["429"] ?? 0} × 429): ` +
        `${n(carrier.after.states[1]!)}/${n(items)} looked up in ${seconds(carrier.ms)} over ${carrier.attempts} runner attempts (${carrier.downs} ProviderDownError), ` +
        `${n(carrier.repeatedRequests)} requests repeated, ledger ${n(carrier.after.ledgerItems)} items, ${carrier.timelineNotOnce} phones with other than one carrier entry. ` +
        `Money for ${n(FUNDS_AFFORDABLE)} of ${n(FUNDS_ITEMS)}: ${n(funds.requests)} provider requests, ${n(funds.after.states[1]!)} looked up, ended ${funds.outcome} ("${funds.after.job.error}"), balance $${funds.after.balance.toFixed(4)}` +
        `${problems.length ? `; PROBLEMS: ${problems.join("; ")}` : ""}`,
      baseline: "—",
      ratio: problems.length ? `misses: ${problems.length} problem(s)` : "duplicates charged 0, lost 0 — meets the goal",
      goal: "fail closed for DNC; retry later for enrichment; spend never over balance; each item charged once",
      command: benchCommand("F11", items < ITEMS ? ["--rows", sizeLabel(items)] : []),
      figures,
    });
    if (problems.length) throw new Error(`F11: ${problems.join("; ")}`);
  });
}

interface RunLog {
  outcome: RunOutcome | "provider_down_error";
  ms: number;
}

async function runOnce(database: Database, teamId: number, jobId: number, providerOptions: object): Promise<RunLog> {
  const t0 = performance.now();
  try {
    const outcome = await runLookupJob({ db: database.db, live: noLive, providerOptions }, teamId, jobId);
    return { outcome, ms: performance.now() - t0 };
  } catch (e) {
    if (e instanceof ProviderDownError) return { outcome: "provider_down_error", ms: performance.now() - t0 };
    throw e;
  }
}

/** Phones of the job's pending items that were touched anyway: checked, re-statused or given a DNC code. */
async function touchedPending(database: Database, teamId: number, jobId: number): Promise<number> {
  const { rows } = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM lookup_items i JOIN lead_phones p ON p.team_id = i.team_id AND p.phone = i.value
     WHERE i.team_id = $1 AND i.job_id = $2 AND i.state = 0
       AND (p.dnc_checked_at IS NOT NULL OR p.status <> 1 OR p.dnc_code IS NOT NULL)`,
    [teamId, jobId],
  );
  return rows[0]!.n;
}

async function freeAndPrice(database: Database, teamId: number, type: LookupType) {
  const b = await getBalance(database.db, teamId);
  return { free: b.free_lookups, price: b.prices[type] };
}

function moneyCheck(label: string, m: Money, price: number, free: number): string[] {
  return moneyProblems(m, price, free).map((p) => `${label}: ${p}`);
}

async function dncFailsClosed(database: Database, ctx: TeamCtx, listId: number, items: number) {
  const teamId = ctx.teamId;
  const fake = await startFakeBlacklistAlliance();
  const problems: string[] = [];
  try {
    const gatewayId = await lookupGateway(database, ctx, {
      kind: "sms_dnc",
      type: "black_list_alliance",
      params: { api_key: fake.apiKey },
      rate: RATE,
    });
    await fundTeam(database, teamId, LookupTypes.dnc, items);
    const { free, price } = await freeAndPrice(database, teamId, LookupTypes.dnc);
    const jobId = await startListLookup(database, ctx, listId, LookupTypes.dnc, gatewayId);
    let sent = 0;
    const providerOptions = {
      baseUrls: fake.baseUrls,
      fetch: ((input, init) => {
        // The provider goes down as this request leaves: it and everything after it are answered 503.
        if (++sent === DOWN_AT) void fake.down(true);
        return fetch(input, init);
      }) as typeof fetch,
    };
    console.log(`F11 DNC: ${items} phones, down from request ${DOWN_AT}…`);
    const first = await runOnce(database, teamId, jobId, providerOptions);
    if (first.outcome !== "provider_down_error") problems.push(`DNC: with the provider down the runner ended ${first.outcome}`);
    const whileDown = await readMoney(database, teamId, jobId);
    const checkDown = (label: string, m: Money) => {
      if (m.job.status !== 1) problems.push(`DNC ${label}: job status ${m.job.status}, expected 1 (running)`);
      if (!m.job.error) problems.push(`DNC ${label}: no error on the job`);
      if (m.leaseOwner) problems.push(`DNC ${label}: lease still held`);
      if (m.states[3]) problems.push(`DNC ${label}: ${m.states[3]} items marked failed (fail closed: they must stay pending)`);
      if (!m.states[0]) problems.push(`DNC ${label}: nothing left pending`);
      problems.push(...moneyCheck(`DNC ${label}`, m, price, free));
    };
    checkDown("while down", whileDown);
    const touched1 = await touchedPending(database, teamId, jobId);

    // Still down, now refusing connections: the queue's next attempt changes nothing.
    await fake.down("refuse");
    const second = await runOnce(database, teamId, jobId, { baseUrls: fake.baseUrls });
    if (second.outcome !== "provider_down_error") problems.push(`DNC: with connections refused the runner ended ${second.outcome}`);
    const stillDown = await readMoney(database, teamId, jobId);
    checkDown("still down", stillDown);
    if (stillDown.states[1] !== whileDown.states[1])
      problems.push(`DNC: ${stillDown.states[1]! - whileDown.states[1]!} items checked while refused`);
    const touched2 = await touchedPending(database, teamId, jobId);
    if (touched1 || touched2) problems.push(`DNC: ${touched1 + touched2} unchecked phones touched while down`);

    await fake.down(false);
    const third = await runOnce(database, teamId, jobId, { baseUrls: fake.baseUrls });
    if (third.outcome !== "completed") problems.push(`DNC: back up, the runner ended ${third.outcome}`);
    const after = await readMoney(database, teamId, jobId);
    if (after.states[1] !== items) problems.push(`DNC: ${after.states[1]} of ${items} checked after the provider came back`);
    problems.push(...moneyCheck("DNC after", after, price, free));
    const unchecked = (
      await database.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1 AND dnc_checked_at IS NULL", [
        teamId,
      ])
    ).rows[0]!.n;
    if (unchecked) problems.push(`DNC: ${unchecked} phones without dnc_checked_at after completion`);
    const notOnce = await timelineNotOnce(database, teamId, "DNC");
    if (notOnce) problems.push(`DNC: ${notOnce} leads without exactly one DNC timeline entry`);
    const listed = (
      await database.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1 AND status <> 1", [teamId])
    ).rows[0]!.n;
    return {
      problems,
      runs: [first, second, third],
      gaveUpMs: first.ms,
      checkedBeforeDown: whileDown.states[1]!,
      pendingWhileDown: whileDown.states[0]!,
      failedWhileDown: whileDown.states[3]! + stillDown.states[3]!,
      touchedWhileDown: touched1 + touched2,
      ledgerWhileDown: whileDown.ledgerItems,
      whileDown,
      stillDown,
      after,
      unchecked,
      timelineNotOnce: notOnce,
      listedAfter: listed,
      requests: fake.stats.total,
      statuses: Object.fromEntries(fake.stats.statuses),
      repeatedRequests: repeats(fake.stats.perValue).requests,
    };
  } finally {
    await fake.close();
  }
}

/**
 * Refuses about FAULT_SHARE of the requests, in bursts: time is cut into 20 ms slots, and a slot is, with that
 * probability, one where every request is answered 500 (or, half the time, 429 with Retry-After: 1).
 */
function faultBursts(fake: FakeControls): () => void {
  const timer = setInterval(() => {
    fake.failNext(0);
    fake.rateLimitNext(0);
    if (Math.random() >= FAULT_SHARE) return;
    if (Math.random() < 0.5) fake.failNext(1_000_000, 500);
    else fake.rateLimitNext(1_000_000, 1);
  }, 20);
  return () => {
    clearInterval(timer);
    fake.failNext(0);
    fake.rateLimitNext(0);
  };
}

async function enrichmentRetriesLater(database: Database, ctx: TeamCtx, listId: number, items: number) {
  const teamId = ctx.teamId;
  const fake = await startFakeTwilio();
  const problems: string[] = [];
  try {
    const gatewayId = await lookupGateway(database, ctx, {
      kind: "sms_lookup",
      type: "gateway1",
      params: { sys_id: fake.accountSid, auth_token: fake.authToken },
      rate: RATE,
    });
    await fundTeam(database, teamId, LookupTypes.carrier, items);
    const { free, price } = await freeAndPrice(database, teamId, LookupTypes.carrier);
    const jobId = await startListLookup(database, ctx, listId, LookupTypes.carrier, gatewayId);
    console.log(`F11 carrier: ${items} phones, ~${FAULT_SHARE * 100}% of requests refused in bursts…`);
    const stop = faultBursts(fake);
    const t0 = performance.now();
    let attempts = 0;
    let downs = 0;
    let outcome: RunLog["outcome"] = "provider_down_error";
    try {
      // The job queue: run, and after a ProviderDownError run again a little later, until the job is done.
      while (attempts < 500) {
        attempts++;
        outcome = (await runOnce(database, teamId, jobId, { baseUrls: fake.baseUrls })).outcome;
        if (outcome !== "provider_down_error") break;
        downs++;
        const m = await readMoney(database, teamId, jobId);
        if (m.job.status !== 1 || m.states[3])
          problems.push(`carrier: after a ProviderDownError job status ${m.job.status}, ${m.states[3]} failed`);
        await sleep(RETRY_DELAY_MS);
      }
    } finally {
      stop();
    }
    const ms = performance.now() - t0;
    if (outcome !== "completed") problems.push(`carrier: the runner ended ${outcome} after ${attempts} attempts`);
    const after = await readMoney(database, teamId, jobId);
    if (after.states[1] !== items) problems.push(`carrier: ${after.states[1]} of ${items} looked up (${after.states[3]} failed)`);
    problems.push(...moneyCheck("carrier", after, price, free));
    const notOnce = await timelineNotOnce(database, teamId, "Carrier");
    if (notOnce) problems.push(`carrier: ${notOnce} leads without exactly one carrier timeline entry`);
    const statuses = Object.fromEntries(fake.stats.statuses);
    const refused = (statuses[500] ?? 0) + (statuses[429] ?? 0);
    return {
      problems,
      ms,
      attempts,
      downs,
      after,
      timelineNotOnce: notOnce,
      requests: fake.stats.total,
      statuses,
      faultShare: refused / Math.max(1, fake.stats.total),
      repeatedRequests: repeats(fake.stats.perValue).requests,
    };
  } finally {
    await fake.close();
  }
}

async function spendWithinBalance(database: Database) {
  const s = await seedLeads(database, FUNDS_ITEMS);
  const teamId = s.ctx.teamId;
  const fake = await startFakeTwilio();
  const problems: string[] = [];
  try {
    const gatewayId = await lookupGateway(database, s.ctx, {
      kind: "sms_lookup",
      type: "gateway1",
      params: { sys_id: fake.accountSid, auth_token: fake.authToken },
      rate: RATE,
    });
    const { free, price } = await freeAndPrice(database, teamId, LookupTypes.carrier);
    const paid = FUNDS_AFFORDABLE - free;
    await topUp(database.db, teamId, paid * price, "bench: half the lookup");
    const jobId = await startListLookup(database, s.ctx, s.listId, LookupTypes.carrier, gatewayId);
    const run = await runOnce(database, teamId, jobId, { baseUrls: fake.baseUrls });
    const after = await readMoney(database, teamId, jobId);
    if (run.outcome !== "stopped") problems.push(`funds: the runner ended ${run.outcome}, expected stopped`);
    if (fake.stats.total > FUNDS_AFFORDABLE)
      problems.push(`funds: the provider was asked ${fake.stats.total} times for ${FUNDS_AFFORDABLE} paid items`);
    if (after.states[1] !== FUNDS_AFFORDABLE) problems.push(`funds: ${after.states[1]} looked up with money for ${FUNDS_AFFORDABLE}`);
    if (after.balance !== 0) problems.push(`funds: balance $${after.balance} after spending it all`);
    problems.push(...moneyCheck("funds", after, price, free));
    return { problems, outcome: run.outcome, requests: fake.stats.total, after };
  } finally {
    await fake.close();
  }
}
