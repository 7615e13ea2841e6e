import { type BenchOptions, benchCommand } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { PACING_RATES, pacingRun } from "./dispatch-pacing";
import { WORKERS, workersPacingBench } from "./dispatch-pacing-workers";
import { suppressOthers } from "./dispatch-setup";
import { takeoverBench } from "./dispatch-takeover";
import { throughputFigures, throughputRuns } from "./dispatch-throughput";
import { startRemoteFakeSms } from "./fake-sms-process";
import { seedAudience, smsGateway } from "./sending-setup";

/*
 * B9: the dispatcher of one gateway in one worker process, against the fake Twilio Programmable Messaging in its own
 * process — throughput with every gate on against a bare loop through the same adapter, then pacing at five rates;
 * then pacing at the same rates with three worker processes running the gateway's dispatcher at once (the lease keeps
 * one dispatcher per gateway; answers and test SMS sent in its lane beside the campaign from 30/s up:
 * dispatch-pacing-workers.ts), and the takeovers after the lease holder is killed or stopped (dispatch-takeover.ts);
 * the worker rows need PostgreSQL. `--part throughput|pacing|workers|takeover` runs one of the four.
 */

/** Due rows of the throughput run. */
const THROUGHPUT_ROWS = 20_000;

export async function dispatchBench(options: BenchOptions): Promise<void> {
  await withFreshDatabase(async (database) => {
    const s = await seedAudience(database, THROUGHPUT_ROWS);
    await suppressOthers(database, s.ctx);
    const fake = await startRemoteFakeSms();
    try {
      const gw = await smsGateway(database, s.ctx, {
        type: "gateway1",
        params: { sys_id: fake.accountSid, auth_token: fake.authToken },
        rate: 100_000,
      });
      const want = (part: NonNullable<BenchOptions["part"]>) => !options.part || options.part === part;
      const command = benchCommand("B9", ["--runs", options.runs, ...(options.part ? ["--part", options.part] : [])]);
      if (want("throughput")) {
        const runs = await throughputRuns(database, s.ctx, s, fake, gw.id, THROUGHPUT_ROWS, options.runs);
        const f = throughputFigures(runs, THROUGHPUT_ROWS);
        const top = runs[Math.floor(runs.length / 2)]!.statements.slice(0, 3);
        record({
          id: "B9",
          size: "throughput",
          what: `Dispatcher throughput, ${THROUGHPUT_ROWS.toLocaleString("en")} due SMS, one worker, every gate on (1k suppressions, cool-off and inactive-device rules, daily limit, windows), zero-latency fake Twilio in its own process (median of ${runs.length})`,
          backend: backendName(),
          ours: `${Math.round(f.ours).toLocaleString("en")} msgs/s through runDispatcher; top statements: ${top.map((t) => `${t.statement.slice(0, 36)}… ${Math.round(t.ms)} ms × ${t.n}`).join("; ")}`,
          baseline: `${Math.round(f.bare).toLocaleString("en")} msgs/s bare loop, same adapter and HTTP client, 8 in flight`,
          ratio: `${Math.round(f.share * 100)}% of the bare loop — ${f.share >= 0.7 ? "meets the goal" : "misses: ≥ 70%"}`,
          goal: "≥ 70% of the bare loop",
          command,
          figures: { rows: THROUGHPUT_ROWS, ...f, runs },
        });
      }

      if (want("pacing"))
        for (const rate of PACING_RATES) {
          const p = await pacingRun(database, s.ctx, s.listId, fake, gw.id, rate);
          const misses = [
            p.achieved < 0.97 * rate ? "achieved ≥ 97% of R" : null,
            p.maxInAnySecond > rate ? "≤ R in any 1 s" : null,
          ].filter(Boolean);
          record({
            id: "B9",
            size: `pacing ${rate}/s`,
            what: `Dispatcher pacing at a gateway rate of ${rate}/s: ${p.messages.toLocaleString("en")} SMS (~${Math.round(p.messages / rate)} s), one worker, every gate on; calls timed at the fake`,
            backend: backendName(),
            ours:
              `achieved ${p.achieved.toFixed(p.achieved < 10 ? 3 : 1)}/s first to last call (${(p.spanMs / 1000).toFixed(2)} s), ` +
              `${(p.messages / (p.wallMs / 1000)).toFixed(p.rate < 10 ? 3 : 1)}/s start to end; max ${p.maxInAnySecond} in any 1 s at the fake (${p.rate + 1} calls within ${p.tightestMs.toFixed(1)} ms at the tightest), ${p.sentMaxInAnySecond} as they left the dispatcher; ` +
              `longest pause ${Math.round(p.longestGapMs)} ms, ${p.gaps} pauses over 2 spacings (between batches)`,
            baseline: `R = ${rate}/s`,
            ratio: `${((p.achieved / rate) * 100).toFixed(1)}% of R — ${misses.length ? `misses: ${misses.join(", ")}` : "meets the goal"}`,
            goal: `achieved ≥ 97% of R; never more than R in any 1 s (${WORKERS} worker processes: the rows \`pacing R/s, ${WORKERS} workers\`)`,
            command,
            figures: { ...p },
          });
        }
      if (want("workers")) await workersPacingBench(database, s.ctx, s.listId, fake, gw.id, command);
      if (want("takeover")) {
        if (backendName() === "postgres")
          await takeoverBench(
            { database, ctx: s.ctx, sourceListId: s.listId, fake, gatewayId: gw.id },
            { id: "B9", backend: backendName(), command },
          );
        else console.log("B9 takeover skipped: the worker processes share one database, which needs PostgreSQL (set TEST_DATABASE_URL).");
      }
    } finally {
      await fake.close();
    }
  });
}
