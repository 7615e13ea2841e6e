import { type Database, openDb } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WAIT_MS, pageCourtesy } from "./page-courtesy";

describe("an import's courtesy to the pages", () => {
  let pages: Database;
  let jobs: Database;

  beforeAll(async () => {
    // The test database's own handle is a page pool; a worker's jobs connect under a name of their own.
    pages = await createTestDatabase();
    jobs =
      pages.kind === "postgres"
        ? await openDb({ databaseUrl: pages.pool!.options.connectionString!, poolSize: 2, applicationName: "leadflow-jobs-work" })
        : pages;
  });
  /** Until the page's statement runs: on a busy machine its connection may take a while to reach the server. */
  async function pageRunning(): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      const r = await jobs.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'SELECT pg_sleep%'",
      );
      if (r.rows[0]!.n > 0) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error("the page's statement never started");
  }
  afterAll(async () => {
    if (jobs !== pages) await jobs.close();
    await pages.close();
  });

  it("waits while a page is being served, then goes on", async () => {
    const courtesy = pageCourtesy(jobs);
    expect(await courtesy.wait()).toBeLessThan(100);
    if (jobs.kind !== "postgres") {
      // Embedded, the import and the pages share one connection and the event loop: nothing to wait for.
      expect(courtesy.contended).toBe(false);
      return;
    }
    expect(courtesy.contended).toBe(false);
    let served = false;
    const page = pages.query("SELECT pg_sleep(0.2)").then(() => {
      served = true;
    });
    await pageRunning();
    const waited = await courtesy.wait();
    // It went on only once the page was served, having waited for it.
    expect(served).toBe(true);
    expect(waited).toBeGreaterThan(0);
    await page;
    expect(courtesy.contended).toBe(true);
  });

  it("waits no longer than its cap however busy the pages are", async () => {
    if (jobs.kind !== "postgres") return;
    const courtesy = pageCourtesy(jobs);
    const page = pages.query("SELECT pg_sleep(1.5)");
    await pageRunning();
    const waited = await courtesy.wait();
    await page;
    expect(waited).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    expect(waited).toBeLessThan(1200);
  });

  it("a handle that is itself a page pool does not wait for its own statements", async () => {
    const courtesy = pageCourtesy(pages);
    const page = pages.query("SELECT pg_sleep(0.3)");
    await new Promise((r) => setTimeout(r, 30));
    expect(await courtesy.wait()).toBeLessThan(100);
    await page;
  });
});
