import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { z } from "zod";

/**
 * Checking costs a parse per row, so it runs only where NODE_ENV says test (vitest sets it) or development: a column
 * renamed or retyped in SQL fails a test instead of a screen. `npm start` and the benchmarks set no NODE_ENV and
 * read rows unchecked. The first rows carry every column a query selects: a long page is checked up to `CHECKED_ROWS`.
 */
const CHECKING = process.env.NODE_ENV === "test" || process.env.NODE_ENV === "development";
const CHECKED_ROWS = 200;

export class RowShapeError extends Error {
  override name = "RowShapeError";
}

/** Throws, naming the query by its first line and the columns that do not fit, if a row does not match `row`. */
export function checkRows(found: readonly unknown[], row: z.ZodType, query: SQL): void {
  if (!CHECKING) return;
  const n = Math.min(found.length, CHECKED_ROWS);
  for (let i = 0; i < n; i++) {
    const result = row.safeParse(found[i]);
    if (!result.success) {
      throw new RowShapeError(
        `Row ${i + 1} of the query "${firstLine(query)}" does not match its schema:\n${z.prettifyError(result.error)}`,
      );
    }
  }
}

const dialect = new PgDialect();

function firstLine(query: SQL): string {
  const text = dialect.sqlToQuery(query).sql.trim();
  const line = text.split("\n", 1)[0]!.trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}

/** A timestamp or date column: a driver reads it as text or as a Date (PGlite under Drizzle: text). */
export const dbTimestamp = z.union([z.date(), z.string()]);

/**
 * A numeric or bigint column read without a cast: node-postgres parses both as numbers (packages/db open-db.ts),
 * PGlite may give numeric as text. A query that casts (`::int`, `::float8`) reads a plain number on both.
 */
export const dbNumeric = z.union([z.number(), z.string()]);
