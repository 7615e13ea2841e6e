import type { Db, Tx } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";

export type DbOrTx = Db | Tx;

/** Runs raw SQL and returns its rows, on either backend. */
export async function rows<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}

export async function one<R>(db: DbOrTx, query: SQL): Promise<R | undefined> {
  return (await rows<R>(db, query))[0];
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
