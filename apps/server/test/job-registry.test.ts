import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { defineJob, type JobDeps, refreshSegmentsJob, segmentCampaignRefreshJob, segmentSweepJob } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createJobQueue, type JobQueue } from "../src/jobs/queue";
import { jobRegistry } from "../src/jobs/registry";
import { recordingLive } from "./helpers";

const domainSrc = join(import.meta.dirname, "../../../packages/domain/src");

/** The name of every job the domain's code defines (tests' own jobs aside). */
async function definedJobNames(dir: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) continue;
    const text = await readFile(join(entry.parentPath, entry.name), "utf8");
    for (const m of text.matchAll(/defineJob\(\{\s*name:\s*"([^"]+)"/g)) names.push(m[1]!);
  }
  return names;
}

describe("job registry", () => {
  it("holds every job the domain defines, each once", async () => {
    const defined = await definedJobNames(domainSrc);
    const registered = jobRegistry.map((j) => j.name);
    expect(defined.length).toBeGreaterThan(5);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...defined].sort());
  });
});

const probeJob = defineJob({
  name: "test.probe",
  payload: z.object({ key: z.string() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  handler: async () => {},
});

describe("jobs sent inside a transaction", () => {
  let database: Database;
  let queue: JobQueue;
  let deps: JobDeps;
  const queued = async (name: string, key?: string) =>
    (
      await database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND ($2::text IS NULL OR data->>'key' = $2)",
        [name, key ?? null],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = createJobQueue(database, { log: () => undefined, registry: [...jobRegistry, probeJob] });
    deps = { database, live: recordingLive().publisher, mail: { driver: "outbox", from: "test@leadflow.test" }, log: () => undefined };
    // Queues only, no workers: what is queued stays queued for the test to count.
    await queue.start({ work: false, deps });
    deps.jobs = queue.sender;
  });

  afterAll(async () => {
    await queue?.stop({ graceful: false });
    await database?.close();
  });

  it("exist once the transaction commits, and not at all when it rolls back", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await queue.sender.send(probeJob, { key: "kept" }, { tx });
    });
    expect(await queued(probeJob.name, "kept")).toBe(1);

    const undone = database.db.transaction(async (tx) => {
      await queue.sender.send(probeJob, { key: "undone" }, { tx });
      throw new Error("roll back");
    });
    await expect(undone).rejects.toThrow("roll back");
    expect(await queued(probeJob.name, "undone")).toBe(0);
  });

  it("the segment sweep queues a rebuild for a segment left recalculating without one, and only once", async () => {
    const factory = makeFactory(database);
    const { ctx } = await factory.team();
    await database.db.execute(
      sql`INSERT INTO segments (team_id, name, ignore_new_leads, filters, is_recalculating) VALUES (${ctx.teamId}, 'Stuck', true, '{}'::jsonb, true)`,
    );
    const teamRebuilds = async () =>
      (
        await database.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'teamId' = $2", [
          refreshSegmentsJob.name,
          String(ctx.teamId),
        ])
      ).rows[0]!.n;
    await segmentSweepJob.handler(deps, {});
    expect(await teamRebuilds()).toBe(1);
    // The rebuild is waiting: the next sweep leaves the segment to it.
    await segmentSweepJob.handler(deps, {});
    expect(await teamRebuilds()).toBe(1);
  });

  it("rebuilds a dynamic segment with campaign filters once its campaign moved since the build, not before, and once", async () => {
    const factory = makeFactory(database);
    const { ctx } = await factory.team();
    const [c] = (
      await database.query<{ id: number }>("INSERT INTO campaigns (team_id, name, type) VALUES ($1, 'Spring', 'sms') RETURNING id", [
        ctx.teamId,
      ])
    ).rows;
    const filters = { campaigns: [{ field: "campaign", expression: "clicked", values: [c!.id], period: "all_time" }] };
    const segment = async (name: string, dynamic: boolean, f: object) =>
      database.query(
        "INSERT INTO segments (team_id, name, ignore_new_leads, filters, built_at) VALUES ($1, $2, $3, $4, now() - interval '1 hour')",
        [ctx.teamId, name, !dynamic, JSON.stringify(f)],
      );
    await segment("Clickers", true, filters);
    await segment("Clickers, frozen", false, filters);
    await segment("Everyone", true, {});
    const queuedIds = async () =>
      (
        await database.query<{ ids: number[] }>("SELECT data->'ids' AS ids FROM pgboss.job WHERE name = $1 AND data->>'teamId' = $2", [
          refreshSegmentsJob.name,
          String(ctx.teamId),
        ])
      ).rows.map((r) => r.ids);
    // Nothing happened in the campaign since the build: nothing to do.
    await segmentCampaignRefreshJob.handler(deps, {});
    expect(await queuedIds()).toEqual([]);
    // A send this hour: the dynamic one is rebuilt (the frozen one and the one without campaign filters are not), once.
    await database.query(
      "INSERT INTO campaign_counter_hours (team_id, campaign_id, hour, sent) VALUES ($1, $2, date_trunc('hour', now()), 1)",
      [ctx.teamId, c!.id],
    );
    await segmentCampaignRefreshJob.handler(deps, {});
    await segmentCampaignRefreshJob.handler(deps, {});
    const ids = await queuedIds();
    expect(ids).toHaveLength(1);
    const [clickers] = (
      await database.query<{ id: number }>("SELECT id FROM segments WHERE team_id = $1 AND name = 'Clickers'", [ctx.teamId])
    ).rows;
    expect(ids[0]).toEqual([clickers!.id]);
  });
});
