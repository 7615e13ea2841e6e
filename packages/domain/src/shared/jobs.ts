import type { Database } from "@leadflow/db";
import type { z } from "zod";
import type { FileStore } from "./file-store";
import type { LivePublisher } from "./live";
import type { MailConfig } from "./mail-config";
import type { DbOrTx } from "./rows";

/** What a job handler may use; the same in every process role. */
export interface JobDeps {
  database: Database;
  live: LivePublisher;
  mail: MailConfig;
  /** The app's public base URL (provider callbacks, links in messages); the sending jobs need it. */
  appUrl?: string;
  log: (msg: string, extra?: Record<string, unknown>) => void;
  /** Where uploads and exports live (shared/file-store.ts); absent: the local folder, where refs are absolute paths. */
  files?: FileStore;
  /** Enqueues follow-up jobs (the lookup sweep); absent where a handler is run by hand. */
  jobs?: JobSender;
  /** Aborted when the process starts to stop: long handlers (a gateway's dispatcher) hand their work back at once. */
  stopping?: AbortSignal;
  /**
   * This process's liveness key for the leases that move with it (the dispatchers': sending/dispatch/leadership.ts); absent or
   * null where there is none (the embedded database).
   */
  livenessKey?: () => number | null;
}

export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  handler: (deps: JobDeps, payload: P) => Promise<void>;
  retry: RetryPolicy;
  /** Seconds after which a running job counts as lost and is retried. */
  expireSeconds?: number;
  /**
   * Long jobs: the worker refreshes a heartbeat while the handler runs, and a job whose heartbeat is older than
   * this (its worker was killed) is retried without waiting for `expireSeconds` (at least 10).
   */
  heartbeatSeconds?: number;
  /** How often an idle worker asks for this job, in seconds (pg-boss's least is 0.5); default the queue's. */
  pollSeconds?: number;
  /** Cron expression (UTC): the workers run it on this schedule, once per tick across all processes. */
  cron?: string;
  /**
   * Jobs of this kind one team may run at once in one worker process (default: the server's
   * LEADFLOW_TEAM_JOB_CONCURRENCY, 1), below the worker's slots of that kind (2), so one team never takes them
   * all. A job's team is its payload's `teamId`, or `SendOptions.teamId`.
   */
  teamConcurrency?: number;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

/**
 * A job of any payload type. The handler takes `never` because a handler of one payload cannot take any
 * payload; the queue only ever calls it with what the same definition's schema parsed.
 */
export type AnyJobDefinition = Omit<JobDefinition<unknown>, "handler"> & { handler: JobDefinition<never>["handler"] };

export interface SendOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * The transaction the job belongs to: it is enqueued on that transaction's connection and exists only if the
   * transaction commits. Inside a transaction this is the only way to send (on PGlite, a send on the queue's own
   * connection waits for the transaction to end: a deadlock).
   */
  tx?: DbOrTx;
  /** The team the job works for, when its payload has no `teamId`: counts against that team's concurrency. */
  teamId?: number;
}

/** Enqueues work; implemented on pg-boss by the server. */
export interface JobSender {
  send<P>(job: JobDefinition<P>, payload: P, opts?: SendOptions): Promise<string | null>;
}
