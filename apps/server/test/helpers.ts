import type { LiveEventName, LiveEventPayload } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import type { JobDefinition, JobDeps, JobSender, LivePublisher } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../src/config";
import { buildApp } from "../src/http/app";
import type { AppDeps } from "../src/http/types";

/**
 * Records what was enqueued; tests run handlers themselves when they care — or name jobs that run at once, in the
 * background, as a worker would (`running` holds them, for a test to await).
 */
export function recordingJobs(run: { names: readonly string[]; deps: () => JobDeps } | null = null) {
  const sent: { name: string; payload: unknown }[] = [];
  const running: Promise<void>[] = [];
  const sender: JobSender = {
    async send<P>(job: JobDefinition<P>, payload: P) {
      sent.push({ name: job.name, payload });
      if (run?.names.includes(job.name)) running.push(job.handler(run.deps(), payload).catch(() => undefined));
      return String(sent.length);
    },
  };
  return { sender, sent, running };
}

export function recordingLive() {
  /** A user's event has `userId`, a team's `teamId`. */
  const events: { userId?: number; teamId?: number; event: LiveEventName; payload: unknown }[] = [];
  const publisher: LivePublisher = {
    async toUser<E extends LiveEventName>(userId: number, event: E, payload: LiveEventPayload<E>) {
      events.push({ userId, event, payload });
    },
    async toTeam<E extends LiveEventName>(teamId: number, event: E, payload: LiveEventPayload<E>) {
      events.push({ teamId, event, payload });
    },
  };
  return { publisher, events };
}

/**
 * A migrated database, the API on it (not listening; use app.inject) and a factory; `deps` replaces outside services
 * (DNS); `runJobs`: jobs that run as soon as they are sent (the gateways' dispatchers, say), as a worker would.
 */
export async function setupApi(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, "resolveHost"> = {},
  opts: { runJobs?: readonly string[] } = {},
) {
  const database: Database = await createTestDatabase();
  const config = loadConfig({ LEADFLOW_DATA_DIR: "/tmp/leadflow-test", LEADFLOW_AUTH_RATE_LIMIT: "1000", ...env });
  const live = recordingLive();
  const jobDeps = (): JobDeps => ({
    database,
    live: live.publisher,
    mail: config.mail,
    appUrl: config.appUrl.replace(/\/+$/, ""),
    log: () => undefined,
    jobs: jobs.sender,
  });
  const jobs = recordingJobs(opts.runJobs?.length ? { names: opts.runJobs, deps: jobDeps } : null);
  const { app, routes } = await buildApp(
    { database, config, jobs: jobs.sender, live: live.publisher, liveSecret: "test-secret", ...deps },
    { serveWeb: false },
  );
  await app.ready();
  const factory = makeFactory(database);
  return {
    app,
    routes,
    database,
    db: database.db,
    config,
    jobs,
    live,
    factory,
    auth: (token: string) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await Promise.all(jobs.running);
      await app.close();
      await database.close();
    },
  };
}
export type Api = Awaited<ReturnType<typeof setupApi>>;

/**
 * The API of one test file: set up (a fresh database) before its tests and closed after them. The object is filled
 * in by the file's first beforeAll, so it is read in tests and later hooks only.
 */
export function useApi(...args: Parameters<typeof setupApi>): Api {
  const api = {} as Api;
  beforeAll(async () => {
    Object.assign(api, await setupApi(...args));
  });
  afterAll(() => api.close());
  return api;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A fresh team, signed in: the factory's team, its auth headers `h`, and `call` sending a request as it. */
export async function signedInTeam(api: Api, ...opts: Parameters<Api["factory"]["team"]>) {
  const t = await api.factory.team(...opts);
  const h = api.auth(t.token);
  const call = (method: Method, url: string, payload?: object) =>
    api.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload }) });
  return { ...t, h, call };
}
