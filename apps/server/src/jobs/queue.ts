import type { Database } from "@leadflow/db";
import { type AnyJobDefinition, type JobDeps, type JobSender, textExecutor } from "@leadflow/domain";
import { type ConstructorOptions, fromPglite, type Job, type JobResult, PgBoss, type QueueOptions, type SendOptions } from "pg-boss";
import { jobRegistry } from "./registry";

export type JobLog = (msg: string, extra?: Record<string, unknown>) => void;

export interface JobQueueOptions {
  log: JobLog;
  /** The jobs this queue knows; the program's registry unless a test brings its own. */
  registry?: readonly AnyJobDefinition[];
  /** How often an idle worker asks for a job (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs of one kind this process runs at once. */
  concurrency?: number;
  /** How often pg-boss looks for expired jobs and stale heartbeats (its default is 60). */
  superviseIntervalSeconds?: number;
  /** Jobs of one kind one team runs at once in this worker process, unless the job says otherwise (default 1). */
  teamConcurrency?: number;
}

export interface JobQueue {
  /** Validates the payload and enqueues; inside a transaction, only with `{ tx }` (see SendOptions). */
  sender: JobSender;
  /** Installs/migrates pg-boss's schema, creates a queue per job; with `work`, runs them here too. */
  start(opts: { work: boolean; deps: JobDeps }): Promise<void>;
  /** Graceful (default): take no new jobs, wait for running handlers up to `timeoutMs`, then fail what is left. */
  stop(opts?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  /** Takes no new job of these kinds (running ones go on); the queue still sends, so others' workers take them. */
  stopTaking(names: readonly string[]): Promise<void>;
  /** The pg-boss instance once started, for admin commands and tests. */
  readonly boss: PgBoss | undefined;
}

const DEFAULT_EXPIRE_SECONDS = 15 * 60;
const NO_JOB = "00000000-0000-0000-0000-000000000000";

/** Jobs on pg-boss, on either backend: PGlite through pg-boss's adapter, PostgreSQL through its own small pool. */
export function createJobQueue(database: Database, opts: JobQueueOptions): JobQueue {
  const registry = opts.registry ?? jobRegistry;
  const known = new Set(registry.map((job) => job.name));
  const { log } = opts;
  let boss: PgBoss | undefined;

  const sender: JobSender = {
    async send(job, payload, sendOpts) {
      if (!boss) throw new Error(`The job queue is not started: cannot send ${job.name}.`);
      if (!known.has(job.name)) throw new Error(`Job ${job.name} is not in the job registry.`);
      const data = job.payload.parse(payload);
      const options: SendOptions = {};
      if (sendOpts?.singletonKey !== undefined) options.singletonKey = sendOpts.singletonKey;
      if (sendOpts?.startAfterSeconds !== undefined) options.startAfter = sendOpts.startAfterSeconds;
      if (sendOpts?.tx) options.db = textExecutor(sendOpts.tx);
      const team = teamOf(data, sendOpts?.teamId);
      if (team !== undefined) options.group = { id: `team:${team}` };
      return boss.send(job.name, data as object, options);
    },
  };

  function handlerFor(def: AnyJobDefinition, deps: JobDeps) {
    return async (jobs: Job<unknown>[]): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        const parsed = def.payload.safeParse(job.data);
        if (!parsed.success) {
          // Retrying cannot fix a payload: fail it for good, with the reason on the job.
          const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`);
          log(`job ${def.name} ${job.id}: invalid payload, failed without retry`, { issues });
          results.push({ id: job.id, status: "deadletter", output: { message: "Invalid payload", issues } });
          continue;
        }
        try {
          await def.handler(deps, parsed.data as never);
          results.push({ id: job.id, status: "completed" });
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          log(`job ${def.name} ${job.id} failed (attempt ${job.retryCount + 1} of ${def.retry.limit + 1}): ${message}`);
          results.push({ id: job.id, status: "failed", output: { message } });
        }
      }
      return results;
    };
  }

  return {
    sender,
    get boss() {
      return boss;
    },

    async start({ work, deps }) {
      if (boss) throw new Error("The job queue is already started.");
      // An API-only process sends jobs but leaves maintenance and scheduling to the workers.
      const instance = new PgBoss({
        ...connection(database, work),
        supervise: work,
        schedule: work,
        migrate: true,
        ...(opts.superviseIntervalSeconds
          ? { superviseIntervalSeconds: opts.superviseIntervalSeconds, monitorIntervalSeconds: opts.superviseIntervalSeconds }
          : {}),
      });
      instance.on("error", (e) => log(`job queue error: ${e.message}`));
      instance.on("warning", (w) => log(`job queue warning: ${w.message}`, w.data as Record<string, unknown> | undefined));
      boss = instance;
      await instance.start();
      for (const def of registry) {
        const policy: QueueOptions = {
          retryLimit: def.retry.limit,
          retryDelay: def.retry.delaySeconds,
          retryBackoff: def.retry.backoff,
          expireInSeconds: def.expireSeconds ?? DEFAULT_EXPIRE_SECONDS,
        };
        await instance.createQueue(def.name, def.heartbeatSeconds ? { ...policy, heartbeatSeconds: def.heartbeatSeconds } : policy);
        // createQueue leaves an existing queue as it was: the code's policy wins on every start.
        await instance.updateQueue(def.name, { ...policy, heartbeatSeconds: def.heartbeatSeconds ?? null });
        // Fills pg-boss's queue cache: a send with `{ tx }` that missed it would read the queue on pg-boss's own
        // connection, which on PGlite waits for that very transaction.
        await instance.getJobById(def.name, NO_JOB);
        if (def.cron && work) await instance.schedule(def.name, def.cron, {}, { tz: "UTC" });
      }
      if (!work) return;
      // A job the program no longer has (its work moved elsewhere) must not keep firing from an older schedule.
      for (const s of await instance.getSchedules()) if (!known.has(s.name)) await instance.unschedule(s.name, s.key);
      for (const def of registry) {
        await instance.work(
          def.name,
          {
            perJobResults: true,
            pollingIntervalSeconds: def.pollSeconds ?? opts.pollingIntervalSeconds ?? 2,
            localConcurrency: opts.concurrency ?? 2,
            // Per team and worker process, below the process's slots: one team's imports, exports or lookups
            // never take every slot of a worker. pg-boss's cross-process `groupConcurrency` is checked when each
            // fetch starts, so local workers polling at the same moment (a burst of sends wakes them all) each
            // took one of a team's jobs; the local count is exact (an excess job goes back to the queue).
            localGroupConcurrency: def.teamConcurrency ?? opts.teamConcurrency ?? 1,
          },
          handlerFor(def, deps),
        );
      }
    },

    async stopTaking(names) {
      for (const name of names) await boss?.offWork(name, { wait: false });
    },

    async stop({ graceful = true, timeoutMs = 30_000 } = {}) {
      await boss?.stop({ graceful, timeout: timeoutMs, close: true });
    },
  };
}

/**
 * The team a job works for: given by the sender, or its payload's `teamId`. Jobs of no team (sweeps, a gateway's
 * dispatcher, mail) are not grouped and only the worker's own concurrency bounds them.
 */
function teamOf(payload: unknown, given: number | undefined): number | undefined {
  if (given !== undefined) return given;
  const team = (payload as { teamId?: unknown } | null)?.teamId;
  return typeof team === "number" && Number.isInteger(team) ? team : undefined;
}

function connection(database: Database, work: boolean): ConstructorOptions {
  if (database.kind === "pglite") {
    if (!database.pglite) throw new Error("Embedded database without its PGlite instance.");
    return { db: fromPglite(database.pglite), backend: "pglite" };
  }
  const connectionString = database.pool?.options.connectionString;
  if (!connectionString) throw new Error("The job queue needs the database URL the pool was opened with.");
  // Its own small pool: pg-boss needs session-pinned connections (LISTEN, transactions) the app pool does not lend.
  return { connectionString, max: work ? 4 : 2, application_name: "leadflow-jobs" };
}
