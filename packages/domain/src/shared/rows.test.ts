import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dbNumeric, dbTimestamp, one, RowShapeError, rows, textArray } from "./rows";

it("textArray carries any text as one array element each", async () => {
  const database = await createTestDatabase();
  try {
    const values = ["a,b", 'quote"d', "back\\slash", "{braces}", "", "NULL", " spaced ", "ünï©ødé", "+15551234567", "o'hara@example.com"];
    const got = await rows<{ v: string }>(database.db, sql`SELECT unnest(${textArray(values)}) AS v`);
    expect(got.map((r) => r.v)).toEqual(values);
    expect(await rows(database.db, sql`SELECT unnest(${textArray([])}) AS v`)).toEqual([]);
  } finally {
    await database.close();
  }
});

describe("rows checked by their schema", () => {
  const Row = z.object({ id: z.number().int(), name: z.string(), created_at: dbTimestamp });
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("returns the rows as read when they fit, on either backend", async () => {
    const got = await rows(database.db, sql`SELECT 7::int AS id, 'Web' AS name, now() AS created_at`, Row);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ id: 7, name: "Web" });
    expect(Number.isNaN(new Date(got[0]!.created_at).getTime())).toBe(false);
    // Columns read without a cast come back as each driver likes: the schema helpers take either form.
    const Raw = z.object({ big: dbNumeric, money: dbNumeric, at: dbTimestamp, day: dbTimestamp });
    const [raw] = await rows(database.db, sql`SELECT 5::bigint AS big, 2.5::numeric AS money, now() AS at, current_date AS day`, Raw);
    expect(Number(raw!.big)).toBe(5);
    expect(Number(raw!.money)).toBe(2.5);
  });

  it("a column renamed in SQL fails, naming the query and the column", async () => {
    const renamed = sql`SELECT 7::int AS id, 'Web' AS title, now() AS created_at
      FROM (VALUES (1)) v`;
    const error = await rows(database.db, renamed, Row).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RowShapeError);
    expect((error as Error).message).toContain(`"SELECT 7::int AS id, 'Web' AS title, now() AS created_at"`);
    expect((error as Error).message).toMatch(/→ at name/);
    await expect(one(database.db, renamed, Row)).rejects.toThrow(/→ at name/);
  });

  it("a column retyped in SQL fails too (an id read as text)", async () => {
    await expect(rows(database.db, sql`SELECT 7::text AS id, 'Web' AS name, now() AS created_at`, Row)).rejects.toThrow(/→ at id/);
  });

  it("a page's rows are checked: one bad row among good ones fails", async () => {
    const query = sql`SELECT n AS id, CASE WHEN n = 3 THEN NULL ELSE 'x' END AS name, now() AS created_at FROM generate_series(1, 5) n`;
    await expect(rows(database.db, query, Row)).rejects.toThrow(/Row 3 of the query/);
  });
});
