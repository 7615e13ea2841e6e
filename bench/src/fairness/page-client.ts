/**
 * S2's other team: a person's pages, timed. Run as its own process so its timers never wait on anyone's load:
 *   node --import tsx bench/src/fairness/page-client.ts '{"urls":[…],"token":…,"pages":{…},"rate":10,"durationSeconds":20}'
 * Open loop: call k is due at k / rate seconds and goes to page k mod P on api process k mod N; its latency counts
 * from when it was due. Prints one JSON line: the PageReport. With `stopFile`, it stops early once that file exists
 * (calls not yet due are not sent; those in flight are awaited and counted).
 */
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
import { openLoop } from "../shared/open-loop";

export interface PageConfig {
  urls: string[];
  token: string;
  /** Page name → path with its query, e.g. { sources: "/api/sources?page=1&limit=50" }. */
  pages: Record<string, string>;
  rate: number;
  durationSeconds: number;
  /** Stop before `durationSeconds` once this file exists (S2's file import: when the import is done). */
  stopFile?: string;
}

export interface PageReport {
  /** Page name → latency of each call (ms), and the answers that were not 200. */
  latencies: Record<string, number[]>;
  errors: Record<string, number>;
  lateSends: number;
}

const config = JSON.parse(process.argv[2]!) as PageConfig;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const names = Object.keys(config.pages);
const report: PageReport = { latencies: Object.fromEntries(names.map((n) => [n, []])), errors: {}, lateSends: 0 };

function get(url: URL): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${config.token}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
    req.end();
  });
}

let stopped = false;
const inFlight = new Set<Promise<void>>();
const finish = async (lateSends: number) => {
  await Promise.all(inFlight);
  report.lateSends = lateSends;
  agent.destroy();
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
};
const stopFile = config.stopFile;
if (stopFile) {
  const poll = setInterval(() => {
    if (stopped || !existsSync(stopFile)) return;
    stopped = true;
    clearInterval(poll);
    void finish(lateSends);
  }, 100);
}

let lateSends = 0;
const count = Math.round(config.rate * config.durationSeconds);
const run = await openLoop(count, config.rate, (k, dueAt) => {
  if (stopped) return Promise.resolve();
  const name = names[k % names.length]!;
  const base = config.urls[Math.floor(k / names.length) % config.urls.length]!;
  if (performance.now() - dueAt > 10) lateSends++;
  const call = get(new URL(config.pages[name]!, base)).then((status) => {
    report.latencies[name]!.push(performance.now() - dueAt);
    if (status !== 200) report.errors[`${name} ${status}`] = (report.errors[`${name} ${status}`] ?? 0) + 1;
  });
  inFlight.add(call);
  return call.finally(() => inFlight.delete(call));
});
if (!stopped) {
  stopped = true;
  await finish(run.lateSends);
}
