import { SegmentFilters } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { one, rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { loadCompileContext } from "./filter-refs";
import { type CompileContext, compileFilters } from "./filter-sql";

/*
 * The compiled SQL's shape where speed depends on it (B5, docs/audiences.md "Measured"): attribute equals must name
 * the expression leads_attrs_folded_idx holds, and the fast paths must not change which leads match — values
 * stored in a spelling the product does not write included. filter-sql.test.ts holds the meaning of every operator.
 */

let database: Database;
let cc: CompileContext;
let city: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const { ctx } = await makeFactory(database).team();
  city = (await one<{ id: number }>(
    db,
    sql`INSERT INTO lead_attributes (team_id, name, slug, type) VALUES (${ctx.teamId}, 'City', 'city', 'string') RETURNING id`,
  ))!.id;
  const leads: [name: string, cities: string[], carrier: string | null, duplicates: number][] = [
    ["tulsa", ["Tulsa"], "mobile", 0],
    ["upper", ["TULSA", "Boston"], "MOBILE", 2],
    ["sao", ["São Paulo"], "Landline", 3],
    ["quote", ['Say "hi"\\'], "", 1],
    ["none", [], null, 5],
  ];
  for (const [name, cities, carrier, duplicates] of leads) {
    const attrs = cities.length > 0 ? { [city]: cities } : {};
    ids[name] = (await one<{ id: number }>(
      db,
      sql`INSERT INTO leads (team_id, duplicates_count, attrs) VALUES (${ctx.teamId}, ${duplicates}, ${JSON.stringify(attrs)}::jsonb)
          RETURNING id::float8 AS id`,
    ))!.id;
    await db.execute(
      sql`INSERT INTO lead_phones (team_id, lead_id, phone, carrier_type)
          VALUES (${ctx.teamId}, ${ids[name]}, ${`+1212555000${Object.keys(ids).length}`}, ${carrier})`,
    );
  }
  cc = await loadCompileContext(db, ctx.teamId);
});
afterAll(() => database.close());

const tree = (t: Partial<SegmentFilters>) => SegmentFilters.parse(t);

async function names(where: SQL): Promise<string[]> {
  const found = await rows<{ id: number }>(
    database.db,
    sql`SELECT l.id::float8 AS id FROM leads l WHERE l.team_id = ${cc.teamId} AND ${where}`,
  );
  return Object.keys(ids).filter((n) => found.some((r) => r.id === ids[n]));
}

describe("attribute equals", () => {
  const equals = (...values: string[]) => tree({ attributes: [{ attribute_id: city, expression: "equals", values }] });

  it("is answered by leads_attrs_folded_idx", async () => {
    const where = compileFilters(equals("tulsa", "SÃO PAULO"), cc);
    const plan = await database.db.transaction(async (tx) => {
      // A handful of leads is read faster another way: with sequential scans off and the condition alone (no team
      // key to look up), the plan shows whether the index can answer it.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rows<{ "QUERY PLAN": string }>(tx, sql`EXPLAIN SELECT l.id FROM leads l WHERE ${where}`);
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("leads_attrs_folded_idx");
    expect(await names(where)).toEqual(["tulsa", "upper", "sao"]);
  });

  it("matches the same leads whether the index or every lead is read, negated too", async () => {
    const cases: [values: string[], want: string[]][] = [
      [["TULSA"], ["tulsa", "upper"]],
      [["boston"], ["upper"]],
      [['say "HI"\\'], ["quote"]],
      [["Tuls"], []],
    ];
    for (const [values, want] of cases) {
      const where = compileFilters(equals(...values), cc);
      expect(await names(where), values.join()).toEqual(want);
      expect(await names(sql`NOT (${where})`), `not ${values.join()}`).toEqual(Object.keys(ids).filter((n) => !want.includes(n)));
    }
  });
});

describe("match any", () => {
  it("tests equals rows on one attribute as one equals of all their values, with the same leads as each row ORed", async () => {
    const rowsOf = [
      { attribute_id: city, expression: "equals", values: ["tulsa"] },
      { attribute_id: city, expression: "contains", values: ["paul"] },
      { attribute_id: city, expression: "equals", values: [" BOSTON ", "Tulsa"] },
    ];
    const any = compileFilters(tree({ attributes: rowsOf, match: { attributes: "any" } }), cc);
    const text = new PgDialect().sqlToQuery(any).sql;
    expect(text.match(/lead_attrs_folded/g)).toHaveLength(1);
    expect(await names(any)).toEqual(["tulsa", "upper", "sao"]);
    expect(await names(sql`NOT (${any})`)).toEqual(["quote", "none"]);
    const each = await Promise.all(rowsOf.map((r) => names(compileFilters(tree({ attributes: [r] }), cc))));
    expect(await names(any)).toEqual(Object.keys(ids).filter((n) => each.some((found) => found.includes(n))));
  });
});

describe("carrier type", () => {
  const carrier = (expression: string, values: string[]) =>
    compileFilters(tree({ system_attributes: [{ field: "carrier_type", expression, values }] }), cc);

  it("compares a stored option with = and still finds a value stored in another case", async () => {
    expect(await names(carrier("in", ["mobile"]))).toEqual(["tulsa", "upper"]);
    expect(await names(carrier("in", ["landline", "voip"]))).toEqual(["sao"]);
    expect(await names(carrier("not_in", ["mobile"]))).toEqual(["sao", "quote", "none"]);
  });
});

describe("numbers", () => {
  const duplicates = (expression: string, values: number[]) =>
    compileFilters(tree({ system_attributes: [{ field: "duplicates", expression, values }] }), cc);

  it("compares a whole number with an integer column as bigint, a fraction as numeric, with the same answers", async () => {
    const text = (q: SQL) => new PgDialect().sqlToQuery(q).sql;
    expect(text(duplicates("lt", [3]))).toContain("::bigint");
    expect(text(duplicates("lt", [2.5]))).toContain("::numeric");
    expect(await names(duplicates("lt", [3]))).toEqual(["tulsa", "upper", "quote"]);
    expect(await names(duplicates("lt", [2.5]))).toEqual(["tulsa", "upper", "quote"]);
    expect(await names(duplicates("between", [1, 3]))).toEqual(["upper", "sao", "quote"]);
  });
});
