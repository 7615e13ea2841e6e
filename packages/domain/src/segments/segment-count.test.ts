import { LeadStatuses, SegmentFilters } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeFactory } from "../testing/factory";
import { countMatching, estimateMatching, quickCount, sampleError } from "./segment-count";

/* The dialog's live count: exact, or stopped at a cap with `exact: false` when more leads match. */

let database: Database;
let teamId: number;
const everyone = SegmentFilters.parse({});
const blacklistedOnly = SegmentFilters.parse({ system_attributes: [{ field: "lead_status", expression: "in", values: [2] }] });

beforeAll(async () => {
  database = await createTestDatabase();
  teamId = (await makeFactory(database).team()).ctx.teamId;
  // Five leads, two of them blacklisted.
  await database.db.execute(
    sql`INSERT INTO leads (team_id, status) SELECT ${teamId}, CASE WHEN i <= 2 THEN ${LeadStatuses.blacklisted} ELSE 1 END
        FROM generate_series(1, 5) i`,
  );
});
afterAll(() => database.close());

describe("countMatching", () => {
  it("counts every match without a cap", async () => {
    expect(await countMatching(database.db, teamId, everyone, null)).toEqual({
      total: 5,
      total_blacklisted: 2,
      exact: true,
      estimated: false,
    });
  });

  it("is exact under the cap and at it", async () => {
    expect(await countMatching(database.db, teamId, everyone, null, 10)).toEqual({
      total: 5,
      total_blacklisted: 2,
      exact: true,
      estimated: false,
    });
    expect(await countMatching(database.db, teamId, everyone, null, 5)).toEqual({
      total: 5,
      total_blacklisted: 2,
      exact: true,
      estimated: false,
    });
    expect(await countMatching(database.db, teamId, blacklistedOnly, null, 2)).toEqual({
      total: 2,
      total_blacklisted: 2,
      exact: true,
      estimated: false,
    });
  });

  it("answers the cap, not exact, when more leads match", async () => {
    const capped = await countMatching(database.db, teamId, everyone, null, 4);
    expect(capped).toMatchObject({ total: 4, exact: false, estimated: false });
    expect(capped.total_blacklisted).toBeLessThanOrEqual(2);
    expect(await countMatching(database.db, teamId, blacklistedOnly, null, 1)).toEqual({
      total: 1,
      total_blacklisted: 1,
      exact: false,
      estimated: false,
    });
  });

  it("answers the exact figure quickly when it is cheap", async () => {
    expect(await quickCount(database.db, teamId, blacklistedOnly, null)).toEqual({
      total: 2,
      total_blacklisted: 2,
      exact: true,
      estimated: false,
    });
  });

  it("estimates from a sample, which is every page of a small table", async () => {
    expect(await estimateMatching(database.db, teamId, everyone, null)).toBe(5);
  });
});

describe("sampleError", () => {
  // 100 sampled pages of 50 leads, 500 matches: one page in ten full (a list imported at once), or five on every page.
  const clustered = { hits: 500, squares: 10 * 50 * 50 };
  const spread = { hits: 500, squares: 100 * 5 * 5 };

  it("is larger when the matches sit together on a few pages than when the same number spread over all", () => {
    expect(sampleError(spread, 100)).toBe(0);
    expect(sampleError(clustered, 100)).toBeCloseTo(0.3, 2);
  });

  it("counts a sample without a match as unsized", () => {
    expect(sampleError({ hits: 0, squares: 0 }, 100)).toBe(Infinity);
  });
});

// Two connections at once: the count and the sample beside it (PostgreSQL; the embedded database has one).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("quickCount on two connections", () => {
  const budgetMs = 300;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("answers a cheap count exactly, with no estimate", async () => {
    expect(await quickCount(database.db, teamId, blacklistedOnly, null, { concurrent: true, budgetMs })).toEqual({
      total: 2,
      total_blacklisted: 2,
      exact: true,
      estimated: false,
    });
  });

  it("has the sample running before the count's budget is out, and answers its estimate", async () => {
    // The leads locked from another connection: the count waits until its budget cancels it; so does the sample.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE leads IN ACCESS EXCLUSIVE MODE`);
      locked();
      await held;
    });
    await isLocked;
    const answer = quickCount(database.db, teamId, everyone, null, { concurrent: true, budgetMs });
    await sleep(budgetMs / 2);
    const waiting = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active'
            AND query LIKE '%TABLESAMPLE SYSTEM%' AND query NOT LIKE '%pg_stat_activity%'`,
    );
    const sampling = (waiting as unknown as { rows: { n: number }[] }).rows[0]!.n;
    await sleep(budgetMs);
    release();
    await holder;
    expect(sampling).toBe(1);
    expect(await answer).toEqual({ total: 5, total_blacklisted: 0, exact: false, estimated: true });
  });
});
