/**
 * S2's noisy team: pushes the public import API as fast as the server answers (closed loop: `concurrency` requests in
 * flight on each api process, the next sent when one is answered; a 429 waits its Retry-After, as the API's
 * documentation asks). Run as its own process:
 *   node --import tsx bench/src/fairness/push-client.ts '{"urls":[…],"apiKey":…,"concurrency":8,"durationSeconds":20}'
 * Prints one JSON line: the PushReport.
 */
import { Agent, request } from "node:http";
import { defaultPlan, requestBody } from "../import-api/load-plan";

export interface PushConfig {
  urls: string[];
  apiKey: string;
  concurrency: number;
  durationSeconds: number;
}

export interface PushReport {
  elapsedMs: number;
  /** Latency of each request answered 200. */
  latencies: number[];
  byStatus: Record<string, number>;
  leadsAccepted: number;
}

const config = JSON.parse(process.argv[2]!) as PushConfig;
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
const plan = { ...defaultPlan, rate: 1, durationSeconds: 1 };
const report: PushReport = { elapsedMs: 0, latencies: [], byStatus: {}, leadsAccepted: 0 };

function post(url: URL, body: string, idempotencyKey: string): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "idempotency-key": idempotencyKey },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers["retry-after"] ?? 1) }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, retryAfter: 1 }));
    req.end(body);
  });
}

const started = performance.now();
const endAt = started + config.durationSeconds * 1000;
let next = 0;
async function lane(url: URL): Promise<void> {
  while (performance.now() < endAt) {
    const k = next++;
    const { body } = requestBody(plan, k);
    const t = performance.now();
    const { status, retryAfter } = await post(url, body, `push-${process.pid}-${k}`);
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    if (status === 200) {
      report.latencies.push(performance.now() - t);
      report.leadsAccepted += defaultPlan.leadsPerRequest;
    } else if (status === 429) {
      await new Promise((r) => setTimeout(r, retryAfter * 1000));
    }
  }
}

const lanes = config.urls.flatMap((u) =>
  Array.from({ length: config.concurrency }, () => lane(new URL(`/api/import/lead?api_key=${encodeURIComponent(config.apiKey)}`, u))),
);
await Promise.all(lanes);
report.elapsedMs = performance.now() - started;
agent.destroy();
process.stdout.write(`${JSON.stringify(report)}\n`);
