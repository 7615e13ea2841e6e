import { openDb } from "@leadflow/db";
import {
  type DispatchDeps,
  type DispatchOutcome,
  openLiveness,
  runDispatcher,
  suppressionWatchOf,
  watchLeadership,
} from "@leadflow/domain";
import { SEND_WINDOW_MS } from "@leadflow/domain/sending/dispatch/dispatcher";
import { createPacer } from "@leadflow/domain/shared/pacer";
import { PUBLIC_URL } from "./dispatch-setup";
import { WAKE_CHANNEL, wakeGateways } from "./dispatch-wake";

/*
 * The benchmarks' dispatch worker (B9 with three workers, B15, B17, F14, F15, F16): the dispatchers of some gateways
 * in a process of their own, run as a `leadflow worker` runs them, so the parent can SIGKILL it (a crash) or SIGTERM
 * it (a stop) at any moment. `node --import tsx dispatch-child.ts <database url> <Twilio url> <rate> <gateway id>…`
 * (rate `gateway`: the pace and batch the dispatcher derives from the gateway's Send rate, as in production — B9 with
 * three workers). Prints STARTED once ready and OUTCOME <gateway> <outcome> after each dispatcher run.
 *
 * What a worker process does, as the server's runtime does it (apps/server/src/runtime.ts):
 * - its liveness (`openLiveness`: an advisory lock on a connection of its own), whose key its leases carry: a lease
 *   of this process is taken over the moment it dies;
 * - the leadership watch (`watchLeadership`), which finds leases of dead processes every second and wakes their
 *   gateways, so a surviving worker takes a killed one's gateway over by itself;
 * - SIGTERM aborts `stopping`: each dispatcher hands nothing more to the provider, gives back what it claimed, lets
 *   its lease go and wakes its gateway elsewhere; then the process closes its liveness and database and exits 0.
 *
 * Wakes: the bench has no job queue, so `wake` is a NOTIFY every worker listens on (dispatch-wake.ts), standing for
 * the `sending.dispatch` job any worker would take. After a run that found the lease held by another (`leased`), a
 * worker waits for a wake — a stopping holder's, a watch's that found the holder dead, or the parent's — or a minute
 * at most (the minute's tick), as a job worker whose job ended would. After any other outcome it looks again after
 * POLL_MS (`lost`: at once): that poll stands for the wakes the parent's own writes (plans, resumes, reconciliation)
 * would send through the queue. Closing its stdin stops it after the runs in progress end.
 */

/** The dispatch job's poll: how soon a worker looks again after its run ended with nothing due. */
const POLL_MS = 500;
/** The minute's tick: the longest a worker whose run found the lease held waits without a wake. */
const TICK_MS = 60_000;

const [url, providerUrl, rateText, ...gatewayArgs] = process.argv.slice(2);
if (!url || !providerUrl || !rateText || gatewayArgs.length === 0) {
  console.error("usage: dispatch-child.ts <database url> <Twilio url> <rate> <gateway id>…");
  process.exit(2);
}
const rate = rateText === "gateway" ? null : Number(rateText);
const gatewayIds = gatewayArgs.map(Number);
const database = await openDb({ databaseUrl: url, poolSize: 4 + 2 * gatewayIds.length });
const liveness = await openLiveness(database);
const stopping = new AbortController();
let closing = false;

/** One gateway's wait between runs, cut short by a wake (one that came during the run counts too). */
function waiter() {
  let woken = false;
  let end: (() => void) | null = null;
  return {
    wake() {
      woken = true;
      end?.();
    },
    async wait(ms: number): Promise<void> {
      if (!woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          end = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        end = null;
      }
      woken = false;
    },
  };
}
const waiters = new Map(gatewayIds.map((g) => [g, waiter()]));
const wakeAll = () => {
  for (const w of waiters.values()) w.wake();
};
await database.listen(WAKE_CHANNEL, (payload) => waiters.get(Number(payload))?.wake());
const stopWatch = watchLeadership(database.db, liveness, (ids) => wakeGateways(database, ids));

process.once("SIGTERM", () => {
  stopping.abort();
  wakeAll();
});
process.stdin.on("end", () => {
  closing = true;
  wakeAll();
});
process.stdin.resume();

/** A run's dependencies, as the dispatch job builds them (dispatch.jobs.ts `dispatchDeps`); a fixed rate gives its pace and batch. */
function deps(): DispatchDeps {
  return {
    db: database.db,
    publicUrl: PUBLIC_URL,
    // SES too (F15: one proxy in front of both fakes routes by path); an SMS gateway never calls it.
    providerOptions: { baseUrls: { twilio_api: providerUrl!, twilio_messaging: providerUrl!, aws_ses: providerUrl! } },
    wake: (ids) => wakeGateways(database, ids),
    livenessKey: () => liveness.key(),
    stopping: stopping.signal,
    suppressionWatch: suppressionWatchOf(database),
    ...(rate === null ? {} : { pacer: createPacer(rate, undefined, SEND_WINDOW_MS), batchSize: Math.min(500, Math.max(10, rate * 2)) }),
  };
}

async function dispatchLoop(gatewayId: number): Promise<void> {
  const waits = waiters.get(gatewayId)!;
  while (!closing && !stopping.signal.aborted) {
    const outcome: DispatchOutcome = await runDispatcher(deps(), gatewayId);
    process.stdout.write(`OUTCOME ${gatewayId} ${outcome}\n`);
    if (outcome === "lost") continue;
    await waits.wait(outcome === "leased" ? TICK_MS : POLL_MS);
  }
}

try {
  process.stdout.write("STARTED\n");
  await Promise.all(gatewayIds.map(dispatchLoop));
} finally {
  stopWatch();
  await liveness.close();
  await database.close();
  // Stopped by SIGTERM, stdin is still open: it would keep the process alive.
  process.stdin.destroy();
}
