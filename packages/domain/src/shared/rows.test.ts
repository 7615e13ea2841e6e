import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { rows, textArray } from "./rows";

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
