import type { Database } from "@leadflow/db";
import type { TeamCtx } from "@leadflow/domain";
import { autoFailReason } from "@leadflow/domain/sending/outcomes/auto-fail";
import { type BenchOptions, benchCommand } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { type ArrivalFake, startArrivalFake } from "./dispatch-child-fake";
import { startDispatchWorker } from "./dispatch-child-process";
import { inFlight, setStatus, sleep, spread, startedCampaign, statusOf, waitFor } from "./dispatch-child-setup";
import { listOf, statesOf } from "./dispatch-setup";
import { seedAudience, smsGateway } from "./sending-setup";

/*
 * B17 (goal in docs/benchmarks.md): how soon sending stops after Pause, and after the auto-fail threshold is crossed.
 * The gateway's dispatcher runs in a worker process (dispatch-child.ts) at RATE messages a second; the fake Twilio is
 * served by this process, which also sets the statuses, so arrivals and status changes are read on one clock.
 * - Pause, PAUSES times: set Active, let a batch be under way (a random 0.3–1.5 s after its first message), Pause;
 *   the reaction is the last arrival of the campaign's messages after the Pause commit (its `updated_at`, the
 *   transaction's start: never later than the commit).
 * - Auto-fail, AUTO_FAILS times: a new campaign whose recipients the fake refuses for FAILING of them (HTTP 400,
 *   code 21211); read from the moment the campaign turned Failed, and from the arrival of the message whose refusal
 *   crossed the threshold (`autoFailReason` over the answers in arrival order: no delivery callbacks come here, so
 *   the answers are the refusals).
 * Needs PostgreSQL: the worker is another process.
 */

const RATE = 100;
const AUDIENCE = 5_000;
const PAUSES = 20;
const AUTO_FAILS = 10;
const AUTO_FAIL_LEADS = 300;
/** Share of an auto-fail campaign's recipients the fake refuses. */
const FAILING = 0.6;
/** After a Pause or Failed: long enough for anything still on its way to arrive. */
const SETTLE_MS = 1_500;
const HTTP_CREATED = 201;
const HTTP_REFUSED = 400;

interface PauseTrial {
  sentBefore: number;
  sentAfter: number;
  reactionMs: number;
  heldBack: number;
  /** From the Pause commit until the batch under way had ended (its rows back to planned): at least SETTLE_MS. */
  releasedMs: number;
}

interface AutoFailTrial {
  sent: number;
  refused: number;
  afterFailedMs: number;
  afterCrossingMs: number;
  sentAfterCrossing: number;
}

export async function pauseReactionBench(_options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "B17 skipped: the dispatcher runs in a worker process sharing the database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  await withFreshDatabase(async (database) => {
    const url = database.pool!.options.connectionString!;
    const s = await seedAudience(database, AUDIENCE);
    const provider = await startArrivalFake();
    const gw = await smsGateway(database, s.ctx, {
      type: "gateway1",
      params: { sys_id: provider.fake.accountSid, auth_token: provider.fake.authToken },
      rate: RATE,
    });
    const worker = startDispatchWorker(url, provider.fake.url, RATE, [gw.id]);
    try {
      await worker.started;
      console.log(`B17: ${PAUSES} pauses and ${AUTO_FAILS} auto-fails at ${RATE}/s…`);
      const pauses = await pauseTrials(database, s.ctx, s.listId, gw.id, provider);
      const fails = await autoFailTrials(database, s.ctx, s.listId, gw.id, provider);
      const pause = spread(pauses.map((p) => p.reactionMs));
      const failed = spread(fails.map((f) => f.afterFailedMs));
      const crossing = spread(fails.map((f) => f.afterCrossingMs));
      const figures = { rate: RATE, pauses, fails, pause, failed, crossing };
      console.log(JSON.stringify(figures, null, 1));
      const ms = (x: number) => `${Math.round(x)} ms`;
      const misses = [
        pause.p99 > 1000 ? `after Pause p99 ${ms(pause.p99)}` : null,
        failed.p99 > 1000 ? `after Failed p99 ${ms(failed.p99)}` : null,
        crossing.p99 > 1000 ? `after the threshold p99 ${ms(crossing.p99)}` : null,
      ].filter(Boolean);
      record({
        id: "B17",
        what: `pause and auto-fail reaction: SMS at ${RATE}/s from a dispatcher in a worker process, ${PAUSES} Pauses mid-batch (0.3–1.5 s after sending resumed) and ${AUTO_FAILS} campaigns of ${AUTO_FAIL_LEADS} whose recipients the fake refuses ${FAILING * 100}% of (400, 21211); last arrival at the fake after the status change`,
        backend: backendName(),
        ours:
          `after Pause: p50 ${ms(pause.p50)}, p99 ${ms(pause.p99)}, max ${ms(pause.max)} (${pauses.reduce((a, p) => a + p.sentAfter, 0)} messages arrived after a Pause commit, ${pauses.reduce((a, p) => a + p.heldBack, 0)} claimed ones held back unsent); ` +
          `auto-fail: after Failed p50 ${ms(failed.p50)}, p99 ${ms(failed.p99)}, max ${ms(failed.max)}; after the threshold was crossed p50 ${ms(crossing.p50)}, p99 ${ms(crossing.p99)}, max ${ms(crossing.max)} (${fails.reduce((a, f) => a + f.sentAfterCrossing, 0)} messages after the crossing answer)`,
        baseline: "—",
        ratio: misses.length ? `misses: ${misses.join(", ")}` : "meets the goal",
        goal: "no new submission later than 1 s after Pause or after the auto-fail threshold is crossed (p99)",
        command: benchCommand("B17", []),
        figures,
      });
    } finally {
      await worker.stop();
      await provider.fake.close();
    }
  });
}

async function pauseTrials(database: Database, ctx: TeamCtx, listId: number, gatewayId: number, provider: ArrivalFake) {
  const c = await startedCampaign(database, ctx, listId, gatewayId);
  await setStatus(database, ctx, c.id, "paused");
  const out: PauseTrial[] = [];
  for (let i = 0; i < PAUSES; i++) {
    const mark = provider.mark();
    await setStatus(database, ctx, c.id, "active");
    await waitFor("the first message after Active", async () => provider.since(mark).length > 0, 10_000, 10);
    await sleep(300 + Math.random() * 1200);
    const held = (await statesOf(database, c.id)).planned ?? 0;
    await setStatus(database, ctx, c.id, "paused");
    const pausedAt = (await statusOf(database, c.id)).changedAt;
    // The batch under way ends by itself: its rows not handed over go back to planned.
    await waitFor("the paused batch's end", async () => (await inFlight(database, c.id, ["claimed", "submitting"])) === 0, 30_000, 20);
    const releasedMs = Math.round(Date.now() - pausedAt);
    await sleep(Math.max(0, SETTLE_MS - releasedMs));
    const arrivals = provider.since(mark);
    const states = await statesOf(database, c.id);
    const last = Math.max(...arrivals.map((a) => a.at));
    const trial: PauseTrial = {
      sentBefore: arrivals.filter((a) => a.at <= pausedAt).length,
      sentAfter: arrivals.filter((a) => a.at > pausedAt).length,
      reactionMs: Math.max(0, last - pausedAt),
      // Rows claimed before the Pause and given back unsent: planned now beyond what was planned just before it.
      heldBack: Math.max(0, (states.planned ?? 0) - held),
      releasedMs,
    };
    console.log(
      `  pause ${i + 1}: ${trial.sentBefore} sent before, ${trial.sentAfter} after, last ${Math.round(trial.reactionMs)} ms after, ${trial.heldBack} held back, batch ended within ${trial.releasedMs} ms`,
    );
    out.push(trial);
  }
  return out;
}

async function autoFailTrials(database: Database, ctx: TeamCtx, sourceListId: number, gatewayId: number, provider: ArrivalFake) {
  const listId = await listOf(database, ctx, sourceListId, AUTO_FAIL_LEADS);
  const { rows } = await database.query<{ phone: string }>(
    "SELECT p.phone FROM list_leads l JOIN lead_phones p ON p.team_id = l.team_id AND p.lead_id = l.lead_id WHERE l.list_id = $1 AND l.lead_id % 10 < $2",
    [listId, FAILING * 10],
  );
  const out: AutoFailTrial[] = [];
  for (let i = 0; i < AUTO_FAILS; i++) {
    provider.fake.failValues(new Map(rows.map((r) => [r.phone, 1])), HTTP_REFUSED);
    const mark = provider.mark();
    const c = await startedCampaign(database, ctx, listId, gatewayId);
    await waitFor("auto-fail", async () => (await statusOf(database, c.id)).status === "failed", 30_000);
    const failedAt = (await statusOf(database, c.id)).changedAt;
    await sleep(SETTLE_MS);
    // Only the answers count (Twilio's createMessage calls); their order is the order of arrival.
    const arrivals = provider.since(mark).filter((a) => a.status === HTTP_CREATED || a.status === HTTP_REFUSED);
    let refused = 0;
    let crossedAt = Number.NaN;
    for (const a of arrivals) {
      if (a.status === HTTP_REFUSED) refused++;
      // Failures are the only answers here (no delivery callbacks): outcomes = failures, and nothing counts as sent.
      if (autoFailReason(0, refused, refused)) {
        crossedAt = a.at;
        break;
      }
    }
    const last = Math.max(...arrivals.map((a) => a.at));
    const trial: AutoFailTrial = {
      sent: arrivals.length,
      refused: arrivals.filter((a) => a.status === HTTP_REFUSED).length,
      afterFailedMs: Math.max(0, last - failedAt),
      afterCrossingMs: Math.max(0, last - crossedAt),
      sentAfterCrossing: arrivals.filter((a) => a.at > crossedAt).length,
    };
    if (Number.isNaN(crossedAt)) throw new Error(`B17: campaign ${c.id} failed before its answers crossed the threshold`);
    console.log(
      `  auto-fail ${i + 1}: ${trial.sent} sent (${trial.refused} refused), ${trial.sentAfterCrossing} after the crossing, last ${Math.round(trial.afterCrossingMs)} ms after it, ${Math.round(trial.afterFailedMs)} ms after Failed`,
    );
    out.push(trial);
  }
  return out;
}
