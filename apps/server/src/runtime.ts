import type { Server } from "node:net";
import { setPriority } from "node:os";
import { type Database, DataDirLockedError, migrateDb, openDb } from "@leadflow/db";
import {
  createFileStore,
  dispatchJob,
  ensureSecret,
  isEmptyInstall,
  type JobDeps,
  NO_LIVENESS,
  openLiveness,
  planSegmentJoiners,
  releaseLeasesAtStart,
  type SegmentSyncLoop,
  secretsKeyFromEnv,
  seedDemo,
  setSetting,
  sharedSandboxCallbacks,
  startSegmentSync,
  wakeDispatchers,
  watchLeadership,
} from "@leadflow/domain";
import { serveAdminSocket } from "./cli/admin-socket";
import type { Config } from "./config";
import { buildApp } from "./http/app";
import { drain, isDraining } from "./http/drain";
import { mountLinkHandler } from "./http/link-handler";
import { runLinks } from "./http/links-role";
import type { App } from "./http/types";
import { createJobQueue } from "./jobs/queue";
import { createLiveBus } from "./live/live-bus";
import { type LogSettings, processLog, resolveLogSettings } from "./log";

export type Role = "start" | "api" | "worker" | "links";

/** The start-up and shutdown lines, whatever the log's level: where the program is and what it is doing. */
const log = (msg: string) => console.log(`[leadflow] ${msg}`);

/**
 * The embedded database's buffer cache. PGlite's default (128 MB) is resident from the moment it opens; an
 * install's working set is far smaller, and pages outside the cache are still in the OS's file cache.
 */
const EMBEDDED_SHARED_BUFFERS = "32MB";

export async function openDatabase(config: Config, pool?: { size: number; name: string }): Promise<Database> {
  try {
    return await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: pool?.size,
      applicationName: pool?.name,
      sharedBuffers: EMBEDDED_SHARED_BUFFERS,
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      throw new Error(
        `${e.message} Stop it first, or use its admin commands (npm run leadflow -- …), which reach it over its admin socket.`,
      );
    }
    throw e;
  }
}

/**
 * Runs one role of the program. `start` is everything in one process (the embedded default); `api` serves
 * HTTP and the live channel; `worker` runs jobs. SIGTERM drains: no new requests or jobs, running ones finish.
 */
export async function run(role: Role, config: Config): Promise<void> {
  if (role === "links") return runLinks(config, openDatabase);
  // A malformed credentials key (or sandbox callback delay) stops the start, not the first save or send hours later.
  secretsKeyFromEnv();
  sharedSandboxCallbacks();
  const { pools } = config;
  const logging = resolveLogSettings(config, role);
  const jobLog = processLog(logging);
  // A worker's parsing, normalising and exports yield the CPU to api processes on the same machine, so pages stay
  // quick while a big import runs (S2, docs/scaling.md). Set before any thread starts: threads inherit it.
  if (role === "worker" && config.workerNice > 0) {
    try {
      setPriority(config.workerNice);
    } catch {
      // Not permitted here (a container without the capability): the worker runs at normal priority.
    }
  }
  const database = await openDatabase(
    config,
    role === "worker" ? { size: pools.jobs, name: "leadflow-jobs-work" } : { size: pools.requests, name: "leadflow" },
  );
  await migrateDb(database);
  // Server mode splits the connections: pages keep theirs whatever the import API or the jobs are doing.
  const server = database.kind === "postgres";
  const bulk = server && role !== "worker" ? await openDatabase(config, { size: pools.bulk, name: "leadflow-bulk" }) : database;
  const background = server && role === "start" ? await openDatabase(config, { size: pools.jobs, name: "leadflow-jobs-work" }) : database;
  if (config.autoApprove !== undefined) await setSetting(database.db, "auto_approve", config.autoApprove);

  let demoNotice: string | undefined;
  if (role === "start" && database.kind === "pglite" && (await isEmptyInstall(database.db))) {
    const demo = await seedDemo(database.db, { appUrl: config.appUrl });
    demoNotice = `Demo team created with its leads and two finished campaigns. Sign in as ${demo.email} / ${demo.password}`;
  }

  const serveHttp = role !== "worker";
  const works = role !== "api";
  // The live channel listens for events itself (app ready → LISTEN); here the bus only publishes.
  const bus = createLiveBus(database);
  const queue = createJobQueue(database, { log: jobLog.warn, teamConcurrency: config.teamJobConcurrency });
  const files = createFileStore(config.files);
  // A process that sends holds its liveness while it lives: its gateways move to another process the moment it ends
  // (docs/sending.md, Leadership). The embedded database has one process: its predecessor's leases go at start.
  const liveness = works ? await openLiveness(database, jobLog) : NO_LIVENESS;
  if (works && database.kind === "pglite") await releaseLeasesAtStart(database.db);
  const sending = new AbortController();
  const deps: JobDeps = {
    database: background,
    live: bus.publisher,
    mail: config.mail,
    appUrl: config.appUrl.replace(/\/+$/, ""),
    log: jobLog,
    jobs: queue.sender,
    files,
    stopping: sending.signal,
    livenessKey: () => liveness.key(),
  };
  await queue.start({ work: works, deps });
  const stopWatch =
    works && database.kind === "postgres"
      ? watchLeadership(database.db, liveness, (ids) => wakeDispatchers(queue.sender, ids), jobLog)
      : undefined;
  // Dynamic audience membership runs where the jobs do.
  // Its new members of a started campaign's segments are planned at once (the tick would take up to a minute).
  const segmentSync: SegmentSyncLoop | undefined =
    role !== "api"
      ? startSegmentSync(background, {
          log: jobLog,
          onChanged: (r) => planSegmentJoiners(background.db, queue.sender, r.changed),
        })
      : undefined;

  let app: App | undefined;
  if (serveHttp) {
    const liveSecret = await ensureSecret(database.db, "live_secret");
    ({ app } = await buildApp(
      { database, bulk, config, jobs: queue.sender, live: bus.publisher, liveSecret, files },
      { logger: { settings: logging } },
    ));
    // Short links answer ahead of Fastify (docs/short-links.md); everything else reaches it unchanged.
    mountLinkHandler(app.server, app.linkRouter, { trustProxy: config.trustProxy, draining: () => isDraining(app!) });
    await app.listen({ port: config.port, host: config.host });
  }
  let adminSocket: Server | undefined;
  if (database.kind === "pglite") adminSocket = await serveAdminSocket(database, config.dataDir, { appUrl: config.appUrl });

  const where = database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  log(`${role} ready on ${where}${serveHttp ? ` — open ${config.appUrl}` : ""}`);
  const s3 = config.files.s3;
  log(
    `Files (uploads, exports): ${s3 ? `S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ""}` : `${config.files.dataDir} on this machine`}`,
  );
  if (serveHttp)
    log(
      `Listening on ${config.host}:${config.port}${config.host === "127.0.0.1" ? " (this machine only; HOST=0.0.0.0 listens on every interface)" : ""}`,
    );
  if (config.mail.driver === "outbox") log("Mail goes to the outbox: `npm run leadflow -- mail list` prints it.");
  log(logsLine(logging));
  if (demoNotice) log(demoNotice);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining…`);
    // Sending stops first: nothing more is handed to a provider, claimed messages go back, and another process leads
    // this one's gateways within a second or two.
    await queue.stopTaking([dispatchJob.name]).catch(() => undefined);
    sending.abort();
    stopWatch?.();
    const force = setTimeout(() => {
      log("drain timed out; exiting");
      process.exit(1);
    }, 40_000);
    force.unref();
    try {
      // The sandbox's delayed status callbacks go out now, while this process's hooks still answer; any sent
      // later (a worker finishing) go out at once, and one that cannot be delivered is logged, not dropped silently.
      await sharedSandboxCallbacks().close();
      // HTTP first, while the database still answers the requests in flight; live sockets are told to reconnect.
      if (app) await drain(app);
      await queue.stop({ graceful: true, timeoutMs: 30_000 });
      await liveness.close();
      await segmentSync?.stop();
      await bus.stop();
      adminSocket?.close();
      if (bulk !== database) await bulk.close();
      if (background !== database) await background.close();
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

/** Where the log goes and how to change it, said once at start. */
function logsLine({ format, level }: LogSettings): string {
  if (format === "json")
    return `Logs: ${level} and above on stdout, requests as JSON lines (LOG_FORMAT=pretty for readable lines, LOG_LEVEL to change the level)`;
  if (level === "warn")
    return "Logs: warnings and errors on this terminal, one line each (LOG_LEVEL=info for every request, LOG_FORMAT=json for JSON lines)";
  return `Logs: ${level} and above on this terminal, one line each (LOG_FORMAT=json for JSON lines)`;
}
