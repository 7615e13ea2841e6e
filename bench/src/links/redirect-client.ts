/**
 * B10's load client, run as its own process so its timers never wait on a server's event loop:
 *   node --import tsx bench/src/links/redirect-client.ts /path/to/config.json
 * Requests `/{code}` with a phone browser's user agent, codes from the seeded mix (redirect-mix.ts), over keep-alive
 * connections, phase after phase:
 *   closed — `connections` loops, each sending its next request when the last is answered, for `ms` (the most the
 *            server answers: req/s); latency from send to answer;
 *   open   — `rate` requests a second whatever became of the earlier ones (shared/open-loop.ts), for `ms`; latency
 *            from when each was due;
 *   pause  — nothing for `ms` (the app's buffer writes what the last phase left before latency is measured).
 * A phase with `termAfterMs` sends SIGTERM to `termPid` that long after it starts and keeps the load on: each loop
 * stops at its first answer that is not a redirect. Prints one JSON line: the RedirectClientReport.
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { openLoop } from "../shared/open-loop";
import { requestMix } from "./redirect-mix";

export interface RedirectPhase {
  name: string;
  kind: "closed" | "open" | "pause";
  ms: number;
  rate?: number;
  termAfterMs?: number;
}

export interface RedirectClientConfig {
  url: string;
  codes: string[];
  connections: number;
  phases: RedirectPhase[];
  termPid?: number;
}

export interface PhaseReport {
  name: string;
  /** Epoch ms of the phase's start and end (the parent's clock too). */
  startedAt: number;
  endedAt: number;
  /** 302 answers received from the client's start to this phase's end. */
  redirectsSoFar: number;
  requests: number;
  /** Answers 302 a second over the phase. */
  redirectsPerSecond: number;
  elapsedMs: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  byStatus: Record<string, number>;
  /** CPU the client itself used, as a share of one core (near 100%: the client, not the server, was the limit). */
  clientCpu: number;
  lateSends: number;
}

export interface RedirectClientReport {
  phases: PhaseReport[];
  /** 302 answers over every phase: each is a click the server must store. */
  redirects: number;
  /** Epoch ms at which SIGTERM was sent. */
  termAt: number | null;
}

const TIMEOUT_MS = 10_000;
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const config = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as RedirectClientConfig;
const target = new URL(config.url);
const agent = new Agent({ keepAlive: true, maxSockets: config.connections });
const next = requestMix(config.codes);

function get(path: string, from: number): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        agent,
        headers: { host: target.host, "user-agent": IPHONE, accept: "text/html" },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - from });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error("timeout")), TIMEOUT_MS);
    req.on("error", () => {
      clearTimeout(timer);
      resolve({ status: 0, ms: performance.now() - from });
    });
    req.end();
  });
}

let redirects = 0;
let termAt: number | null = null;

async function runPhase(p: RedirectPhase): Promise<PhaseReport> {
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  let termSent = false;
  const note = (a: { status: number; ms: number }) => {
    latencies.push(a.ms);
    byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    if (a.status === 302) redirects++;
  };
  const term =
    p.termAfterMs !== undefined && config.termPid
      ? setTimeout(() => {
          termAt = performance.timeOrigin + performance.now();
          termSent = true;
          process.kill(config.termPid!, "SIGTERM");
        }, p.termAfterMs)
      : null;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const startedAt = performance.timeOrigin + started;
  let lateSends = 0;
  if (p.kind === "pause") await new Promise((r) => setTimeout(r, p.ms));
  else if (p.kind === "closed") {
    const end = started + p.ms;
    const loop = async () => {
      while (performance.now() < end) {
        const a = await get(`/${next()}`, performance.now());
        note(a);
        if (termSent && a.status !== 302) return;
      }
    };
    await Promise.all(Array.from({ length: config.connections }, loop));
  } else {
    const rate = p.rate!;
    const run = await openLoop(Math.round((rate * p.ms) / 1000), rate, (_k, dueAt) => get(`/${next()}`, dueAt).then(note));
    lateSends = run.lateSends;
  }
  if (term) clearTimeout(term);
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const sorted = latencies.sort((a, b) => a - b);
  const q = (x: number) => sorted[Math.min(sorted.length - 1, Math.floor(x * sorted.length))] ?? 0;
  return {
    name: p.name,
    startedAt,
    endedAt: startedAt + elapsedMs,
    redirectsSoFar: redirects,
    requests: latencies.length,
    redirectsPerSecond: (byStatus[302] ?? 0) / (elapsedMs / 1000),
    elapsedMs,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    max: sorted.at(-1) ?? 0,
    byStatus,
    clientCpu: (used.user + used.system) / 1000 / elapsedMs,
    lateSends,
  };
}

const phases: PhaseReport[] = [];
for (const p of config.phases) phases.push(await runPhase(p));
agent.destroy();
const report: RedirectClientReport = { phases, redirects, termAt };
process.stdout.write(`${JSON.stringify(report)}\n`);
