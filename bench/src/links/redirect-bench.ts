import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, record } from "../report";
import { runClientProcess } from "../shared/client-process";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import type { PhaseReport, RedirectClientConfig, RedirectClientReport, RedirectPhase } from "./redirect-client";
import { HOT_SHARE, ZIPF_S } from "./redirect-mix";
import { type SeededLinks, seedLinks } from "./redirect-seed";
import { storedHits, watchStored, writeCounters } from "./redirect-writes";
import { type ServerProcess, startAppServer, startBaselineServer } from "./server-processes";

/*
 * B10: the short-link redirect under load. `--rows` links (default 100k) of a sent campaign; requests `/{code}` on the
 * app's host with a phone browser's user agent, one hot link taking 20% and the rest Zipf-popular, from a client
 * process. Three processes: the client, and in turn the baseline (a bare Fastify route answering 302) and the real
 * app server (the CLI's `api` role on PostgreSQL, per-address link limit raised: all load comes from 127.0.0.1). Each
 * gets the same phases and the same sequence of codes:
 *   warm-up   closed loop, not reported (JIT, the app's geo databases opening, the link cache filling);
 *   req/s     closed loop, CONNECTIONS keep-alive connections: the most each answers — ours ÷ baseline;
 *   settle    a pause, so the app's buffer has written what the closed loop left;
 *   latency   open loop at LATENCY_RATE: p50 / p99 from when each request was due;
 *   SIGTERM   (the app only) closed loop again, SIGTERM sent half-way: the product's drain runs under full load.
 * Then, the app stopped: every 302 the client received against the hits stored (clicks lost), and the write
 * transactions of the window against the buffer's flushes (redirect-writes.ts says how they are counted).
 */

const CONNECTIONS = 32;
const WARM_MS = 3_000;
const THROUGHPUT_MS = 10_000;
const LATENCY_MS = 10_000;
const LATENCY_RATE = 1_000;
/** A pause before the latency phase: the backlog the closed loop left is written first (it took ~3 s here). */
const SETTLE_MS = 8_000;
const TERM_MS = 4_000;
const GOALS = { ratio: 0.5, p99Ms: 20 };

interface RunFigures {
  ours: PhaseReport;
  baseline: PhaseReport;
  oursLatency: PhaseReport;
  baselineLatency: PhaseReport;
  term: PhaseReport;
  /** Hits stored a second during the req/s phase (the flushes' pace), and hits answered but not yet stored at its end. */
  storedPerSecond: number;
  backlogAfterThroughput: number;
  /** The lesser of answered and stored a second: what the app sustains (a growing backlog is not throughput). */
  sustainedPerSecond: number;
  /** sustained ÷ the baseline's req/s. */
  ratio: number;
  /** Answered but not yet stored when SIGTERM was sent (what the drain had to write). */
  backlogAtTerm: number | null;
  /** 302s the client received from the app, over every phase; hits stored; of those counted clicks. */
  answered: number;
  stored: number;
  counted: number;
  lost: number;
  flushes: number;
  /** The buffer's second stage: one transaction a batch of counted clicks' effects. */
  effectBatches: number;
  /** Transactions that took an xid anywhere in the cluster over the window; and commits of our database. */
  writeTransactions: number;
  commits: number;
  /** Read transactions of the app: commits less the flushes and the watch's polls — mostly the link cache's misses. */
  appReads: number;
  /** (write transactions − flushes − effect batches) ÷ clicks: an upper bound of the writes made while answering. */
  syncWritesPerClick: number;
  exit: string;
  drainMs: number | null;
}

export async function redirectBench(options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "B10 skipped: the app server runs as a process of its own sharing the database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  await withFreshDatabase(async (database) => {
    const url = database.pool!.options.connectionString!;
    const seeded = await seedLinks(database, options.rows);
    const dir = mkdtempSync(join(tmpdir(), "leadflow-b10-"));
    try {
      const runs: RunFigures[] = [];
      for (let i = 0; i < options.runs; i++) {
        const f = await oneRun(database, url, seeded, dir);
        console.log(
          `  B10 run ${i + 1}: answered ${Math.round(f.ours.redirectsPerSecond)}/s, stored ${Math.round(f.storedPerSecond)}/s (backlog ${f.backlogAfterThroughput}, ${f.backlogAtTerm} at SIGTERM, drained in ${Math.round(f.drainMs ?? 0)} ms) vs ${Math.round(f.baseline.redirectsPerSecond)} req/s (${f.ratio.toFixed(2)}), ` +
            `p99 ${f.oursLatency.p99.toFixed(1)} ms at ${LATENCY_RATE}/s, ${f.lost} lost of ${f.answered}, ${f.flushes} flushes + ${f.effectBatches} effect batches / ${f.writeTransactions} write transactions`,
        );
        runs.push(f);
      }
      report(options, runs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

async function oneRun(database: Database, url: string, seeded: SeededLinks, dir: string): Promise<RunFigures> {
  const phases = (term: boolean): RedirectPhase[] => [
    { name: "warm", kind: "closed", ms: WARM_MS },
    { name: "throughput", kind: "closed", ms: THROUGHPUT_MS },
    { name: "settle", kind: "pause", ms: SETTLE_MS },
    { name: "latency", kind: "open", ms: LATENCY_MS, rate: LATENCY_RATE },
    ...(term ? [{ name: "sigterm", kind: "closed" as const, ms: TERM_MS, termAfterMs: TERM_MS / 2 }] : []),
  ];
  const drive = (server: ServerProcess, term: boolean, name: string) => {
    const file = join(dir, `${name}.json`);
    const config: RedirectClientConfig = {
      url: server.url,
      codes: seeded.codes,
      connections: CONNECTIONS,
      phases: phases(term),
      ...(term ? { termPid: server.pid } : {}),
    };
    writeFileSync(file, JSON.stringify(config));
    return runClientProcess<RedirectClientReport>(join(import.meta.dirname, "redirect-client.ts"), file, `B10 ${name} client`);
  };

  const baseServer = await startBaselineServer();
  let base: RedirectClientReport;
  try {
    base = await drive(baseServer, false, "baseline");
  } finally {
    await baseServer.stop();
  }

  const app = await startAppServer(url, 1_000_000_000);
  let ours: RedirectClientReport;
  const exitedAt = app.exited.then(() => Date.now());
  const before = await writeCounters(database);
  const watch = watchStored(database, before);
  try {
    ours = await drive(app, true, "app");
  } catch (e) {
    await app.stop();
    await watch.stop();
    throw e;
  }
  const exit = await Promise.race([app.exited, new Promise<null>((r) => setTimeout(() => r(null), 60_000))]);
  if (!exit) {
    await app.stop();
    throw new Error("B10: the app server had not exited 60 s after SIGTERM");
  }
  // Backends report their statistics as they exit; give them a moment.
  await new Promise((r) => setTimeout(r, 1_000));
  await watch.stop();
  const after = await writeCounters(database);
  const hits = await storedHits(database, seeded.teamId, seeded.campaignId, before);
  const phase = (r: RedirectClientReport, name: string) => r.phases.find((p) => p.name === name)!;
  const writeTransactions = after.nextXid - before.nextXid;
  const thr = phase(ours, "throughput");
  const storedPerSecond = (watch.storedAt(thr.endedAt) - watch.storedAt(thr.startedAt)) / (thr.elapsedMs / 1000);
  const sustainedPerSecond = Math.min(thr.redirectsPerSecond, storedPerSecond);
  const term = phase(ours, "sigterm");
  return {
    ours: phase(ours, "throughput"),
    baseline: phase(base, "throughput"),
    oursLatency: phase(ours, "latency"),
    baselineLatency: phase(base, "latency"),
    term,
    storedPerSecond,
    backlogAfterThroughput: thr.redirectsSoFar - watch.storedAt(thr.endedAt),
    sustainedPerSecond,
    ratio: sustainedPerSecond / phase(base, "throughput").redirectsPerSecond,
    backlogAtTerm: ours.termAt === null ? null : term.redirectsSoFar - watch.storedAt(ours.termAt),
    answered: ours.redirects,
    stored: hits.stored,
    counted: hits.counted,
    lost: ours.redirects - hits.stored,
    flushes: hits.flushes,
    effectBatches: hits.effectBatches,
    writeTransactions,
    commits: after.commits - before.commits,
    appReads: after.commits - before.commits - hits.flushes - hits.effectBatches - watch.polls(),
    syncWritesPerClick: Math.max(0, writeTransactions - hits.flushes - hits.effectBatches) / Math.max(1, ours.redirects),
    exit: exit.signal ?? String(exit.code),
    drainMs: ours.termAt === null ? null : (await exitedAt) - ours.termAt,
  };
}

function report(options: BenchOptions, runs: RunFigures[]): void {
  const m = (f: (r: RunFigures) => number) => median(runs.map(f));
  const ratio = m((r) => r.ratio);
  const p99 = m((r) => r.oursLatency.p99);
  const lost = Math.max(...runs.map((r) => r.lost));
  const perClick = Math.max(...runs.map((r) => r.syncWritesPerClick));
  const last = runs.at(-1)!;
  const rps = (v: number) => `${Math.round(v).toLocaleString("en")} req/s`;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const problems = [
    ratio < GOALS.ratio ? `≥ ${GOALS.ratio * 100}% of baseline req/s` : null,
    p99 >= GOALS.p99Ms ? `p99 < ${GOALS.p99Ms} ms` : null,
    // A write per click would take an xid per click: anything well under one a click is the buffer's flushes.
    perClick >= 0.01 ? "0 synchronous DB writes per click" : null,
    lost !== 0 ? "0 clicks lost on SIGTERM" : null,
    runs.some((r) => r.counted !== r.stored) ? "every browser click counted" : null,
  ].filter(Boolean);
  const n = options.rows;
  record({
    id: "B10",
    size: `${sizeLabel(n)} links`,
    what:
      `Short-link redirect with click logging: ${n.toLocaleString("en")} links of a sent campaign, requests \`/{code}\` on the app host with an iPhone Safari user agent, ` +
      `one hot link ${HOT_SHARE * 100}% of requests and the rest Zipf (s = ${ZIPF_S}); the real app server (CLI \`api\` role, its own process: short links answered by its plain Node handler ahead of Fastify, hits by the two-stage buffer) and a client process; ` +
      `req/s from a ${THROUGHPUT_MS / 1000} s closed loop (ours: the lesser of answered and stored a second) over ${CONNECTIONS} keep-alive connections after a ${WARM_MS / 1000} s warm-up, latency from a ${LATENCY_MS / 1000} s open loop (after an ${SETTLE_MS / 1000} s pause) at ${LATENCY_RATE}/s, ` +
      `then ${TERM_MS / 1000} s of closed-loop load with SIGTERM half-way; writes counted as transactions that took an xid (cluster-wide) against the buffer's flushes (distinct xmin of the stored hits, and of the clicks' timeline entries for its effect batches)`,
    backend: backendName(),
    ours:
      `${rps(m((r) => r.sustainedPerSecond))} sustained: answered ${rps(m((r) => r.ours.redirectsPerSecond))} (closed-loop p50 ${ms(m((r) => r.ours.p50))}, p99 ${ms(m((r) => r.ours.p99))}), ` +
      `stored ${m((r) => r.storedPerSecond).toFixed(0)} clicks/s (${last.backlogAfterThroughput.toLocaleString("en")} answered but not yet stored at the end); ` +
      `at ${LATENCY_RATE}/s p50 ${ms(m((r) => r.oursLatency.p50))}, p99 ${ms(p99)}; ` +
      `${last.writeTransactions} write transactions (cluster-wide) for ${last.answered.toLocaleString("en")} clicks, ${last.flushes + last.effectBatches} of them the buffer's (${last.flushes} hit inserts, ${last.effectBatches} effect batches): ` +
      `${Math.max(0, last.writeTransactions - last.flushes - last.effectBatches)} others (≤ ${perClick.toFixed(4)} synchronous writes a click); ${last.appReads.toLocaleString("en")} link reads (cache misses); ` +
      `SIGTERM under load (${(last.backlogAtTerm ?? 0).toLocaleString("en")} clicks buffered): ${last.answered.toLocaleString("en")} redirects answered, ${last.stored.toLocaleString("en")} hits stored, ${lost} lost (drained and exited ${last.exit} in ${((last.drainMs ?? 0) / 1000).toFixed(1)} s)`,
    baseline:
      `${rps(m((r) => r.baseline.redirectsPerSecond))} (closed-loop p99 ${ms(m((r) => r.baseline.p99))}); ` +
      `at ${LATENCY_RATE}/s p50 ${ms(m((r) => r.baselineLatency.p50))}, p99 ${ms(m((r) => r.baselineLatency.p99))}`,
    ratio: `${ratio.toFixed(2)}${problems.length ? `; misses: ${problems.join(", ")}` : "; meets the goal"}`,
    goal: "≥ 50% of baseline req/s; p99 < 20 ms; 0 synchronous DB writes per click; 0 clicks lost on SIGTERM",
    command: benchCommand("B10", [...(n === 100_000 ? [] : ["--rows", sizeLabel(n)]), "--runs", options.runs]),
    figures: { runs, connections: CONNECTIONS, latencyRate: LATENCY_RATE, hotShare: HOT_SHARE, zipfS: ZIPF_S },
  });
}
