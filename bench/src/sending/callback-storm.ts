import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { reconcileOpenMessages } from "@leadflow/domain";
import { applyInbox } from "@leadflow/domain/sending/outcomes/apply-events.jobs";
import { type BenchOptions, benchCommand } from "../options";
import { percentile, record } from "../report";
import { runClientProcess } from "../shared/client-process";
import { eventLoopText, watchEventLoop } from "../shared/event-loop";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { walText, watchWal } from "../shared/wal-activity";
import type { StormClientConfig, StormClientReport } from "./callback-storm-client";
import { POLL_MS, stateMismatches, watchLedger } from "./callback-storm-ledger";
import { DROPPED, DUPLICATED, planStorm } from "./callback-storm-plan";
import { startSendingServer } from "./callback-storm-server";
import { sentCampaign } from "./callback-storm-setup";
import { PUBLIC_URL } from "./dispatch-setup";
import { recountMismatches } from "./recount";

/*
 * B14: a storm of provider callbacks. A campaign's SMS are dispatched through the fake Twilio at the gateway's send
 * rate; then their signed status callbacks — 10% dropped, 20% posted twice, all shuffled — are posted over HTTP to
 * the app's hooks route at 3× that rate by a client process, while the apply-events job worker applies them. Measured:
 * each post's acknowledgement, and for each message the time from the post of its final callback to its ledger row
 * reaching that state (the ledger polled every 50 ms); then every row's state against the provider's final status,
 * before reconciliation (the messages whose final callback arrived) and after it (all), and the counters against a
 * recount of the ledger.
 */

/** The gateway's send rate, messages per second; the storm posts at STORM_FACTOR times it. */
const SEND_RATE = 200;
const STORM_FACTOR = 3;
/** Messages per lead of --rows: 5,000 at the default 100k. */
const ROWS_PER_MESSAGE = 20;
/** How long after the last post the ledger may take to show every final callback. */
const SETTLE_MS = 30_000;
const GOALS = { ackP99Ms: 50, appliedP99Ms: 2000 };

export async function callbackStormBench(options: BenchOptions): Promise<void> {
  const n = Math.max(100, Math.round(options.rows / ROWS_PER_MESSAGE));
  await withFreshDatabase(async (database) => {
    const sent = await sentCampaign(database, n, SEND_RATE);
    const server = await startSendingServer(database, PUBLIC_URL);
    const dir = mkdtempSync(join(tmpdir(), "leadflow-storm-"));
    try {
      const plan = planStorm(sent.fake, sent.messages);
      const rate = STORM_FACTOR * SEND_RATE;
      const file = join(dir, "storm.json");
      const config: StormClientConfig = { url: server.url, rate, posts: plan.posts };
      writeFileSync(file, JSON.stringify(config));
      console.log(`  B14: ${plan.posts.length} callbacks of ${n} messages at ${rate}/s against ${server.url}`);

      const waiting = new Map(plan.messages.filter((m) => m.finalPosted).map((m) => [m.id, m.expected]));
      const watch = watchLedger(database, waiting);
      const serverLoop = watchEventLoop();
      const serverWal = await watchWal(database);
      const client = await runClientProcess<StormClientReport>(
        join(import.meta.dirname, "callback-storm-client.ts"),
        file,
        "B14 storm client",
      );
      const loop = serverLoop.stop();
      const wal = await serverWal.stop();
      await watch.settle(SETTLE_MS);

      const ack = client.ackMs;
      // What the server sustained: posts over the time from the first post to the last answer.
      const lastAnswer = Math.max(...client.sentAt.map((at, i) => at + ack[i]!));
      const answeredRate = plan.posts.length / ((lastAnswer - Math.min(...client.sentAt)) / 1000);
      const notOk = client.status.filter((s) => s !== 200).length;
      const finalSentAt = new Map<number, number>();
      plan.posts.forEach((p, i) => {
        const id = plan.messages[p.k]!.id;
        if (p.final && !finalSentAt.has(id)) finalSentAt.set(id, client.sentAt[i]!);
      });
      const applied = [...waiting.keys()].flatMap((id) => {
        const seen = watch.seenAt.get(id);
        return seen === undefined ? [] : [Math.max(0, seen - finalSentAt.get(id)!)];
      });
      const neverApplied = waiting.size - applied.length;
      const before = await stateMismatches(database, sent.campaignId, waiting);

      // Reconciliation: the provider's message API says what became of every message; the waiting rows ask it.
      for (const m of plan.messages) sent.fake.setStatus(m.sid, m.status, m.code);
      const t = performance.now();
      const asked = { asked: 0, answered: 0 };
      for (;;) {
        const r = await reconcileOpenMessages({
          db: database.db,
          publicUrl: PUBLIC_URL,
          providerOptions: { baseUrls: sent.fake.baseUrls },
          askAfterMs: 0,
        });
        asked.asked += r.asked;
        asked.answered += r.answered;
        await applyInbox(server.deps, r.campaigns);
        if (r.asked === 0) break;
      }
      const reconcileMs = performance.now() - t;
      const all = new Map(plan.messages.map((m) => [m.id, m.expected]));
      const after = await stateMismatches(database, sent.campaignId, all);
      const recount = await recountMismatches(database, sent.campaignId);

      const f = {
        messages: n,
        sendRate: SEND_RATE,
        achievedSendRate: sent.achievedRate,
        stormRate: rate,
        callbacks: plan.callbacks,
        dropped: plan.dropped,
        duplicates: plan.duplicates,
        posts: plan.posts.length,
        stormMs: client.elapsedMs,
        lateSends: client.lateSends,
        notOk,
        ackP50: percentile(ack, 50),
        ackP99: percentile(ack, 99),
        ackMax: Math.max(...ack),
        answeredRate,
        finalsPosted: waiting.size,
        appliedP50: applied.length ? percentile(applied, 50) : null,
        appliedP99: applied.length ? percentile(applied, 99) : null,
        neverApplied,
        before,
        reconciled: { ...asked, ms: reconcileMs },
        after,
        recount,
        eventLoop: loop,
        wal,
      };
      const problems = [
        f.ackP99 >= GOALS.ackP99Ms ? `acknowledge p99 < ${GOALS.ackP99Ms} ms` : null,
        f.appliedP99 === null || f.appliedP99 >= GOALS.appliedP99Ms || neverApplied > 0 ? `applied p99 < ${GOALS.appliedP99Ms} ms` : null,
        after.differ > 0 || before.differ > 0 ? "final statuses 100% equal" : null,
        recount.length ? "counters = recount" : null,
        notOk ? "every callback acknowledged 200" : null,
      ].filter(Boolean);
      const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(a === b ? 0 : 2)}%`;
      const ms = (v: number | null) => (v === null ? "—" : `${Math.round(v)} ms`);
      record({
        id: "B14",
        size: `${n.toLocaleString("en")} SMS`,
        what:
          `Provider callback storm: ${n.toLocaleString("en")} SMS dispatched through the fake Twilio at ${SEND_RATE}/s, then their ${plan.callbacks.toLocaleString("en")} signed status callbacks ` +
          `(${Math.round(DROPPED * 100)}% dropped, ${Math.round(DUPLICATED * 100)}% of the rest twice: ${plan.posts.length.toLocaleString("en")} posts, shuffled) posted over HTTP at ${STORM_FACTOR}× the send rate (${rate}/s) ` +
          `by a client process to the app's hooks route; the apply-events job worker (pg-boss) applies them; ledger polled every ${POLL_MS} ms`,
        backend: backendName(),
        ours:
          `acknowledge p50 ${ms(f.ackP50)}, p99 ${ms(f.ackP99)} (max ${ms(f.ackMax)}, ${notOk} not 200; the server answered ${Math.round(answeredRate)}/s of the ${rate}/s posted); ` +
          `final callback → ledger p50 ${ms(f.appliedP50)}, p99 ${ms(f.appliedP99)}${neverApplied ? ` (${neverApplied} never within ${SETTLE_MS / 1000} s)` : ""}; ` +
          `final statuses equal the provider's for ${before.equal}/${waiting.size} (${pct(before.equal, waiting.size)}) whose final callback arrived, ` +
          `and after reconciliation (${asked.asked} asked, ${Math.round(reconcileMs)} ms) for ${after.equal}/${n} (${pct(after.equal, n)}); ` +
          `counters ${recount.length ? `differ from the recount: ${recount.slice(0, 3).join("; ")}` : "equal the recount"}; ` +
          `while posted to, ${eventLoopText(loop)} (it runs the hooks route and the apply-events worker)` +
          (wal ? ` and ${walText(wal)}` : ""),
        baseline: "the provider's final statuses (the fake's message API); a recount of the ledger",
        ratio: problems.length ? `misses: ${problems.join(", ")}` : "meets the goal",
        goal: "acknowledge p99 < 50 ms; applied to the ledger p99 < 2 s; final statuses 100% equal the provider's",
        command: benchCommand("B14", options.rows === 100_000 ? [] : ["--rows", options.rows]),
        figures: f,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await server.close();
      await sent.fake.close();
    }
  });
}
