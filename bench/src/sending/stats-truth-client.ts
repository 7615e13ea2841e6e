/**
 * B16's browser and provider, in a process of their own (the app and its embedded database share the server's
 * thread, which must not delay this clock):
 *   node --import tsx bench/src/sending/stats-truth-client.ts /path/to/events.json
 * Opens the app's live channel as the browser's pusher-js does (Pusher protocol 7: connect, /api/broadcasting/auth
 * with the session's bearer token, subscribe to the user's private channel), then posts the provider's callbacks at
 * `rate` per second. Each post that finishes a message expects the campaign's finished figure (delivered + failed,
 * as CampaignProgress carries them) to reach `expect`; its latency runs from the post to the first progress event
 * showing it. Prints one JSON line: the StatsClientReport.
 */
import { readFileSync } from "node:fs";

export interface StatsClientConfig {
  url: string;
  liveKey: string;
  token: string;
  userId: number;
  campaignId: number;
  rate: number;
  /** A post that finishes a message carries the finished figure it must bring the campaign to; a repeat carries none. */
  posts: { path: string; signature: string; body: string; expect: number | null }[];
  /** How long after the last post to wait for the last figures. */
  settleMs: number;
}

export interface StatsClientReport {
  latencies: number[];
  /** When each post left, epoch ms (the browser's clock reads the same). */
  sentAt: number[];
  /** Posts whose figure never showed. */
  unseen: number;
  progressEvents: number;
  /** The last figures the channel showed. */
  last: Record<string, number> | null;
  notOk: number;
}

const config = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as StatsClientConfig;
const channel = `private-user.${config.userId}`;
const wsUrl = `${config.url.replace(/^http/, "ws")}/app/${config.liveKey}?protocol=7&client=js&version=8.4.0`;

/** Figures seen, in order: [time, finished]. */
const seen: [number, number][] = [];
let last: Record<string, number> | null = null;

const socket = new WebSocket(wsUrl);
await new Promise<void>((subscribed, failed) => {
  socket.addEventListener("error", () => failed(new Error(`live channel ${wsUrl} failed`)));
  socket.addEventListener("message", async (e) => {
    const now = performance.now();
    const msg = JSON.parse(String(e.data)) as { event: string; channel?: string; data: string };
    if (msg.event === "pusher:connection_established") {
      const { socket_id } = JSON.parse(msg.data) as { socket_id: string };
      const res = await fetch(new URL("/api/broadcasting/auth", config.url), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${config.token}` },
        body: JSON.stringify({ socket_id, channel_name: channel }),
      });
      if (!res.ok) return failed(new Error(`broadcasting auth answered ${res.status}: ${await res.text()}`));
      const auth = (await res.json()) as { auth: string; channel_data?: string };
      socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, ...auth } }));
    } else if (msg.event === "pusher_internal:subscription_succeeded") subscribed();
    else if (msg.event === "pusher:error") failed(new Error(`live channel: ${msg.data}`));
    else if (msg.event === "CampaignProgress") {
      const p = JSON.parse(msg.data) as Record<string, number>;
      if (p.id !== config.campaignId) return;
      last = p;
      seen.push([now, p.delivered! + p.failed!]);
    }
  });
});

let notOk = 0;
const sentAt: number[] = [];
const inFlight: Promise<void>[] = [];
const started = performance.now();
const interval = 1000 / config.rate;
for (let k = 0; k < config.posts.length; k++) {
  const wait = started + k * interval - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const p = config.posts[k]!;
  sentAt[k] = performance.now();
  inFlight.push(
    fetch(new URL(p.path, config.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": p.signature },
      body: p.body,
    }).then(async (res) => {
      await res.arrayBuffer();
      if (!res.ok) notOk++;
    }),
  );
}
await Promise.all(inFlight);
const want = Math.max(...config.posts.map((p) => p.expect ?? 0));
const deadline = performance.now() + config.settleMs;
while ((seen.at(-1)?.[1] ?? 0) < want && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
socket.close();

const latencies: number[] = [];
let unseen = 0;
config.posts.forEach((p, k) => {
  if (p.expect === null) return;
  const shown = seen.find(([at, finished]) => at >= sentAt[k]! && finished >= p.expect!);
  if (shown) latencies.push(shown[0] - sentAt[k]!);
  else unseen++;
});
const sentAtEpoch = sentAt.map((t) => performance.timeOrigin + t);
const report: StatsClientReport = { latencies, sentAt: sentAtEpoch, unseen, progressEvents: seen.length, last, notOk };
process.stdout.write(`${JSON.stringify(report)}\n`);
