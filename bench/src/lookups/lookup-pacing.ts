import { performance } from "node:perf_hooks";
import type { Database, Db } from "@leadflow/db";
import { getBalance, runLookupJob } from "@leadflow/domain";
import type { SQL } from "drizzle-orm";
import { type SeededTeam, seedLeads } from "../leads/seed-leads";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { type RemoteFakeTwilio, startRemoteFakeTwilio } from "./fake-twilio-process";
import {
  fundTeam,
  LookupTypes,
  lookupGateway,
  maxInOneSecond,
  moneyProblems,
  noLive,
  perSecond,
  readMoney,
  seconds,
  startListLookup,
  timedFetch,
} from "./lookup-setup";

/*
 * L1: a carrier lookup of every phone of a list, run to completion in this process against a fake Twilio Lookup
 * that answers at once and refuses (429) more requests than a little over the gateway's rate in any one second.
 * Figures: the rate achieved end to end against the configured one, the most requests the fake saw in one second,
 * the 429s, and the ledger (each item charged once). The ideal — the baseline — is N / R seconds.
 *
 * The runner asks a batch at the gateway's pace, then settles it in one transaction before it claims the next, so
 * the provider is idle while the database works; the requests' own timestamps and values split the run into its
 * batches, giving the pace within a batch and the time between batches. The fake runs in a process of its own
 * (fake-twilio-process.ts), so its one-second windows are counted on a clock the runner's event loop does not delay. A second, unpaced run of part of the list (rate
 * limit lifted above what the API lets a user set) measures that ceiling: the most items per second this machine
 * settles whatever the rate.
 */

/** Items of the unpaced ceiling run. */
const CEILING_ITEMS = 20_000;
/** The runner's default batch: two seconds of the gateway's rate, at most 500 items (lookup-runner.ts). */
const batchSizeFor = (rate: number) => Math.min(500, Math.max(1, rate * 2));

export async function lookupPacingBench(options: BenchOptions): Promise<void> {
  const rate = options.lookupRate;
  const rows = options.rows;
  await withFreshDatabase(async (database) => {
    const s = await seedLeads(database, rows);
    const { ctx } = s;
    const teamId = ctx.teamId;
    // The fake's own limit sits just above the gateway's: a runner going over its rate would meet 429s.
    const serverLimit = rate + Math.max(2, Math.ceil(rate * 0.01));
    const fake = await startRemoteFakeTwilio(serverLimit);
    try {
      const gatewayId = await lookupGateway(database, ctx, {
        kind: "sms_lookup",
        type: "gateway1",
        params: { sys_id: fake.accountSid, auth_token: fake.authToken },
        rate,
      });
      await fundTeam(database, teamId, LookupTypes.carrier, rows + CEILING_ITEMS);
      const { free_lookups: freeAtStart, prices } = await getBalance(database.db, teamId);
      const price = prices[LookupTypes.carrier];
      const jobId = await startListLookup(database, ctx, s.listId, LookupTypes.carrier, gatewayId);
      const timing = timedFetch();
      const dbTime = timedDb(database.db);
      console.log(`L1: ${rows} phones at ${rate}/s (ideal ${seconds((rows / rate) * 1000)})…`);
      const t0 = performance.now();
      const outcome = await runLookupJob(
        { db: dbTime.db, live: noLive, providerOptions: { baseUrls: fake.baseUrls, fetch: timing.fetch } },
        teamId,
        jobId,
      );
      const wallMs = performance.now() - t0;
      const money = await readMoney(database, teamId, jobId);
      const remote = await fake.stats();
      const fakeStats = { ...remote, tooMany: remote.statuses["429"] ?? 0 };
      const shape = batchShape(timing.starts, timing.urls, batchSizeFor(rate));
      const looked = money.states[1]!;
      const problems = moneyProblems(money, price, freeAtStart);
      if (outcome !== "completed") problems.push(`the runner ended ${outcome}`);
      if (looked !== rows) problems.push(`${looked} of ${rows} phones looked up`);
      if (fakeStats.total !== rows + fakeStats.tooMany) problems.push(`the fake saw ${fakeStats.total} requests for ${rows} phones`);

      // The ceiling: the same work unpaced (20k phones of a second list, asked again: the gateway forces).
      const ceiling = await unpacedCeiling(database, s, fake, gatewayId, Math.min(rows, CEILING_ITEMS));

      const steps = dbTime.summary();
      // The settle statement that took longest overall, by its first words.
      const slowest = Object.entries(steps)
        .filter(([label]) => label.startsWith("settle: "))
        .map(([label, t]) => ({ words: label.slice(8, 38).trim(), meanMs: t.meanMs, totalMs: t.totalMs }))
        .sort((a, b) => b.totalMs - a.totalMs)[0] ?? { words: "—", meanMs: 0, totalMs: 0 };
      const achieved = looked / (wallMs / 1000);
      const ratio = achieved / rate;
      const idealMs = (rows / rate) * 1000;
      const meets = Math.abs(ratio - 1) <= 0.05 && fakeStats.maxPerSecond <= rate && fakeStats.tooMany === 0 && problems.length === 0;
      const misses = [
        Math.abs(ratio - 1) > 0.05 ? "within ±5% of R" : null,
        fakeStats.maxPerSecond > rate ? "≤ R in any 1 s" : null,
        fakeStats.tooMany ? "0 × 429" : null,
        problems.length ? "charged once" : null,
      ].filter(Boolean);
      const figures = {
        rows,
        rate,
        serverLimit,
        wallMs,
        idealMs,
        achieved,
        ratio,
        firstRequestMs: (timing.starts[0] ?? t0) - t0,
        ...shape,
        dbTime: steps,
        // Requests leaving this process in any 1 s: all of them, and first attempts only (what the pacer paces;
        // http.ts retries a 429 after its Retry-After without asking the pacer again).
        clientMaxPerSecond: maxInOneSecond(timing.starts),
        clientFirstAttemptsMaxPerSecond: maxInOneSecond(firstAttempts(timing.starts, timing.urls)),
        fake: { ...fakeStats },
        money,
        price,
        freeAtStart,
        ceiling,
        problems,
      };
      console.log(JSON.stringify(figures, null, 1));
      record({
        id: "L1",
        size: `${sizeLabel(rows)} @ ${rate}/s`,
        what: `${sizeLabel(rows)}-phone carrier lookup at a configured rate limit (fake Twilio Lookup in its own process, zero latency, 429 above ${serverLimit}/s)`,
        backend: backendName(),
        ours:
          `${looked.toLocaleString("en")} phones in ${seconds(wallMs)} = ${perSecond(achieved)} end to end; ` +
          `${shape.batches} batches of ${shape.batchSize}: asked in ${Math.round(shape.askMsPerBatch)} ms each (${perSecond(shape.paceInBatches)}), ${Math.round(shape.gapMsPerBatch)} ms between batches (settle ${Math.round(steps.settle?.meanMs ?? 0)} ms — ${slowest.words} ${Math.round(slowest.meanMs)} ms of it —, claim ${Math.round(steps.claim?.meanMs ?? 0)} ms, hold ${Math.round(steps.hold?.meanMs ?? 0)} ms); ` +
          `max ${fakeStats.maxPerSecond} requests in any 1 s at the fake; ${fakeStats.tooMany} × 429; ` +
          `charged once (ledger ${money.ledgerItems.toLocaleString("en")} items, $${money.ledgerAmount.toFixed(2)} = ${(looked - Math.min(freeAtStart, looked)).toLocaleString("en")} × $${price} after ${Math.min(freeAtStart, looked)} free)` +
          `${problems.length ? `; PROBLEMS: ${problems.join("; ")}` : ""}; unpaced ceiling ${perSecond(ceiling.perSecond)} (${ceiling.items.toLocaleString("en")} phones)`,
        baseline: `N/R = ${seconds(idealMs)} (${perSecond(rate)})`,
        ratio: `${ratio.toFixed(2)} of R${meets ? " — meets the goal" : ` — misses: ${misses.join(", ")}`}`,
        goal: "within ±5% of R; ≤ R requests in any 1 s; 0 × 429; each item charged once",
        command: benchCommand("L1", ["--rows", sizeLabel(rows), "--lookup-rate", rate]),
        figures,
      });
      if (problems.length) throw new Error(`L1: ${problems.join("; ")}`);
    } finally {
      await fake.close();
    }
  });
}

/** The start times of each URL's first request. */
function firstAttempts(starts: readonly number[], urls: readonly string[]): number[] {
  const seen = new Set<string>();
  return starts.filter((_, i) => !seen.has(urls[i]!) && seen.add(urls[i]!));
}

/**
 * The run's batches as the provider saw them: the runner claims pending items in value order, `size` at a time,
 * so a value's rank among the values asked gives its batch. Per batch, its first and last request; from them the
 * pace within a batch and the time between the last request of one batch and the first of the next (settling
 * the one, claiming and holding money for the next).
 */
function batchShape(starts: readonly number[], urls: readonly string[], size: number) {
  const values = urls.map((u) => decodeURIComponent(/\/PhoneNumbers\/([^?]+)/.exec(u)?.[1] ?? u));
  const rank = new Map([...new Set(values)].sort().map((v, i) => [v, i] as const));
  const batches = new Map<number, { first: number; last: number; n: number }>();
  values.forEach((v, i) => {
    const k = Math.floor(rank.get(v)! / size);
    const b = batches.get(k);
    const t = starts[i]!;
    if (!b) batches.set(k, { first: t, last: t, n: 1 });
    else {
      b.first = Math.min(b.first, t);
      b.last = Math.max(b.last, t);
      b.n++;
    }
  });
  const list = [...batches.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
  let askMs = 0;
  let askN = 0;
  let gapMs = 0;
  list.forEach((b, i) => {
    askMs += b.last - b.first;
    askN += b.n - 1;
    if (i > 0) gapMs += b.first - list[i - 1]!.last;
  });
  const spanMs = starts.length > 1 ? Math.max(...starts) - Math.min(...starts) : 0;
  return {
    requests: starts.length,
    spanMs,
    batches: list.length,
    batchSize: size,
    paceInBatches: askMs > 0 ? askN / (askMs / 1000) : 0,
    askMsPerBatch: list.length ? askMs / list.length : 0,
    gapMsPerBatch: list.length > 1 ? gapMs / (list.length - 1) : 0,
    shareBetweenBatches: spanMs > 0 ? gapMs / spanMs : 0,
  };
}

/**
 * The runner's database time by step, with a proxy over its Db: a transaction right after the claim query is the
 * batch's hold, the next one its settle; top-level statements are the lease renewal, the claim, and the rest
 * (progress events, the completion check).
 */
function timedDb(db: Db) {
  const steps = new Map<string, number[]>();
  let last = "";
  const note = (label: string, ms: number) => {
    last = label;
    let list = steps.get(label);
    if (!list) steps.set(label, (list = []));
    list.push(ms);
  };
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "execute")
        return async (q: SQL) => {
          const text = dialect.sqlToQuery(q).sql.trimStart();
          const label = text.startsWith("UPDATE lookup_jobs SET lease_owner")
            ? "lease"
            : text.startsWith("SELECT i.value, i.lead_id")
              ? "claim"
              : "other";
          const t = performance.now();
          try {
            return await target.execute(q);
          } finally {
            note(label, performance.now() - t);
          }
        };
      if (prop === "transaction")
        return async (fn: Parameters<Db["transaction"]>[0], config?: Parameters<Db["transaction"]>[1]) => {
          const label = last === "claim" ? "hold" : last === "hold" ? "settle" : "other transaction";
          const t = performance.now();
          try {
            if (label !== "settle") return await target.transaction(fn, config);
            // The settle's statements, each timed under its first words.
            return await target.transaction(
              (tx) =>
                fn(
                  new Proxy(tx, {
                    get(txTarget, txProp, txReceiver) {
                      if (txProp === "execute")
                        return async (q: SQL) => {
                          const words = dialect.sqlToQuery(q).sql.replace(/\s+/g, " ").trim().slice(0, 60);
                          const t1 = performance.now();
                          try {
                            return await txTarget.execute(q);
                          } finally {
                            note(`settle: ${words}`, performance.now() - t1);
                            last = "hold";
                          }
                        };
                      const v = Reflect.get(txTarget, txProp, txReceiver);
                      return typeof v === "function" ? v.bind(txTarget) : v;
                    },
                  }),
                ),
              config,
            );
          } finally {
            note(label, performance.now() - t);
          }
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return {
    db: proxy,
    summary() {
      const out: Record<string, { n: number; totalMs: number; meanMs: number; first10Ms: number; last10Ms: number }> = {};
      for (const [label, ms] of steps) {
        const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
        out[label] = {
          n: ms.length,
          totalMs: Math.round(ms.reduce((a, b) => a + b, 0)),
          meanMs: mean(ms),
          first10Ms: mean(ms.slice(0, 10)),
          last10Ms: mean(ms.slice(-10)),
        };
      }
      return out;
    },
  };
}

/**
 * The most phones per second the runner settles when the pace is not what limits it: a second list holding the
 * first `items` leads, looked up again through a forcing gateway whose rate limit is set (in SQL, past the 1000/s
 * the API allows) to 100k/s, with the fake's limit off.
 */
async function unpacedCeiling(database: Database, s: SeededTeam, fake: RemoteFakeTwilio, gatewayId: number, items: number) {
  const teamId = s.ctx.teamId;
  const source = (await database.query<{ id: number }>("SELECT source_id AS id FROM lists WHERE id = $1", [s.listId])).rows[0]!.id;
  const list = (
    await database.query<{ id: number }>("INSERT INTO lists (team_id, source_id, name) VALUES ($1, $2, 'Ceiling') RETURNING id", [
      teamId,
      source,
    ])
  ).rows[0]!.id;
  await database.query(
    `INSERT INTO list_leads (team_id, list_id, lead_id)
     SELECT team_id, $2, id FROM leads WHERE team_id = $1 ORDER BY id LIMIT $3`,
    [teamId, list, items],
  );
  await database.query("UPDATE gateways SET rate_limit = 100000, is_force = true WHERE id = $1", [gatewayId]);
  await fake.setRateLimit(null);
  await fake.reset();
  const jobId = await startListLookup(database, s.ctx, list, LookupTypes.carrier, gatewayId);
  const t0 = performance.now();
  const outcome = await runLookupJob({ db: database.db, live: noLive, providerOptions: { baseUrls: fake.baseUrls } }, teamId, jobId);
  const ms = performance.now() - t0;
  const looked = (await readMoney(database, teamId, jobId)).states[1]!;
  return { items: looked, ms, perSecond: looked / (ms / 1000), outcome, fakeMaxPerSecond: (await fake.stats()).maxPerSecond };
}
