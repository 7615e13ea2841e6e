import { startFakeSes, startFakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { callbackStorm } from "./chaos-callbacks";
import { chaosChecks } from "./chaos-checks";
import { chaosFaults } from "./chaos-faults";
import { chaosCampaigns, handedOver, onTheirWay, reconcileToTheEnd, SMS_PER_LEAD, welcomeStates } from "./chaos-setup";
import { workerPool } from "./chaos-workers";
import { sleep, waitFor } from "./dispatch-child-setup";
import { seedAudience } from "./sending-setup";

/*
 * F15 (fault goal in docs/benchmarks.md), the campaign chaos run: AUDIENCE leads get two SMS steps and a welcome
 * message through a Twilio gateway (step 2 without delay, planned as a provider takes step 1) and an email through an
 * SES gateway (the fakes, in this process), sent by three worker processes that all run both gateways' dispatchers (a
 * duplicated job: the lease keeps one dispatcher per gateway; each worker's liveness lock, leadership watch and wake as
 * in production: dispatch-child.ts). While they send: KILLS SIGKILLs of workers, ACCEPT_KILLS of them right after a
 * provider accepted a send and before the worker could record it — nothing ends a dead worker's lease by hand, the
 * others take its gateways over; a lease lost under a stalled (SIGSTOPped) worker on each gateway, so two dispatchers
 * run at once; FAULTS injected provider faults (5xx, 429, hangs past the send timeout, connections reset); the
 * providers' callbacks shuffled, 20% duplicated, 10% dropped. Then reconciliation to the end (chaos-setup.ts) and the
 * welcomes' last sends. Checked: no ledger row — one per (campaign, step, lead) — with two provider-accepted messages,
 * and no lead with two welcomes at the provider; no step lost (every lead whose step 1 a provider took has its step-2
 * row); every row final; every message a provider accepted counted as taken; the counters equal a recount. Needs
 * PostgreSQL: the workers are processes.
 */

const AUDIENCE = 10_000;
/** Each gateway's send rate, messages a second: the audience in about SEND_SECONDS, so the chaos has time to happen. */
const SEND_SECONDS = 60;
const MIN_RATE = 10;
const KILLS = 20;
const ACCEPT_KILLS = 5;
const FAULTS = 20;
/** The chaos happens while this share of the messages goes out (by rows no longer on their way to a provider). */
const CHAOS_SPAN: [number, number] = [0.03, 0.8];
/** How often the providers' callbacks of what they accepted meanwhile are delivered. */
const CALLBACK_EVERY_MS = 1000;
const TICK_MS = 100;
const LOG_EVERY_MS = 5000;

type Chaos = { at: number; kind: "kill" | "accept-kill" | "race-sms" | "race-email" | "fault" };

function schedule(): Chaos[] {
  const at = () => CHAOS_SPAN[0] + Math.random() * (CHAOS_SPAN[1] - CHAOS_SPAN[0]);
  const list: Chaos[] = [
    ...Array.from({ length: KILLS - ACCEPT_KILLS }, () => ({ at: at(), kind: "kill" as const })),
    ...Array.from({ length: ACCEPT_KILLS }, () => ({ at: at(), kind: "accept-kill" as const })),
    ...Array.from({ length: FAULTS }, () => ({ at: at(), kind: "fault" as const })),
    { at: at(), kind: "race-sms" },
    { at: at(), kind: "race-email" },
  ];
  return list.sort((a, b) => a.at - b.at);
}

export async function campaignChaosBench(options: BenchOptions): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "F15 skipped: the dispatchers run in worker processes sharing the database, which needs PostgreSQL (set TEST_DATABASE_URL).",
    );
    return;
  }
  const audience = Math.min(options.rows, AUDIENCE);
  const rate = Math.max(MIN_RATE, Math.round(audience / SEND_SECONDS));
  await withFreshDatabase(async (database) => {
    const s = await seedAudience(database, audience);
    const fakes = { twilio: await startFakeTwilioMessaging(), ses: await startFakeSes() };
    const urls = { twilio: fakes.twilio.url, ses: fakes.ses.url };
    const { gateways, campaigns, steps, due, expected } = await chaosCampaigns(database, s.ctx, s.listId, fakes, rate);
    // Each dispatcher's pace and batch from its gateway's Send rate, as in production (the SMS gateway's is higher).
    const pool = workerPool(database, urls, "gateway", [gateways.sms, gateways.email]);
    const storm = callbackStorm(database, fakes, gateways);
    const faults = chaosFaults(fakes);
    try {
      console.log(
        `F15: ${expected} ledger rows (${due} due at the start) and the welcomes: SMS at ${rate * SMS_PER_LEAD}/s, email at ${rate}/s, ${KILLS} kills, ${FAULTS} faults, 2 lease races…`,
      );
      const t0 = Date.now();
      await pool.start();
      const pending = schedule();
      const skipped: Chaos[] = [];
      let lastCallbacks = Date.now();
      let lastLog = Date.now();
      for (;;) {
        const left = await onTheirWay(database, campaigns);
        const progress = (await handedOver(database, campaigns)) / expected;
        const later: Chaos[] = [];
        while (pending.length && pending[0]!.at <= progress) {
          const c = pending.shift()!;
          let done = true;
          if (c.kind === "kill") done = pool.killRandom();
          else if (c.kind === "accept-kill") {
            done = !pool.acceptKillArmed();
            if (done) pool.armAcceptKill();
          } else if (c.kind === "fault") faults.inject();
          else done = await pool.race(c.kind === "race-sms" ? gateways.sms : gateways.email);
          // Not possible at this instant (every worker restarting, the last accept-kill still armed, no batch of the
          // gateway under way): tried again at the next tick.
          if (!done) later.push(c);
        }
        pending.unshift(...later);
        if (Date.now() - lastCallbacks >= CALLBACK_EVERY_MS) {
          await storm.round();
          lastCallbacks = Date.now();
          if (Date.now() - lastLog >= LOG_EVERY_MS) {
            lastLog = Date.now();
            console.log(
              `  ${Math.round(progress * 100)}% handed over, ${left} on their way, ${pool.figures.kills} kills, ${pending.length} chaos events to come`,
            );
          }
        }
        if (left === 0 && !pool.acceptKillArmed()) {
          // Sending ended before the rest of the chaos (a race found no batch under way): not counted.
          skipped.push(...pending.splice(0));
          break;
        }
        await sleep(TICK_MS);
      }
      const sendMs = Date.now() - t0;
      const ending = await reconcileToTheEnd(database, campaigns, urls, () => storm.round());
      // The welcomes the lane still has to send (it takes a few beside each batch, the rest once the campaigns are done).
      const welcomesLeft = (await welcomeStates(database, campaigns.sms)).planned ?? 0;
      const welcomesFrom = Date.now();
      await waitFor("the welcomes' last sends", async () => !(await welcomeStates(database, campaigns.sms)).planned, 300_000, 500);
      const welcomesMs = Date.now() - welcomesFrom;
      await pool.stop();
      const ms = Date.now() - t0;
      const checks = await chaosChecks(database, campaigns, steps, fakes);
      const lost = pool.outcomes().filter((o) => o === "lost").length;
      const figures = {
        audience,
        due,
        rate,
        kills: pool.figures.kills,
        acceptKills: pool.figures.acceptKills,
        races: pool.races(),
        takeovers: pool.figures.takeovers,
        raceMisses: pool.figures.raceMisses,
        fencedRuns: lost,
        faults: faults.figures,
        callbacks: storm.figures,
        skippedChaos: skipped.map((c) => c.kind),
        sendMs,
        ms,
        ending,
        welcomesLeft,
        welcomesMs,
        ...checks,
      };
      console.log(JSON.stringify(figures, null, 1));
      const n = (x: number) => x.toLocaleString("en");
      const cb = storm.figures;
      const f = faults.figures;
      const p = checks.problems;
      const st = checks.steps;
      const takeovers = pool.figures.takeovers;
      const tookOver = takeovers.flatMap((t) => (t.ms === null ? [] : [t.ms])).sort((a, b) => a - b);
      const takeoverText = takeovers.length
        ? `${tookOver.length}/${takeovers.length} leases of killed workers taken over by another worker (${takeovers.filter((t) => t.by === "survivor").length} by one already running; median ${((tookOver[Math.floor(tookOver.length / 2)] ?? 0) / 1000).toFixed(1)} s, max ${((tookOver.at(-1) ?? 0) / 1000).toFixed(1)} s after the kill)`
        : "no killed worker held a lease";
      const welcomeStatesText = Object.entries(st.welcomeStates)
        .map(([k, v]) => `${k} ${n(v)}`)
        .join(", ");
      const kinds = Object.entries(f.byKind)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
      record({
        id: "F15",
        what:
          `campaign chaos: ${n(audience)} leads get 2 SMS steps (step 2 without delay) and a welcome (fake Twilio, ${rate * SMS_PER_LEAD}/s) and an email (fake SES, ${rate}/s), 3 worker processes running both gateways' dispatchers (liveness lock, leadership watch, wake); ` +
          `${pool.figures.kills} SIGKILLs (${pool.figures.acceptKills} between the provider's accept and our commit; no lease ended by hand: the others take over), ${pool.figures.races.length} leases expired under a SIGSTOPped worker mid-batch (another took over, then the first went on), ` +
          `${f.injected} provider faults (${kinds}; ${f.requests} requests); callbacks shuffled, ${n(cb.duplicated)} duplicated, ${n(cb.dropped)} of ${n(cb.written)} dropped; ` +
          "then reconciliation to the end, and a simulated day later (rows still open moved back 25 h) the close without receipt",
        backend: backendName(),
        ours:
          `${checks.duplicateAccepted} rows with 2 provider-accepted messages (${n(checks.accepted.sms)} SMS and ${n(checks.accepted.email)} emails accepted); ${checks.open} rows not final; ` +
          `steps lost: ${st.step2Missing} of ${n(st.takenAtStep1)} leads taken at step 1 without a step-2 row (${n(st.step2Accepted)} step-2 SMS accepted); ` +
          `welcomes: ${n(st.welcomesSent)} at the fake, ${st.leadsWithTwoWelcomes} leads with 2, ${st.welcomeMissing} leads taken without one planned (rows: ${welcomeStatesText}; ${n(welcomesLeft)} still planned when the ledger was done, sent in ${(welcomesMs / 1000).toFixed(0)} s more; of the unknown ones ${n(st.welcomesUnknownAtFake)} at the fake, ${n(st.welcomesUnknownNeverSent)} never reached it, up to a killed run's lane mark); ` +
          `${checks.uncounted} accepted messages not counted as taken; counters vs recount: ${checks.counterMismatches.length} mismatches; ` +
          `${takeoverText}; stalled workers fenced off when continued: ${
            pool.races().filter((r) => r.fencedOff).length
          }/${pool.figures.races.length}, ${lost} fenced runs in all; reconciliation: ${ending.passes} passes, ${n(ending.asked)} asked, ${n(ending.replanned)} sent again (the provider never had them), ` +
          `${n(ending.closed)} closed without receipt after the day (${n(checks.sentNeverTaken)} of them emails whose lost answer SES, with no message API, never took); ${(sendMs / 1000).toFixed(0)} s sending, ${(ms / 1000).toFixed(0)} s in all` +
          `${p.length ? `; PROBLEMS: ${p.join("; ")}` : ""}`,
        baseline: "—",
        ratio:
          (p.length ? `misses: ${p.length} problem(s)` : "meets the goal") +
          (checks.sentNeverTaken
            ? `; but ${n(checks.sentNeverTaken)} emails SES never took were closed as sent (no message API to ask)`
            : ""),
        goal: "0 provider-accepted duplicates per (campaign, step, lead) and ≤ 1 welcome per (campaign, lead) at the provider, 0 steps lost, 0 rows unfinished, counters = recount",
        command: benchCommand("F15", audience < AUDIENCE ? ["--rows", sizeLabel(audience)] : []),
        figures,
      });
      if (p.length) throw new Error(`F15: ${p.join("; ")}`);
    } finally {
      await pool.kill();
      await fakes.twilio.close();
      await fakes.ses.close();
    }
  });
}
