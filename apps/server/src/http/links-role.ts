import { type Database, migrateDb } from "@leadflow/db";
import { createFileStore, type JobDeps, secretsKeyFromEnv } from "@leadflow/domain";
import type { Config } from "../config";
import { createJobQueue } from "../jobs/queue";
import { createLiveBus } from "../live/live-bus";
import { processLog, resolveLogSettings } from "../log";
import { createLinksServer } from "./links-server";

/** The start-up and shutdown lines, as the other roles say them. */
const log = (msg: string) => console.log(`[leadflow] ${msg}`);

/**
 * The `links` role (docs/scaling.md); runtime.ts starts it, with its way of opening the database: short-link redirects, the open pixel and the hit buffer's flushes, nothing else.
 * SIGTERM drains it like the api: no new requests, those in flight answered, then every buffered hit written.
 */
export async function runLinks(
  config: Config,
  openDatabase: (config: Config, pool: { size: number; name: string }) => Promise<Database>,
): Promise<void> {
  secretsKeyFromEnv();
  const database = await openDatabase(config, { size: config.pools.requests, name: "leadflow-links" });
  await migrateDb(database);
  const jobLog = processLog(resolveLogSettings(config, "api"));
  // Only sends jobs (a trigger campaign's dispatcher woken by a click), never works them.
  const queue = createJobQueue(database, { log: jobLog.warn, teamConcurrency: config.teamJobConcurrency });
  const files = createFileStore(config.files);
  const bus = createLiveBus(database);
  const deps: JobDeps = {
    database,
    live: bus.publisher,
    mail: config.mail,
    appUrl: config.appUrl.replace(/\/+$/, ""),
    log: jobLog,
    jobs: queue.sender,
    files,
    stopping: new AbortController().signal,
    livenessKey: () => null,
  };
  await queue.start({ work: false, deps });
  const links = createLinksServer({ database, config, jobs: queue.sender }, jobLog.warn);
  await new Promise<void>((resolve) => links.server.listen(config.port, config.host, resolve));
  log(`links ready on PostgreSQL — redirects on ${config.host}:${config.port}`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining…`);
    const force = setTimeout(() => {
      log("drain timed out; exiting");
      process.exit(1);
    }, 40_000);
    force.unref();
    try {
      await links.close();
      await queue.stop({ graceful: true, timeoutMs: 30_000 });
      await bus.stop();
      await database.close();
      log("stopped");
      process.exit(0);
    } catch (e) {
      log(`shutdown failed: ${(e as Error).message}`);
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
