import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import { runDispatcher } from "@leadflow/domain";
import { type FakeTwilioMessaging, startFakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { type BenchOptions, benchCommand } from "../options";
import { record } from "../report";
import { startSendingServer } from "../sending/callback-storm-server";
import { startDispatchWorker } from "../sending/dispatch-child-process";
import { inFlight, sleep, spread, startedCampaign, waitFor } from "../sending/dispatch-child-setup";
import { PUBLIC_URL } from "../sending/dispatch-setup";
import { seedAudience, smsGateway } from "../sending/sending-setup";
import { backendName, withFreshDatabase } from "../shared/fresh-database";

/*
 * B15 (goal in docs/benchmarks.md): inbound STOP while a campaign sends to that phone's team. The campaign's SMS leave
 * from a dispatcher in a worker process (dispatch-child.ts) at RATE a second through the fake Twilio served here, which
 * notes every Messages.create (arrival time, To, and whether it is a campaign message — its StatusCallback names a
 * ledger row — or an answer). Meanwhile STOPS phones whose messages are still queued or on their way (among the next
 * couple of seconds' sends) reply STOP: each reply is a signed Twilio inbound webhook posted over HTTP to the app
 * server's hook, twice (half one after the other, half at once). Measured: each post's answer time; then, from the
 * fake's record, the campaign messages to a STOPped phone that arrived after its first 200 (an arrival is later than
 * its start: counted strictly), and the confirmations each STOPped phone got — sent by the worker's dispatcher in its
 * lane beside the campaign, any left at the end by two dispatcher runs at once. Needs PostgreSQL: the dispatcher runs
 * in another process.
 */

const RATE = 200;
/** Recipients per --rows: 10k at the default 100k. */
const ROWS_PER_RECIPIENT = 10;
const STOPS = 50;
/** A STOP picks a phone among the next this-many messages of the campaign (the next two seconds at RATE). */
const AHEAD = 2 * RATE;
const GOAL_P99_MS = 250;

interface Arrival {
  /** Epoch milliseconds, as the request arrived (its body read). */
  at: number;
  to: string;
  /** A campaign message (it asks for status callbacks); else an answer. */
  campaign: boolean;
  body: string;
}

interface Stop {
  phone: string;
  /** Epoch ms of the first 200 to the phone's STOP. */
  answeredAt: number;
  answerMs: number[];
  statuses: number[];
}

export async function stopDuringSendBench(options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "B15 skipped: the dispatcher runs in a worker process sharing the database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  const n = Math.max(500, Math.round(options.rows / ROWS_PER_RECIPIENT));
  const stops = Math.min(STOPS, Math.floor(n / 20));
  await withFreshDatabase(async (database) => {
    const url = database.pool!.options.connectionString!;
    const s = await seedAudience(database, n);
    const arrivals: Arrival[] = [];
    const fake = await startFakeTwilioMessaging({
      now: (req) => {
        const t = performance.now();
        if (req.method === "POST" && req.url.pathname.endsWith("/Messages.json")) {
          const f = req.json as Record<string, string>;
          // A ledger row's callback address names it by its numeric id; an answer's by `answer-{id}`.
          const m = f.StatusCallback ? new URL(f.StatusCallback).searchParams.get("m") : null;
          arrivals.push({ at: performance.timeOrigin + t, to: f.To ?? "", campaign: /^\d+$/.test(m ?? ""), body: f.Body ?? "" });
        }
        return t;
      },
    });
    const gw = await smsGateway(database, s.ctx, {
      type: "gateway1",
      params: { sys_id: fake.accountSid, auth_token: fake.authToken },
      rate: RATE,
    });
    const server = await startSendingServer(database, PUBLIC_URL);
    const c = await startedCampaign(database, s.ctx, s.listId, gw.id);
    if (c.due !== n) throw new Error(`${c.due} rows due for ${n} recipients`);
    const worker = startDispatchWorker(url, fake.url, RATE, [gw.id]);
    try {
      await worker.started;
      console.log(`B15: ${n.toLocaleString("en")} SMS at ${RATE}/s, ${stops} STOPs (each posted twice) against ${server.url}…`);
      const t0 = Date.now();
      await waitFor("the campaign's first message", async () => arrivals.length > 0, 30_000, 10);
      const runMs = (n / RATE) * 1000;
      const done: Stop[] = [];
      for (let i = 0; i < stops; i++) {
        // Spread over the first 80% of the run: the later STOPs still find messages queued.
        await sleep(Math.max(0, t0 + ((i + 0.5) * 0.8 * runMs) / stops - Date.now()));
        const picked = await queuedPhone(
          database,
          c.id,
          done.map((d) => d.phone),
        );
        if (!picked) break;
        done.push(await postStop(server.url, fake, gw.id, picked, i % 2 === 0 ? "after" : "together"));
      }
      await waitFor(
        "the campaign's end",
        async () => (await inFlight(database, c.id, ["planned", "claimed", "submitting"])) === 0,
        runMs * 3,
        200,
      );
      // The confirmations leave through the gateway's dispatcher (the worker's, while it ran); what is left, from two
      // runs at once, as two workers would.
      const answerDeps = { db: database.db, publicUrl: PUBLIC_URL, providerOptions: { baseUrls: fake.baseUrls } };
      await Promise.all([runDispatcher(answerDeps, gw.id), runDispatcher(answerDeps, gw.id)]);

      const figures = await measure(database, c.id, n, done, arrivals);
      console.log(JSON.stringify(figures, null, 1));
      const ms = (x: number) => `${Math.round(x)} ms`;
      const misses = [
        figures.answer.p99 >= GOAL_P99_MS ? `answer p99 ${ms(figures.answer.p99)}` : null,
        figures.sentAfterAnswer ? `${figures.sentAfterAnswer} sends after a STOP's answer` : null,
        figures.confirmations.notOne ? `${figures.confirmations.notOne} phones without exactly one confirmation` : null,
        figures.notOk ? `${figures.notOk} posts not 200` : null,
      ].filter(Boolean);
      record({
        id: "B15",
        size: `${n.toLocaleString("en")} SMS`,
        what:
          `Inbound STOP during a send: a ${n.toLocaleString("en")}-recipient SMS campaign dispatched at ${RATE}/s (worker process) through the fake Twilio; ` +
          `${done.length} phones among the next ${AHEAD} messages reply STOP, spread over the run — a signed Twilio inbound webhook posted over HTTP to the app server, twice each (half in turn, half at once); ` +
          "the confirmations sent in the worker's dispatcher lane beside the campaign, any left by two dispatcher runs at once",
        backend: backendName(),
        ours:
          `webhook answer p50 ${ms(figures.answer.p50)}, p99 ${ms(figures.answer.p99)}, max ${ms(figures.answer.max)} (${figures.posts} posts, ${figures.notOk} not 200); ` +
          `${figures.sentAfterAnswer} campaign messages to a STOPped phone arrived after its answer (${figures.sentBeforeAnswer} before it: already on their way), ` +
          `${figures.heldBack} of the STOPped phones' messages never sent; confirmations: ${figures.confirmations.exactlyOne}/${done.length} phones exactly one`,
        baseline: "—",
        ratio: misses.length ? `misses: ${misses.join(", ")}` : "meets the goal",
        goal: "suppression committed before the webhook answers, p99 < 250 ms; 0 submissions to that address started after the commit; exactly one confirmation",
        command: benchCommand("B15", options.rows === 100_000 ? [] : ["--rows", options.rows]),
        figures,
      });
    } finally {
      await worker.stop();
      await server.close();
      await fake.close();
    }
  });
}

/** A phone of the campaign whose message is among the next AHEAD still to go (queued, claimed or about to be sent). */
async function queuedPhone(database: Database, campaignId: number, taken: string[]): Promise<{ phone: string; to: string } | null> {
  const { rows } = await database.query<{ address: string; sender: string | null }>(
    `SELECT address, sender FROM campaign_messages
     WHERE campaign_id = $1 AND state IN ('planned', 'claimed', 'submitting') AND address <> ALL($2::text[])
     ORDER BY id LIMIT 1 OFFSET $3`,
    [campaignId, taken, Math.floor(Math.random() * AHEAD)],
  );
  const r = rows[0];
  // Not handed yet: the number it will come from is the gateway's first.
  return r ? { phone: r.address, to: r.sender ?? "+12015550101" } : null;
}

let sid = 0;

/** The phone's STOP as Twilio posts it, posted twice: one after the other, or both at once. */
async function postStop(
  serverUrl: string,
  fake: FakeTwilioMessaging,
  gatewayId: number,
  p: { phone: string; to: string },
  twice: "after" | "together",
): Promise<Stop> {
  const path = `/hooks/sms/${gatewayId}/inbound`;
  const fields = {
    MessageSid: `SMbench${String(++sid).padStart(26, "0")}`,
    AccountSid: fake.accountSid,
    From: p.phone,
    To: p.to,
    Body: "STOP",
  };
  const cb = fake.callback(`${PUBLIC_URL}${path}`, fields);
  const post = async () => {
    const t = performance.now();
    const res = await fetch(`${serverUrl}${path}`, { method: "POST", headers: cb.headers as Record<string, string>, body: cb.rawBody });
    await res.text();
    const end = performance.now();
    return { status: res.status, ms: end - t, at: performance.timeOrigin + end };
  };
  const answers = twice === "after" ? [await post(), await post()] : await Promise.all([post(), post()]);
  const ok = answers.filter((a) => a.status === 200).map((a) => a.at);
  return {
    phone: p.phone,
    answeredAt: ok.length ? Math.min(...ok) : Number.POSITIVE_INFINITY,
    answerMs: answers.map((a) => a.ms),
    statuses: answers.map((a) => a.status),
  };
}

async function measure(database: Database, campaignId: number, n: number, done: Stop[], arrivals: Arrival[]) {
  const byPhone = new Map<string, Arrival[]>();
  for (const a of arrivals) byPhone.set(a.to, [...(byPhone.get(a.to) ?? []), a]);
  let sentAfterAnswer = 0;
  let sentBeforeAnswer = 0;
  let exactlyOne = 0;
  for (const d of done) {
    const got = byPhone.get(d.phone) ?? [];
    const sends = got.filter((a) => a.campaign);
    sentAfterAnswer += sends.filter((a) => a.at > d.answeredAt).length;
    sentBeforeAnswer += sends.filter((a) => a.at <= d.answeredAt).length;
    if (got.filter((a) => !a.campaign).length === 1) exactlyOne++;
  }
  const { rows } = await database.query<{ state: string; n: number }>(
    "SELECT state, count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 AND address = ANY($2::text[]) GROUP BY state",
    [campaignId, done.map((d) => d.phone)],
  );
  const states = Object.fromEntries(rows.map((r) => [r.state, r.n]));
  const { rows: supp } = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM suppressions WHERE address = ANY($1::text[]) AND reason = 'stop'",
    [done.map((d) => d.phone)],
  );
  const answer = spread(done.flatMap((d) => d.answerMs));
  return {
    recipients: n,
    rate: RATE,
    stops: done.length,
    posts: done.length * 2,
    notOk: done.flatMap((d) => d.statuses).filter((s) => s !== 200).length,
    answer,
    sentAfterAnswer,
    sentBeforeAnswer,
    heldBack: done.length - (states.accepted ?? 0),
    stoppedRows: states,
    suppressed: supp[0]!.n,
    confirmations: { exactlyOne, notOne: done.length - exactlyOne },
    campaignSends: arrivals.filter((a) => a.campaign).length,
  };
}
