import { createReadStream, readFileSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { Database } from "@leadflow/db";
import { from as copyFrom } from "pg-copy-streams";

/**
 * The B1 baseline: raw COPY of the same file into a table with the file's columns and unique indexes on the
 * phone and email columns (the dedupe keys), as fast as PostgreSQL takes a file. Milliseconds.
 */
export async function copyBaseline(database: Database, file: string): Promise<number> {
  await database.query("DROP TABLE IF EXISTS bench_copy_baseline");
  await database.query("CREATE TABLE bench_copy_baseline (phone text, email text, first_name text, last_name text, city text, zip text)");
  await database.query("CREATE UNIQUE INDEX ON bench_copy_baseline (phone)");
  await database.query("CREATE UNIQUE INDEX ON bench_copy_baseline (email)");
  const copy = "COPY bench_copy_baseline FROM STDIN WITH (FORMAT csv, HEADER true)";
  const started = performance.now();
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await pipeline(createReadStream(file), client.query(copyFrom(copy)));
    } finally {
      client.release();
    }
  } else {
    await database.pglite!.query(copy.replace("STDIN", "'/dev/blob'"), [], { blob: new Blob([readFileSync(file)]) });
  }
  const ms = performance.now() - started;
  await database.query("DROP TABLE bench_copy_baseline");
  return ms;
}
