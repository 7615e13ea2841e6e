import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { cleanupJob, defineJob, deliverMailJob, issueToken, type JobDeps, sendMail } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createJobQueue, type JobQueue } from "../src/jobs/queue";
import { jobRegistry } from "../src/jobs/registry";
import { recordingLive } from "./helpers";

/** Calls per key, so each test reads its own counter. */
const calls = new Map<string, number>();
const count = (key: string) => calls.get(key) ?? 0;

const flakyJob = defineJob({
  name: "test.flaky",
  payload: z.object({ key: z.string(), failTimes: z.number().int() }),
  retry: { limit: 2, delaySeconds: 0, backoff: false },
  async handler(_deps, { key, failTimes }) {
    const n = count(key) + 1;
    calls.set(key, n);
    if (n <= failTimes) throw new Error(`attempt ${n} fails`);
  },
});

/** Runs until the test releases it: how long a handler takes is the test's decision, not a timer's. */
const releaseSlow = new Map<string, () => void>();
const slowJob = defineJob({
  name: "test.slow",
  payload: z.object({ key: z.string() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  async handler(_deps, { key }) {
    calls.set(`${key}:started`, 1);
    await new Promise<void>((resolve) => releaseSlow.set(key, resolve));
    calls.set(`${key}:finished`, 1);
  },
});

let database: Database;
let queue: JobQueue;
const logged: string[] = [];
let deps: JobDeps;

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function jobState(id: string) {
  const r = await database.query<{ state: string; retry_count: number; output: unknown; start_after: Date; started_on: Date | null }>(
    "SELECT state, retry_count, output, start_after, started_on FROM pgboss.job WHERE id = $1",
    [id],
  );
  return r.rows[0];
}

const settled = (id: string) =>
  waitFor(async () => ((s) => (s && ["completed", "failed"].includes(s.state) ? s : undefined))(await jobState(id)));

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { database, live: recordingLive().publisher, mail: { driver: "outbox", from: "test@leadflow.test" }, log: (m) => logged.push(m) };
  queue = createJobQueue(database, {
    log: (m) => logged.push(m),
    registry: [...jobRegistry, flakyJob, slowJob],
    pollingIntervalSeconds: 0.5,
  });
  await queue.start({ work: true, deps });
});

afterAll(async () => {
  await queue?.stop({ graceful: false });
  await database?.close();
});

describe("job queue", () => {
  it("delivers an outbox mail through the worker, once", async () => {
    const to = `jobs-${Date.now()}@example.test`;
    const id = await sendMail(database.db, queue.sender, { to, subject: "Welcome", text: "Hello" });
    const row = await waitFor(async () => {
      const r = await database.query<{ status: string; attempts: number; sent_at: Date }>(
        "SELECT status, attempts, sent_at FROM mail_outbox WHERE id = $1",
        [id],
      );
      return r.rows[0]?.status === "sent" ? r.rows[0] : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(logged.filter((m) => m.startsWith(`mail to ${to}`))).toHaveLength(1);

    // pg-boss is at-least-once: a second run of the same job must not deliver again.
    await deliverMailJob.handler(deps, { id });
    const again = await database.query<{ attempts: number; sent_at: Date }>("SELECT attempts, sent_at FROM mail_outbox WHERE id = $1", [
      id,
    ]);
    expect(again.rows[0]).toEqual({ attempts: 1, sent_at: row.sent_at });
    expect(logged.filter((m) => m.startsWith(`mail to ${to}`))).toHaveLength(1);
  });

  it("creates each queue with its job's retry policy", async () => {
    const q = await queue.boss!.getQueue(deliverMailJob.name);
    expect(q).toMatchObject({ retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 });
  });

  it("retries a failing handler per its policy, then succeeds", async () => {
    const id = await queue.sender.send(flakyJob, { key: "recovers", failTimes: 2 });
    const state = await settled(id!);
    expect(state.state).toBe("completed");
    expect(count("recovers")).toBe(3);
  });

  it("fails for good once the retries are spent", async () => {
    const id = await queue.sender.send(flakyJob, { key: "hopeless", failTimes: 99 });
    const state = await settled(id!);
    expect(state.state).toBe("failed");
    expect(count("hopeless")).toBe(3); // the first attempt and retryLimit (2) retries
    expect(state.output).toMatchObject({ message: "attempt 3 fails" });
    expect(logged.some((m) => m.includes("test.flaky") && m.includes("attempt 3 of 3"))).toBe(true);
  });

  it("refuses an invalid payload when sending, and fails one that got in anyway without retrying", async () => {
    await expect(queue.sender.send(flakyJob, { key: "x" } as never)).rejects.toThrow();
    const id = await queue.boss!.send(flakyJob.name, { key: "forged" });
    const state = await settled(id!);
    expect(state).toMatchObject({ state: "failed", retry_count: 0 });
    expect(count("forged")).toBe(0);
    expect(logged.some((m) => m.includes(`${id}: invalid payload`))).toBe(true);
  });

  it("refuses a job that is not in the registry", async () => {
    const stranger = defineJob({
      name: "test.stranger",
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      handler: async () => {},
    });
    await expect(queue.sender.send(stranger, {})).rejects.toThrow(/not in the job registry/);
  });

  it("holds a delayed job until its time", async () => {
    const before = await database.query<{ now: Date }>("SELECT pgboss.job_now() AS now");
    const id = await queue.sender.send(flakyJob, { key: "later", failTimes: 0 }, { startAfterSeconds: 2 });
    const done = await settled(id!);
    expect(done.state).toBe("completed");
    expect(count("later")).toBe(1);
    // Both times are pg-boss's clock, whatever this machine was doing meanwhile: due 2 s on, started no sooner.
    expect(done.start_after.getTime() - before.rows[0]!.now.getTime()).toBeGreaterThanOrEqual(2000);
    expect(done.started_on!.getTime()).toBeGreaterThanOrEqual(done.start_after.getTime());
  });

  // Last: it stops the queue.
  it("stop({ graceful }) waits for a running handler", async () => {
    const id = await queue.sender.send(slowJob, { key: "drain" });
    await waitFor(() => count("drain:started") === 1 || undefined);
    let stopped = false;
    const stopping = queue.stop({ graceful: true, timeoutMs: 60_000 }).then(() => {
      stopped = true;
    });
    // However long this takes, stop() cannot have returned: the handler has not been released.
    await waitFor(async () => (await jobState(id!))?.state === "active" || undefined);
    expect(stopped).toBe(false);
    releaseSlow.get("drain")!();
    await stopping;
    expect(count("drain:finished")).toBe(1);
    expect((await jobState(id!))?.state).toBe("completed");
  });
});

describe("job queue in an API-only process", () => {
  it("sends without running jobs, and a worker process runs them", async () => {
    const api = createJobQueue(database, { log: () => {}, registry: [...jobRegistry, flakyJob, slowJob], pollingIntervalSeconds: 0.5 });
    await api.start({ work: false, deps });
    const worker = createJobQueue(database, { log: () => {}, registry: [...jobRegistry, flakyJob, slowJob], pollingIntervalSeconds: 0.5 });
    try {
      const id = await api.sender.send(flakyJob, { key: "api-only", failTimes: 0 });
      await new Promise((r) => setTimeout(r, 1200));
      expect(count("api-only")).toBe(0);
      expect((await jobState(id!))?.state).toBe("created");
      await worker.start({ work: true, deps });
      expect((await settled(id!)).state).toBe("completed");
    } finally {
      await worker.stop({ graceful: false });
      await api.stop();
    }
  });

  it("stop() gives up on a handler that outlives the timeout and fails its job", async () => {
    const worker = createJobQueue(database, { log: () => {}, registry: [...jobRegistry, flakyJob, slowJob], pollingIntervalSeconds: 0.5 });
    await worker.start({ work: true, deps });
    const id = await worker.sender.send(slowJob, { key: "stuck" });
    await waitFor(() => count("stuck:started") === 1 || undefined);
    // The handler is never released before stop() returns: returning at all is giving up on it.
    await worker.stop({ graceful: true, timeoutMs: 1000 });
    expect(count("stuck:finished")).toBe(0);
    expect((await jobState(id!))?.state).toBe("failed");
    releaseSlow.get("stuck")!();
  });
});

describe("maintenance.cleanup", () => {
  it("deletes stale rate-limit windows, dead tokens and expired resets, and keeps live ones", async () => {
    const database = await createTestDatabase();
    try {
      const { user } = await makeFactory(database).team();
      await database.query(
        "INSERT INTO rate_limits (key, window_start, hits) VALUES ('old', now() - interval '2 days', 3), ('fresh', now(), 1)",
      );
      const live = await issueToken(database.db, user, 3600);
      await database.query(
        "INSERT INTO access_tokens (team_id, user_id, token_hash, expires_at) VALUES ($1, $2, 'dead', now() - interval '8 days')",
        [user.team_id, user.id],
      );
      await cleanupJob.handler(
        { database, live: { toUser: async () => {}, toTeam: async () => {} }, mail: { driver: "outbox", from: "x@y" }, log: () => {} },
        {},
      );
      const keys = (await database.query<{ key: string }>("SELECT key FROM rate_limits ORDER BY key")).rows.map((r) => r.key);
      expect(keys).toEqual(["fresh"]);
      const tokens = (await database.query<{ token_hash: string }>("SELECT token_hash FROM access_tokens")).rows.map((r) => r.token_hash);
      expect(tokens).not.toContain("dead");
      expect(tokens).toHaveLength(2);
      expect(live.access_token).toBeTruthy();
    } finally {
      await database.close();
    }
  });
});
