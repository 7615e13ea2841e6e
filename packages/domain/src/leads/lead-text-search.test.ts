import type { Database, Db } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { keyset } from "./lead-cursor";
import { filterSql } from "./lead-filter";
import { TEXT_SAMPLE, textInValues } from "./lead-text-search";

let database: Database;
let db: Db;
let teamId: number;
const n = TEXT_SAMPLE + 500;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  teamId = (await makeFactory(database).team()).ctx.teamId;
  // Enough leads that the search samples TEXT_SAMPLE of them: every one a city of four, a few a rare name
  // somewhere in another attribute, in other cases and with a quote.
  await database.query(
    `INSERT INTO leads (team_id, status, attrs)
     SELECT $1, 1, jsonb_build_object('1', jsonb_build_array((ARRAY['Austin', 'Boston', 'Chicago', 'Denver'])[1 + g % 4]),
       '2', CASE g WHEN 7 THEN '["Dana McAllister"]'::jsonb WHEN 1500 THEN '["x", "O\\"Hara"]'::jsonb ELSE jsonb_build_array('Name ' || g) END,
       '3', CASE g WHEN 2400 THEN '["MCALLISTER & Sons"]'::jsonb ELSE '[]'::jsonb END)
     FROM generate_series(1, $2::int) g`,
    [teamId, n],
  );
  await database.query("ANALYZE leads");
});
afterAll(() => database.close());

/** The plan of a query with sequential scans and sorts priced out: which indexes can answer it at all. */
async function planOf(query: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    const plan = await rows<{ "QUERY PLAN": string }>(tx, sql`EXPLAIN ${query}`);
    return plan.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

const namesOf = async (search: string) => {
  const f = await filterSql(db, { teamId, search });
  const found = await rows<{ v: string }>(db, sql`SELECT l.attrs::text AS v FROM ${f.from} WHERE ${f.where} ORDER BY ${f.idColumn}`);
  return { exact: f.exact, values: found.map((r) => r.v) };
};

describe("lead text search", () => {
  it("finds a rare text in any attribute, in any case, through the index, and only there", async () => {
    const rare = await namesOf("mcALLISTER");
    expect(rare.exact).toBe(true);
    expect(rare.values).toHaveLength(2);
    expect(rare.values[0]).toContain("Dana McAllister");
    expect(rare.values[1]).toContain("MCALLISTER & Sons");
    expect((await namesOf('o"hara')).values).toEqual([expect.stringContaining('O\\"Hara')]);
    // Within one value, never across two.
    expect((await namesOf('x", "O')).values).toEqual([]);
    expect((await namesOf("nobody-at-all")).exact).toBe(true);
  });

  it("reads a common text in the page's order, and a text without a trigram too", async () => {
    for (const text of ["boston", "name 1", "zq"]) {
      const f = await filterSql(db, { teamId, search: text });
      expect(f.exact, text).toBe(false);
      expect(f.text?.sample.seen, text).toBe(TEXT_SAMPLE);
    }
    expect((await namesOf("boston")).values).toHaveLength(n / 4);
  });

  it("writes the index condition as leads_search_idx indexes it", async () => {
    const plan = await planOf(sql`SELECT 1 FROM leads l WHERE l.team_id = ${teamId} AND ${textInValues("McAllister", "index")}`);
    expect(plan).toContain("leads_search_idx");
  });

  it("orders Updated Date as leads_team_updated_idx reads, both ways and from a cursor", async () => {
    for (const direction of ["asc", "desc"] as const) {
      for (const way of [null, "next", "prev"] as const) {
        const cursor = way && { sort: "updated_at" as const, order: direction, value: "2026-01-01 00:00:00+00", id: 100, way };
        const ks = keyset({ key: "updated_at", direction }, cursor, sql`l.id`);
        const where = ks.where ? sql` AND ${ks.where}` : sql``;
        const plan = await planOf(sql`SELECT l.id FROM leads l WHERE l.team_id = ${teamId}${where} ORDER BY ${ks.orderBy} LIMIT 51`);
        expect(plan, `${direction} ${way}`).toContain("leads_team_updated_idx");
        expect(plan, `${direction} ${way}`).not.toContain("Sort");
      }
    }
  });
});
