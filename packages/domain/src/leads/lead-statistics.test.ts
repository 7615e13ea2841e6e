import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { one } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { refreshLeadStatistics, teamOutgrewStatistics } from "./lead-statistics";

let database: Database;
let db: Db;
let big: number;
let fresh: number;

/** Phones of a team, inserted directly: the statistics see only what an ANALYZE saw. */
async function addPhones(teamId: number, from: number, n: number): Promise<void> {
  await database.query(
    `INSERT INTO lead_phones (team_id, lead_id, phone) SELECT $1, g, '+1' || (2000000000 + g)::text FROM generate_series($2::int, $3::int) g`,
    [teamId, from, from + n - 1],
  );
}

async function estimate(teamId: number): Promise<number> {
  const plan = await one<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM lead_phones WHERE team_id = ${teamId}`,
  );
  return plan!["QUERY PLAN"][0].Plan["Plan Rows"];
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const factory = makeFactory(database);
  big = (await factory.team()).ctx.teamId;
  fresh = (await factory.team()).ctx.teamId;
  await addPhones(big, 1, 30_000);
  await database.query("ANALYZE lead_phones");
});
afterAll(() => database.close());

describe("refreshLeadStatistics", () => {
  it("analyses when a team has outgrown what the statistics estimate for it, though the table has not doubled", async () => {
    // The first big import of a new team beside a bigger one: +40% to the table, so the table's own rule waits.
    await addPhones(fresh, 100_000, 12_000);
    expect(await estimate(fresh)).toBeLessThan(1000);

    await refreshLeadStatistics(db, fresh);

    expect(await estimate(fresh)).toBeGreaterThan(6000);
  });

  it("leaves a team alone when its estimate is trusted or it is as small as estimated", async () => {
    const other = (await makeFactory(database).team()).ctx.teamId;
    await addPhones(other, 500_000, 50);
    expect(await teamOutgrewStatistics(db, other)).toBe(false);
    expect(await teamOutgrewStatistics(db, big)).toBe(false);
    // Outgrown, but just analysed for its own sake: not again within the minute.
    const late = (await makeFactory(database).team()).ctx.teamId;
    await addPhones(late, 600_000, 5_000);
    expect(await teamOutgrewStatistics(db, late)).toBe(true);
    expect(await teamOutgrewStatistics(db, late)).toBe(false);
  });
});
