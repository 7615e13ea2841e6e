import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import type { Database } from "./open-db";

/**
 * The one bulk-load path: rows as CSV text into `table (columns)` with COPY.
 * Server: COPY … FROM STDIN through pg-copy-streams. Embedded: PGlite's COPY … FROM '/dev/blob' (FROM STDIN
 * does not work there), fed chunk by chunk so memory stays bounded.
 */
export async function bulkCopy(
  database: Database,
  table: string,
  columns: readonly string[],
  chunks: AsyncIterable<string> | Iterable<string>,
): Promise<void> {
  const target = `${table} (${columns.map((c) => `"${c}"`).join(", ")})`;
  if (database.kind === "postgres") {
    const client = await database.pool!.connect();
    try {
      const stream = client.query(copyFrom(`COPY ${target} FROM STDIN WITH (FORMAT csv)`));
      await pipeline(Readable.from(chunks), stream);
    } finally {
      client.release();
    }
    return;
  }
  for await (const chunk of chunks) {
    if (!chunk) continue;
    await database.pglite!.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob([chunk]),
    });
  }
}

/** One CSV field, quoted when it needs to be (COPY's csv format, NULL as an unquoted empty field). */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const s = String(value);
  if (s === "") return '""';
  return /[",\r\n]/.test(s) || s.trim() !== s ? `"${s.replace(/"/g, '""')}"` : s;
}
