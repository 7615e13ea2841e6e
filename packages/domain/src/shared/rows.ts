import type { Db, Tx } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { checkRows } from "./row-check";

export { dbNumeric, dbTimestamp, RowShapeError } from "./row-check";

export type DbOrTx = Db | Tx;

/**
 * Runs raw SQL and returns its rows, on either backend. Given the row's schema (where the rows are a route's answer
 * or a job's payload), rows are checked against it in tests and development (`checkRows`); they are returned as read,
 * never transformed, so the schema must describe what both drivers return (`dbTimestamp` for a timestamp).
 */
export async function rows<R>(db: DbOrTx, query: SQL): Promise<R[]>;
export async function rows<S extends z.ZodType>(db: DbOrTx, query: SQL, row: S): Promise<z.input<S>[]>;
export async function rows(db: DbOrTx, query: SQL, row?: z.ZodType): Promise<unknown[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  if (row) checkRows(result.rows, row, query);
  return result.rows;
}

export async function one<R>(db: DbOrTx, query: SQL): Promise<R | undefined>;
export async function one<S extends z.ZodType>(db: DbOrTx, query: SQL, row: S): Promise<z.input<S> | undefined>;
export async function one(db: DbOrTx, query: SQL, row?: z.ZodType): Promise<unknown> {
  return (row ? await rows(db, query, row) : await rows(db, query))[0];
}

/**
 * Another library's statement (text with $1… placeholders) run on a Drizzle handle: inside the caller's
 * transaction when the handle is one, so what it writes commits or rolls back with the caller's writes.
 */
export function textExecutor(db: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const parts = text.split(/\$(\d+)\b/);
      const query = sql.join(parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql`${values[Number(p) - 1]}`)));
      return { rows: await rows<unknown>(db, query) };
    },
  };
}

export function iso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

/** An int[] parameter that works the same on node-postgres and PGlite. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;
}

/** A bigint[] parameter (lead ids) that works the same on node-postgres and PGlite. */
export function bigintArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::bigint[]`;
}

/** A text[] parameter that works the same on node-postgres and PGlite, whatever the values hold. */
export function textArray(values: Iterable<string>): SQL {
  const quoted = [...values].map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
  return sql`${`{${quoted.join(",")}}`}::text[]`;
}
