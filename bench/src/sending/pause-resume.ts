import { type BenchOptions, benchCommand } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { startArrivalFake } from "./dispatch-child-fake";
import { type DispatchWorker, startDispatchWorker } from "./dispatch-child-process";
import { inFlight, reconcileUnknown, setStatus, sleep, startedCampaign, waitFor } from "./dispatch-child-setup";
import { statesOf } from "./dispatch-setup";
import { pauseResumeChecks } from "./pause-resume-checks";
import { seedAudience, smsGateway } from "./sending-setup";

/*
 * F14 (fault goal in docs/benchmarks.md): a campaign of AUDIENCE SMS at RATE a second, its dispatcher in a worker
 * process (dispatch-child.ts), is paused and set Active again TOGGLES times at random moments through
 * `setCampaignStatus`, and once, mid-batch, the worker is SIGKILLed and a new one started ("restart everything": the
 * provider and the database stay up, the engine's process does not). A share of the audience opted out, so the gates
 * skip them with a reason. Then it runs to the end; rows a kill left `unknown` are settled by reconciliation (the
 * provider's message API: never resent). Checked: every row final; sent = planned − skipped-with-reason; at most one
 * provider message per lead (requests and acceptances counted at the fake); the counters equal a recount of the ledger.
 * Needs PostgreSQL: the worker is another process.
 */

const AUDIENCE = 5_000;
const RATE = 200;
const TOGGLES = 50;
/** How long each Active and Paused spell lasts: random within these. */
const ACTIVE_MS: [number, number] = [200, 1200];
const PAUSED_MS: [number, number] = [50, 500];
/** One lead in this many opted out (STOP): skipped at the claim, reason `suppressed`. */
const OPTED_OUT_EVERY = 100;

const between = ([lo, hi]: [number, number]) => lo + Math.random() * (hi - lo);

export async function pauseResumeBench(_options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "F14 skipped: the dispatcher runs in worker processes sharing the database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  await withFreshDatabase(async (database) => {
    const url = database.pool!.options.connectionString!;
    const s = await seedAudience(database, AUDIENCE);
    await database.query(
      `INSERT INTO suppressions (team_id, channel, address, reason)
       SELECT team_id, 'sms', phone, 'stop' FROM lead_phones WHERE team_id = $1 AND lead_id % $2 = 0 ON CONFLICT DO NOTHING`,
      [s.ctx.teamId, OPTED_OUT_EVERY],
    );
    const provider = await startArrivalFake();
    const gw = await smsGateway(database, s.ctx, {
      type: "gateway1",
      params: { sys_id: provider.fake.accountSid, auth_token: provider.fake.authToken },
      rate: RATE,
    });
    const c = await startedCampaign(database, s.ctx, s.listId, gw.id);
    let worker: DispatchWorker = startDispatchWorker(url, provider.fake.url, RATE, [gw.id]);
    try {
      await worker.started;
      const killAt = 10 + Math.floor(Math.random() * 30);
      console.log(`F14: ${c.due} SMS at ${RATE}/s, ${TOGGLES} pauses and resumes, the worker killed during spell ${killAt + 1}…`);
      const t0 = Date.now();
      let kill: { atMs: number; states: Record<string, number> } | null = null;
      for (let i = 0; i < TOGGLES; i++) {
        if (i === killAt) {
          // Long enough for a batch to be under way when the worker dies.
          await sleep(500 + Math.random() * 1000);
          await worker.kill();
          kill = { atMs: Date.now() - t0, states: await statesOf(database, c.id) };
          worker = startDispatchWorker(url, provider.fake.url, RATE, [gw.id]);
          await worker.started;
        }
        await sleep(between(ACTIVE_MS));
        await setStatus(database, s.ctx, c.id, "paused");
        await sleep(between(PAUSED_MS));
        await setStatus(database, s.ctx, c.id, "active");
      }
      const togglesMs = Date.now() - t0;
      const sentDuringToggles = provider.fake.messages.length;
      // The last sends, then reconciliation of what the kill left unknown — a send the provider never took is planned
      // again and sent by the running worker — until nothing is open.
      let unknownBefore = 0;
      let passes = 0;
      for (let round = 0; round < 5; round++) {
        await waitFor(
          "the campaign's last sends",
          async () => (await inFlight(database, c.id, ["planned", "claimed", "submitting"])) === 0,
          180_000,
          200,
        );
        const r = await reconcileUnknown(database, provider.fake.url);
        unknownBefore += r.unknownBefore;
        passes += r.passes;
        if ((await inFlight(database, c.id, ["planned", "claimed", "submitting", "unknown"])) === 0) break;
      }
      await worker.stop();
      const ms = Date.now() - t0;
      const checks = await pauseResumeChecks(database, c.id, provider.fake);
      const figures = {
        audience: AUDIENCE,
        rate: RATE,
        toggles: TOGGLES,
        killAt,
        kill,
        togglesMs,
        sentDuringToggles,
        ms,
        unknownBefore,
        passes,
        ...checks,
      };
      console.log(JSON.stringify(figures, null, 1));
      const n = (x: number) => x.toLocaleString("en");
      const p = checks.problems;
      record({
        id: "F14",
        what: `pause/resume storm and restart: a campaign of ${n(c.due)} SMS at ${RATE}/s (1 in ${OPTED_OUT_EVERY} opted out), Pause and Active ${TOGGLES} times each at random (${ACTIVE_MS.join("–")} ms Active, ${PAUSED_MS.join("–")} ms Paused) through setCampaignStatus, the worker process SIGKILLed once mid-batch and a new one started; then reconciliation of what the kill left unknown`,
        backend: backendName(),
        ours:
          `${n(checks.sent)} sent = ${n(checks.planned)} planned − ${n(checks.skipped)} skipped (${Object.entries(checks.skippedBy)
            .map(([r, k]) => `${r} ${k}`)
            .join(", ")}) − ${n(checks.neverTaken)} never taken (left unknown by the kill, the provider had no record); ` +
          `${n(checks.open)} rows not final; ${unknownBefore} unknown after the kill settled by reconciliation in ${passes} pass(es); ` +
          `provider: ${n(checks.accepted)} messages, ${checks.duplicateAccepted} leads accepted twice, ${checks.duplicateRequests} asked twice; counters vs recount: ${checks.counterMismatches} mismatches; ${(ms / 1000).toFixed(1)} s` +
          `${p.length ? `; PROBLEMS: ${p.join("; ")}` : ""}`,
        baseline: "—",
        ratio: `duplicates ${checks.duplicateAccepted}, lost ${checks.lost}, never sent because of the kill ${checks.neverTaken} (final: rejected, not_found)${p.length ? ` — misses: ${p.length} problem(s)` : " — meets the goal"}`,
        goal: "sent = planned − skipped-with-reason; 0 duplicates (≤ 1 provider-accepted message per campaign, step, lead); counters = recount",
        command: benchCommand("F14", []),
        figures,
      });
      if (p.length) throw new Error(`F14: ${p.join("; ")}`);
    } finally {
      await worker.kill();
      await provider.fake.close();
    }
  });
}
