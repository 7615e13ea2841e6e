import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { applyEventsJob, ensureSecret, type JobDeps } from "@leadflow/domain";
import { CAMPAIGN_EVENT_WINDOW_MS } from "@leadflow/domain/sending/counters/campaign-events";
import type { AnyJobDefinition } from "@leadflow/domain/shared/jobs";
import { loadConfig } from "../../../apps/server/src/config";
import { buildApp } from "../../../apps/server/src/http/app";
import { createJobQueue } from "../../../apps/server/src/jobs/queue";
import { createLiveBus } from "../../../apps/server/src/live/live-bus";
import { benchDir } from "../lead-files/file-cache";

/*
 * What B14 and B16 run against: the real app server (the hooks route, the live channel, auth) on 127.0.0.1 and a
 * free port, with its public URL set to the one the dispatcher signs StatusCallback URLs with, and a job worker
 * running the apply job on pg-boss as the product does (`runtime.ts`: the hook queues `sending.apply-events`, the
 * worker applies the inbox and publishes campaign progress through the live bus). Only that job runs: nothing else
 * (the dispatcher's sweep, reconciliation) touches the campaign while it is measured.
 */

export interface SendingServer {
  url: string;
  /** The live channel's Pusher app key. */
  liveKey: string;
  /** The worker's dependencies, for a benchmark that runs a follow-up by hand (reconciliation's apply). */
  deps: JobDeps;
  close(): Promise<void>;
}

/**
 * `web`: serve the built web app too (B16's browser). `jobs`: more jobs the worker runs beside the apply job (F16: the
 * dispatcher wake that the apply's follow-ups queue).
 */
export async function startSendingServer(
  database: Database,
  appUrl: string,
  opts: { web?: boolean; jobs?: readonly AnyJobDefinition[] } = {},
): Promise<SendingServer> {
  const dataDir = join(benchDir, `hooks-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({ LEADFLOW_DATA_DIR: dataDir, LOG_LEVEL: "warn", APP_URL: appUrl });
  // The worker's routine lines (one per applied run) are left out; its failures are printed.
  const log = (msg: string, extra?: Record<string, unknown>) => {
    if (/fail|error|warning/i.test(msg)) console.log(`  worker: ${msg}${extra ? ` ${JSON.stringify(extra)}` : ""}`);
  };
  const bus = createLiveBus(database);
  const queue = createJobQueue(database, { log, registry: [applyEventsJob, ...(opts.jobs ?? [])] });
  const deps: JobDeps = { database, live: bus.publisher, mail: config.mail, appUrl, log, jobs: queue.sender };
  await queue.start({ work: true, deps });
  const liveSecret = await ensureSecret(database.db, "live_secret");
  const { app } = await buildApp(
    { database, config, jobs: queue.sender, live: bus.publisher, liveSecret },
    { serveWeb: opts.web ?? false },
  );
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    url,
    liveKey: config.liveKey,
    deps,
    async close() {
      // A campaign's trailing progress event goes out at the end of its window: let it, before the database closes.
      await new Promise((r) => setTimeout(r, 2 * CAMPAIGN_EVENT_WINDOW_MS));
      await app.close();
      await queue.stop({ graceful: true, timeoutMs: 10_000 });
      await bus.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
