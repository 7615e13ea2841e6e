/**
 * B14's provider, run as its own process so its timers never wait on the server's event loop (the app and its
 * embedded database share one thread):
 *   node --import tsx bench/src/sending/callback-storm-client.ts /path/to/storm.json
 * The file holds { url, rate, posts: [{ path, signature, body }] }. Open loop: post k is due at k / rate seconds
 * whatever happened to the earlier ones, and its acknowledgement time counts from that moment. Prints one JSON line:
 * for each post, when it left (epoch ms, shared with the parent's clock) and its status and acknowledgement time.
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { openLoop } from "../shared/open-loop";

export interface StormClientConfig {
  url: string;
  rate: number;
  posts: { path: string; signature: string; body: string }[];
}

export interface StormClientReport {
  elapsedMs: number;
  /** Per post, in the config's order. */
  sentAt: number[];
  ackMs: number[];
  status: number[];
  /** Posts that left more than 10 ms after they were due (the client's own health). */
  lateSends: number;
}

const TIMEOUT_MS = 30_000;
const config = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as StormClientConfig;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const epoch = () => performance.timeOrigin + performance.now();

function post(p: StormClientConfig["posts"][number], dueAt: number): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const req = request(
      new URL(p.path, config.url),
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(p.body),
          "x-twilio-signature": p.signature,
          "user-agent": "TwilioProxy/1.1",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - dueAt });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error("timeout")), TIMEOUT_MS);
    req.on("error", () => {
      clearTimeout(timer);
      resolve({ status: 0, ms: performance.now() - dueAt });
    });
    req.end(p.body);
  });
}

const n = config.posts.length;
const report: StormClientReport = { elapsedMs: 0, sentAt: new Array(n), ackMs: new Array(n), status: new Array(n), lateSends: 0 };
const run = await openLoop(n, config.rate, (i, dueAt) => {
  report.sentAt[i] = epoch();
  return post(config.posts[i]!, dueAt).then((a) => {
    report.ackMs[i] = a.ms;
    report.status[i] = a.status;
  });
});
report.elapsedMs = run.elapsedMs;
report.lateSends = run.lateSends;
agent.destroy();
process.stdout.write(`${JSON.stringify(report)}\n`);
