/**
 * The B4 load generator, run as its own process so its timers never wait on the server's event loop:
 *   node --import tsx bench/src/import-api/load-client.ts '{"url":…,"apiKey":…,"rate":200,"durationSeconds":60,…}'
 * Open loop: request k is due at k / rate seconds whatever happened to the earlier ones, and its latency counts
 * from that moment (a slow server makes requests late, and that lateness is latency, not a pause in the load).
 * Prints one JSON line: the LoadReport.
 */
import { Agent, request } from "node:http";
import { openLoop } from "../shared/open-loop";
import { isRetried, type LoadPlan, requestBody } from "./load-plan";

export interface LoadConfig extends LoadPlan {
  url: string;
  /** Several api processes (S2): request k goes to urls[k mod n]; a retry to the next one, as a balancer might. */
  urls?: string[];
  apiKey: string;
}

export interface LoadReport {
  scheduled: number;
  elapsedMs: number;
  /** Latency of each first attempt, from when it was due; and of the retries. */
  latencies: number[];
  retryLatencies: number[];
  byStatus: Record<string, number>;
  /** Distinct people in first attempts answered 200, and in all requests sent. */
  peopleConfirmed: number;
  peopleSent: number;
  /** Leads answered "created" by first attempts (each person must be created once). */
  created: number;
  /** Leads received by first attempts answered 200 (the API's import record must count exactly these). */
  leadsAccepted: number;
  /** Retry pairs: sent, both attempts answered 200, of those one a replay of the other, and with the same leads. */
  retries: { sent: number; answered: number; replayed: number; sameAnswer: number; problems: string[] };
  /** Requests that left more than 10 ms after they were due (the client's own health). */
  lateSends: number;
  /**
   * Connections the client opened (a request finding no idle one opens another), the longest wait for one to
   * connect, and the p95 latency of requests that opened one against those that reused one.
   */
  connections: { opened: number; connectMaxMs: number; p95OnNew: number; p95OnReused: number };
}

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
  ms: number;
  /** The request opened its connection (ms it took to connect), or reused an idle one (null). */
  connectMs: number | null;
}

const config = JSON.parse(process.argv[2]!) as LoadConfig;
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
const targets = (config.urls ?? [config.url]).map((u) => new URL(`/api/import/lead?api_key=${encodeURIComponent(config.apiKey)}`, u));

/** A request not answered this long after it was due is abandoned (sent or still waiting for a socket). */
const TIMEOUT_MS = 30_000;

function send(target: URL, body: string, idempotencyKey: string, dueAt: number): Promise<Answer> {
  return new Promise((resolve) => {
    let connectMs: number | null = null;
    const req = request(
      target,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "idempotency-key": idempotencyKey },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            replayed: res.headers["idempotent-replayed"] === "true",
            ms: performance.now() - dueAt,
            connectMs,
          });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error("timeout")), Math.max(0, dueAt + TIMEOUT_MS - performance.now()));
    req.on("socket", (socket) => {
      if (!socket.connecting) return;
      const asked = performance.now();
      socket.once("connect", () => {
        connectMs = performance.now() - asked;
      });
    });
    req.on("error", (e) => {
      clearTimeout(timer);
      resolve({ status: 0, body: e.message, replayed: false, ms: performance.now() - dueAt, connectMs });
    });
    req.end(body);
  });
}

const report: LoadReport = {
  scheduled: Math.round(config.rate * config.durationSeconds),
  elapsedMs: 0,
  latencies: [],
  retryLatencies: [],
  byStatus: {},
  peopleConfirmed: 0,
  peopleSent: 0,
  created: 0,
  leadsAccepted: 0,
  retries: { sent: 0, answered: 0, replayed: 0, sameAnswer: 0, problems: [] },
  lateSends: 0,
  connections: { opened: 0, connectMaxMs: 0, p95OnNew: 0, p95OnReused: 0 },
};
const onNew: number[] = [];
const onReused: number[] = [];
const confirmed = new Set<number>();
const sentPeople = new Set<number>();
const leadIds = (body: string) => JSON.stringify((JSON.parse(body) as { data: { leads: unknown[] } }).data.leads);
const count = (a: Answer) => {
  const key = a.status === 0 ? `error: ${a.body}` : String(a.status);
  report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
};

async function fire(k: number, dueAt: number): Promise<void> {
  const { body, people } = requestBody(config, k);
  for (const p of people) sentPeople.add(p);
  const key = `bench-${process.pid}-${k}`;
  const first = send(targets[k % targets.length]!, body, key, dueAt);
  // A retry leaves 0–200 ms after the first attempt: often while it still runs, sometimes after its answer.
  const retry = isRetried(config, k)
    ? new Promise<void>((r) => setTimeout(r, (k * 37) % 200)).then(() =>
        send(targets[(k + 1) % targets.length]!, body, key, performance.now()),
      )
    : null;
  const a = await first;
  count(a);
  report.latencies.push(a.ms);
  if (a.connectMs === null) onReused.push(a.ms);
  else {
    onNew.push(a.ms);
    report.connections.connectMaxMs = Math.max(report.connections.connectMaxMs, a.connectMs);
  }
  if (a.status === 200) {
    for (const p of people) confirmed.add(p);
    const data = (JSON.parse(a.body) as { data: { created: number; received: number } }).data;
    report.created += data.created;
    report.leadsAccepted += data.received;
  }
  if (!retry) return;
  const b = await retry;
  count(b);
  report.retryLatencies.push(b.ms);
  const r = report.retries;
  r.sent++;
  if (a.status !== 200 || b.status !== 200) return;
  r.answered++;
  // Either attempt may be the one that ran: the other must be its replay, with the same leads.
  if (a.replayed !== b.replayed) r.replayed++;
  if (leadIds(a.body) === leadIds(b.body)) r.sameAnswer++;
  else if (r.problems.length < 10) r.problems.push(`request ${k}: the retry answered other leads`);
}

const run = await openLoop(report.scheduled, config.rate, fire);
report.elapsedMs = run.elapsedMs;
report.lateSends = run.lateSends;
report.peopleConfirmed = confirmed.size;
report.peopleSent = sentPeople.size;
const p95 = (xs: number[]) => (xs.length ? xs.sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]! : 0);
report.connections = { ...report.connections, opened: onNew.length, p95OnNew: p95(onNew), p95OnReused: p95(onReused) };
agent.destroy();
process.stdout.write(`${JSON.stringify(report)}\n`);
