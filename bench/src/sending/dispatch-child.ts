import { openDb } from "@leadflow/db";
import { runDispatcher } from "@leadflow/domain";
import { SEND_WINDOW_MS } from "@leadflow/domain/sending/dispatch/dispatcher";
import { createPacer } from "@leadflow/domain/shared/pacer";
import { PUBLIC_URL } from "./dispatch-setup";

/*
 * B17's, F14's and F16's worker: the dispatchers of some gateways in a process of their own, as a job worker runs
 * them, so the parent can SIGKILL it at any moment. `node --import tsx dispatch-child.ts <database url> <Twilio url>
 * <rate> <gateway id>…` (rate `gateway`: the pace and batch the dispatcher derives from the gateway's Send rate, as
 * in production — B9 with three workers): for each gateway, runs `runDispatcher` again and again — at once after a
 * batch loop ends with work left, half a second after it found nothing (the dispatch job's poll) — printing STARTED
 * once and OUTCOME <gateway> <outcome> each time. Closing its stdin stops it after the runs in progress end.
 */

/** The dispatch job's poll: how soon a worker looks again after finding nothing due. */
const POLL_MS = 500;

const [url, providerUrl, rateText, ...gatewayArgs] = process.argv.slice(2);
if (!url || !providerUrl || !rateText || gatewayArgs.length === 0) {
  console.error("usage: dispatch-child.ts <database url> <Twilio url> <rate> <gateway id>…");
  process.exit(2);
}
const rate = rateText === "gateway" ? null : Number(rateText);
const database = await openDb({ databaseUrl: url, poolSize: 4 + 2 * gatewayArgs.length });
let stopping = false;
process.stdin.on("end", () => {
  stopping = true;
});
process.stdin.resume();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The gateway's pace and batch as the dispatcher derives them from a rate (see dispatch-setup.ts `dispatchDeps`).
async function dispatchLoop(gatewayId: number): Promise<void> {
  const deps = {
    db: database.db,
    publicUrl: PUBLIC_URL,
    // SES too (F15: one proxy in front of both fakes routes by path); an SMS gateway never calls it.
    providerOptions: { baseUrls: { twilio_api: providerUrl!, twilio_messaging: providerUrl!, aws_ses: providerUrl! } },
    ...(rate === null ? {} : { pacer: createPacer(rate, undefined, SEND_WINDOW_MS), batchSize: Math.min(500, Math.max(10, rate * 2)) }),
  };
  while (!stopping) {
    const outcome = await runDispatcher(deps, gatewayId);
    process.stdout.write(`OUTCOME ${gatewayId} ${outcome}\n`);
    if (outcome !== "lost") await sleep(POLL_MS);
  }
}

try {
  process.stdout.write("STARTED\n");
  await Promise.all(gatewayArgs.map((g) => dispatchLoop(Number(g))));
} finally {
  await database.close();
}
