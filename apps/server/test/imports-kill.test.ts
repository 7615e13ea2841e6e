import { type ChildProcess, spawn } from "node:child_process";
import { Readable } from "node:stream";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { createAttributes, createImport, dispatchImport, storeUpload, syncImportAttributes } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobQueue, type JobQueue } from "../src/jobs/queue";
import { jobRegistry } from "../src/jobs/registry";

/**
 * A worker killed with SIGKILL in the middle of an import; a new worker resumes it through
 * pg-boss's retry. The result must have no duplicate lead and no lost row.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ROWS = 30_000;

let database: Database;
let queue: JobQueue;
const children: ChildProcess[] = [];

function worker(url: string, batchRows: number): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", new URL("./fixtures/import-worker.ts", import.meta.url).pathname], {
    env: { ...process.env, DATABASE_URL: url, LEADFLOW_IMPORT_BATCH_ROWS: String(batchRows), LEADFLOW_IMPORT_LEASE_SECONDS: "5" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", () => undefined);
  child.stderr!.on("data", () => undefined);
  children.push(child);
  return child;
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!serverUrl)("import survives a killed worker (PostgreSQL only: PGlite lives inside the process that dies)", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    queue = createJobQueue(database, { log: () => undefined, registry: jobRegistry });
    await queue.start({
      work: false,
      deps: {
        database,
        live: { toUser: async () => undefined, toTeam: async () => undefined },
        mail: { driver: "outbox", from: "t@t.t" },
        log: () => undefined,
      },
    });
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await queue?.stop({ graceful: false });
    await database?.close();
  });

  it("SIGKILL mid-import, start again: every row once, counters exact", { timeout: 180_000 }, async () => {
    const factory = makeFactory(database);
    const db = database.db;
    const { ctx } = await factory.team();
    const source = await factory.source(ctx);
    const list = await factory.list(ctx, source.id);
    const lines = ["Phone,Email,Name"];
    for (let i = 0; i < ROWS; i++)
      lines.push(`(312) ${200 + Math.floor(i / 10000)}-${String(i % 10000).padStart(4, "0")},k${i}@x.test,N${i}`);
    for (let i = 0; i < 500; i++) lines.push(`(312) 200-${String(i).padStart(4, "0")},,dup${i}`); // duplicates of the first rows
    for (let i = 0; i < 100; i++) lines.push(`bad-${i},,bad`);
    const upload = await storeUpload("/tmp/leadflow-kill-test", ctx.teamId, "kill.csv", Readable.from([lines.join("\n")]), 2 ** 30);
    const answer = await createImport(db, ctx, upload, list.id);
    const [name] = await createAttributes(db, ctx, [{ name: "Name" }]);
    await syncImportAttributes(db, ctx, answer.data.id, {
      attributes: answer.mapping.map((m) => ({
        processing_document_attribute_id: m.processing_document_attribute_id,
        lead_attribute_id: m.heading === "Name" ? name!.id : m.lead_attribute_id,
      })),
    });
    await dispatchImport(db, queue.sender, ctx, answer.data.id);
    const url = database.pool!.options.connectionString!;
    const progress = async () =>
      (
        await database.query<{ status: string; merged_batches: number; processed_count: number }>(
          "SELECT status, merged_batches, processed_count FROM imports WHERE id = $1",
          [answer.data.id],
        )
      ).rows[0]!;

    const first = worker(url, 1000);
    await waitFor(async () => (await progress()).merged_batches >= 3, 60_000);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const atKill = await progress();
    expect(atKill.status).toBe("processing");
    expect(atKill.processed_count).toBeLessThan(ROWS);

    worker(url, 1000);
    const end = await waitFor(async () => {
      const p = await progress();
      return p.status === "completed" || p.status === "failed" ? p : undefined;
    }, 150_000);
    expect(end.status).toBe("completed");

    const one = async (q: string) => (await database.query<{ n: number }>(q, [ctx.teamId])).rows[0]!.n;
    expect(await one("SELECT count(*)::int AS n FROM leads WHERE team_id = $1")).toBe(ROWS);
    expect(await one("SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1")).toBe(ROWS);
    expect(await one("SELECT count(*)::int AS n FROM lead_emails WHERE team_id = $1")).toBe(ROWS);
    expect(await one("SELECT count(*)::int AS n FROM list_leads WHERE team_id = $1")).toBe(ROWS);
    expect(
      await one("SELECT count(*)::int AS n FROM leads l, jsonb_each(l.attrs) e, jsonb_array_elements_text(e.value) v WHERE l.team_id = $1"),
    ).toBe(ROWS + 500);
    expect(await one("SELECT sum(duplicates_count)::int AS n FROM leads WHERE team_id = $1")).toBe(500);
    expect(await one("SELECT count(*)::int AS n FROM import_failures WHERE team_id = $1")).toBe(100);
    // Every lead was created once by this import (its log entry is read from leads.import_id); 500 rows merged.
    expect(await one(`SELECT count(*)::int AS n FROM leads WHERE team_id = $1 AND import_id = ${answer.data.id}`)).toBe(ROWS);
    expect(await one("SELECT count(*)::int AS n FROM lead_logs WHERE team_id = $1 AND action = 'updated'")).toBe(500);
    expect(await one("SELECT count(*)::int AS n FROM lead_logs WHERE team_id = $1")).toBe(500);
    const rec = (
      await database.query<Record<string, number>>(
        "SELECT total_rows, processed_count, unique_count, duplicates_count, failed_count, skipped_count, attempts FROM imports WHERE id = $1",
        [answer.data.id],
      )
    ).rows[0]!;
    expect(rec).toMatchObject({
      total_rows: ROWS + 600,
      processed_count: ROWS + 600,
      unique_count: ROWS,
      duplicates_count: 500,
      failed_count: 100,
    });
    expect(rec.attempts).toBeGreaterThanOrEqual(2);
    const counters = (await database.query<{ total_leads: number }>("SELECT total_leads FROM lists WHERE id = $1", [list.id])).rows[0]!;
    expect(counters.total_leads).toBe(ROWS);
    expect((await database.query("SELECT 1 FROM import_staging WHERE import_id = $1", [answer.data.id])).rows).toEqual([]);
  });
});
