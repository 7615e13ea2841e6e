import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "@leadflow/domain/accounts/passwords";
import { issueToken } from "@leadflow/domain/accounts/tokens.service";
import { type BenchOptions, benchCommand } from "../options";
import { percentile, record } from "../report";
import { runClientProcess } from "../shared/client-process";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { startSendingServer } from "./callback-storm-server";
import { sentCampaign } from "./callback-storm-setup";
import { PUBLIC_URL } from "./dispatch-setup";
import { recountCampaign } from "./recount";
import { type OpenPage, openCampaignsList } from "./stats-truth-browser";
import type { StatsClientConfig, StatsClientReport } from "./stats-truth-client";

/*
 * B16: campaign statistics, fresh and true. A dispatched campaign's messages get their final callbacks one after
 * another (90% delivered, 10% failed, a fifth of them posted twice) over HTTP to the app's hooks route, while a
 * headless Chromium has the campaigns list open (stats-truth-browser.ts) and a client process holds the live channel
 * as pusher-js does (stats-truth-client.ts); each callback's freshness is the time from its post to the first change
 * of the page's figure showing it (and to the first CampaignProgress showing it). Then the counters must equal a
 * recount of the ledger, and the last figures the page and the channel showed must equal the counters.
 */

const SEND_RATE = 200;
/** Final callbacks posted, and how many a second (each one a change the open page must show). */
const EVENTS = 200;
const EVENT_RATE = 10;
const FAILED_SHARE = 0.1;
const REPEATED_SHARE = 0.2;
const SETTLE_MS = 10_000;
const GOAL_P95_MS = 2000;
const PASSWORD = "Bench#2026";

export async function statsTruthBench(options: BenchOptions): Promise<void> {
  await withFreshDatabase(async (database) => {
    const sent = await sentCampaign(database, Math.max(EVENTS, Math.round(options.rows / 100)), SEND_RATE);
    const server = await startSendingServer(database, PUBLIC_URL, { web: true });
    const dir = mkdtempSync(join(tmpdir(), "leadflow-stats-"));
    let page: OpenPage | undefined;
    try {
      const email = (
        await database.query<{ email: string }>("UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING email", [
          sent.ctx.userId,
          await hashPassword(PASSWORD),
        ])
      ).rows[0]!.email;
      const name = (await database.query<{ name: string }>("SELECT name FROM campaigns WHERE id = $1", [sent.campaignId])).rows[0]!.name;
      page = await openCampaignsList(server.url, email, PASSWORD, name);
      const { access_token } = await issueToken(database.db, { id: sent.ctx.userId, team_id: sent.ctx.teamId }, 3600);
      const posts: StatsClientConfig["posts"] = [];
      sent.messages.slice(0, EVENTS).forEach((m, k) => {
        // Every tenth fails, every fifth is posted twice: the same spread on every run.
        const status = k % Math.round(1 / FAILED_SHARE) === 3 ? "failed" : "delivered";
        const req = sent.fake.callback(m.statusUrl, {
          AccountSid: sent.fake.accountSid,
          MessageSid: m.sid,
          SmsSid: m.sid,
          MessageStatus: status,
          SmsStatus: status,
          From: m.from,
          To: m.to,
          ApiVersion: "2010-04-01",
        });
        const url = new URL(m.statusUrl);
        const post = { path: `${url.pathname}${url.search}`, signature: String(req.headers["x-twilio-signature"]), body: req.rawBody };
        posts.push({ ...post, expect: k + 1 });
        if (k % Math.round(1 / REPEATED_SHARE) === 1) posts.push({ ...post, expect: null });
      });
      const config: StatsClientConfig = {
        url: server.url,
        liveKey: server.liveKey,
        token: access_token,
        userId: sent.ctx.userId,
        campaignId: sent.campaignId,
        rate: EVENT_RATE,
        posts,
        settleMs: SETTLE_MS,
      };
      const file = join(dir, "events.json");
      writeFileSync(file, JSON.stringify(config));
      console.log(`  B16: ${posts.length} callbacks at ${EVENT_RATE}/s, live channel open, against ${server.url}`);
      const client = await runClientProcess<StatsClientReport>(join(import.meta.dirname, "stats-truth-client.ts"), file, "B16 client");
      const figures = await page.figures();
      const browser = browserLatencies(posts, client.sentAt, figures);
      // The worker's last run and its trailing progress event are over once the client saw the last figure.
      const truth = await recountCampaign(database, sent.campaignId);
      const shown = client.last;
      const shownDiffers = ["sent", "delivered", "failed", "cost"].filter((f) => {
        const counted = f === "failed" ? truth.counted.errors : truth.counted[f as "sent" | "delivered" | "cost"];
        return !shown || Math.abs(shown[f]! - counted) > 1e-6;
      });
      const pct = (list: number[], p: number) => (list.length ? percentile(list, p) : null);
      const f = {
        events: EVENTS,
        posts: posts.length,
        rate: EVENT_RATE,
        browser: { p50: pct(browser.latencies, 50), p95: pct(browser.latencies, 95), max: pct(browser.latencies, 100), ...browser },
        socket: {
          p50: pct(client.latencies, 50),
          p95: pct(client.latencies, 95),
          unseen: client.unseen,
          progressEvents: client.progressEvents,
        },
        notOk: client.notOk,
        shown,
        counted: truth.counted,
        recounted: truth.recounted,
        mismatches: truth.mismatches,
        shownDiffers,
      };
      const pageDiffers = browser.last !== truth.counted.delivered + truth.counted.errors;
      const problems = [
        f.browser.p95 === null || f.browser.p95 >= GOAL_P95_MS || browser.unseen > 0
          ? `event → open browser p95 < ${GOAL_P95_MS / 1000} s`
          : null,
        truth.mismatches.length ? "counters = recount" : null,
        shownDiffers.length || pageDiffers ? "the page's last figures = the counters" : null,
        f.notOk ? "every callback acknowledged 200" : null,
      ].filter(Boolean);
      const ms = (v: number | null) => (v === null ? "—" : `${Math.round(v)} ms`);
      record({
        id: "B16",
        what:
          `Campaign statistics freshness and truth: ${EVENTS} final callbacks (${Math.round(FAILED_SHARE * 100)}% failed, ${Math.round(REPEATED_SHARE * 100)}% posted twice) at ${EVENT_RATE}/s ` +
          `over HTTP to the hooks route of a ${sent.messages.length.toLocaleString("en")}-SMS campaign, applied by the apply-events job worker; timed from each post to the first change of ` +
          `Delivered + Error on the campaigns list open in headless Chromium (MutationObserver, the browser's clock), and to the first CampaignProgress on the live channel held by a ` +
          `Pusher-protocol client process (as pusher-js: broadcasting auth, private user channel)`,
        backend: backendName(),
        ours:
          `event → open browser p50 ${ms(f.browser.p50)}, p95 ${ms(f.browser.p95)} (max ${ms(f.browser.max)}${browser.unseen ? `, ${browser.unseen} never shown` : ""}; ${browser.changes} page changes); ` +
          `event → live event p50 ${ms(f.socket.p50)}, p95 ${ms(f.socket.p95)}${client.unseen ? ` (${client.unseen} never shown)` : ""}; ` +
          `counters ${truth.mismatches.length ? `differ from the recount: ${truth.mismatches.slice(0, 3).join("; ")}` : "equal the recount"} ` +
          `(sent ${truth.counted.sent}, delivered ${truth.counted.delivered}, failed ${truth.counted.failed}, cost ${truth.counted.cost.toFixed(4)}); ` +
          `the page's last figure (${browser.last}) and the channel's ${pageDiffers || shownDiffers.length ? `differ from the counters ${shownDiffers.join(", ")}` : "equal the counters"}`,
        baseline: "a recount of the ledger",
        ratio: problems.length ? `misses: ${problems.join(", ")}` : "meets the goal",
        goal: "event → open browser p95 < 2 s; counters equal the recount exactly after every fault run",
        command: benchCommand("B16", []),
        figures: f,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await page?.close();
      await server.close();
      await sent.fake.close();
    }
  });
}

/** From each finishing post to the first change of the page's figure that shows it; and the posts never shown. */
function browserLatencies(posts: StatsClientConfig["posts"], sentAt: number[], figures: [number, number][]) {
  const latencies: number[] = [];
  let unseen = 0;
  posts.forEach((p, k) => {
    if (p.expect === null) return;
    const shown = figures.find(([at, value]) => at >= sentAt[k]! && value >= p.expect!);
    if (shown) latencies.push(shown[0] - sentAt[k]!);
    else unseen++;
  });
  return { latencies, unseen, last: figures.at(-1)?.[1] ?? null, changes: figures.length };
}
