import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { defineJob, type JobDeps } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createJobQueue, type JobQueue } from "../src/jobs/queue";
import { recordingLive } from "./helpers";

/**
 * One team never slows another (docs/scaling.md): one team's jobs of a kind (imports, exports, lookups) never take
 * every worker slot. Each job runs until the test releases it, so what runs together is the queue's doing, not a race
 * of timers.
 */
const running = new Map<string, number>();
const started: string[] = [];
const release = new Map<string, () => void>();

const teamJob = defineJob({
  name: "test.team-work",
  payload: z.object({ teamId: z.number().int(), name: z.string() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  async handler(_deps, { teamId, name }) {
    const key = `team ${teamId}`;
    running.set(key, (running.get(key) ?? 0) + 1);
    started.push(name);
    await new Promise<void>((resolve) => release.set(name, resolve));
    running.set(key, running.get(key)! - 1);
  },
});

let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  const deps: JobDeps = { database, live: recordingLive().publisher, mail: { driver: "outbox", from: "t@leadflow.test" }, log: () => {} };
  // Three slots in this worker, one job of a kind per team at a time.
  queue = createJobQueue(database, { log: () => {}, registry: [teamJob], pollingIntervalSeconds: 0.5, concurrency: 3, teamConcurrency: 1 });
  await queue.start({ work: true, deps });
});

afterAll(async () => {
  for (const r of release.values()) r();
  await queue?.stop({ graceful: false });
  await database?.close();
});

async function until(probe: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out; started: ${started.join(", ")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("per-team job concurrency", () => {
  it("runs one job of a team at a time and gives the other slots to other teams", async () => {
    for (const name of ["a1", "a2", "a3"]) await queue.sender.send(teamJob, { teamId: 1, name });
    await until(() => started.length === 1);
    // Team 1's other two wait although two slots are free; team 2's job takes one at once.
    await queue.sender.send(teamJob, { teamId: 2, name: "b1" });
    await until(() => started.includes("b1"));
    await new Promise((r) => setTimeout(r, 1500)); // several polls: still nothing more of team 1
    expect(started).toHaveLength(2);
    expect(running.get("team 1")).toBe(1);

    release.get(started[0]!)!();
    await until(() => started.length === 3);
    expect(started[2]).toMatch(/^a/);
    expect(running.get("team 1")).toBe(1);
    for (const name of [...started]) release.get(name)?.();
    await until(() => started.length === 4);
    release.get(started[3]!)!();
    await until(() => running.get("team 1") === 0 && running.get("team 2") === 0);
  });
});
