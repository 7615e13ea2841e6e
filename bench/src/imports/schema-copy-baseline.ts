import { createReadStream, createWriteStream, rmSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Database } from "@leadflow/db";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { benchDir } from "../lead-files/file-cache";
import { withFreshDatabase } from "../shared/fresh-database";

/**
 * The tables a first import writes, with the columns it writes (the rest keep their defaults, as in the import).
 * COPYing these rows into a freshly migrated database — same tables, same indexes (the trigram search index
 * included) — is the limit of our schema: what the import would take if parsing, normalising, deduping and
 * the bookkeeping cost nothing.
 */
const TABLES = [
  { table: "leads", columns: "team_id, id, status, import_id, attrs" },
  { table: "lead_phones", columns: "team_id, lead_id, phone, raw" },
  { table: "lead_emails", columns: "team_id, lead_id, email" },
  { table: "list_leads", columns: "team_id, list_id, lead_id, import_id" },
] as const;

/** Rows an import wrote, saved as COPY text so another database can load them. */
export interface WrittenRows {
  files: { table: string; columns: string; path: string }[];
  remove(): void;
}

/** Saves what the import of `teamId` wrote into the four tables (PostgreSQL only: the B1 runs at 100k and 1M). */
export async function saveWrittenRows(database: Database, teamId: number): Promise<WrittenRows> {
  if (!database.pool) throw new Error("the same-schema baseline runs on PostgreSQL");
  const files = TABLES.map((t) => ({ ...t, path: join(benchDir, `schema-copy-${process.pid}-${t.table}.copy`) }));
  const client = await database.pool.connect();
  try {
    for (const f of files) {
      const out = client.query(copyTo(`COPY (SELECT ${f.columns} FROM ${f.table} WHERE team_id = ${Number(teamId)}) TO STDOUT`));
      await pipeline(out, createWriteStream(f.path));
    }
  } finally {
    client.release();
  }
  const remove = () => {
    for (const f of files) rmSync(f.path, { force: true });
  };
  return { files, remove };
}

/**
 * The second B1 baseline: the import's own normalised rows COPYed, one table after another in one transaction,
 * into a fresh database with the schema's indexes. Milliseconds.
 */
export async function schemaCopyBaseline(rows: WrittenRows): Promise<number> {
  return withFreshDatabase(async (database) => {
    const client = await database.pool!.connect();
    try {
      const started = performance.now();
      await client.query("BEGIN");
      for (const f of rows.files) {
        await pipeline(createReadStream(f.path), client.query(copyFrom(`COPY ${f.table} (${f.columns}) FROM STDIN`)));
      }
      await client.query("COMMIT");
      return performance.now() - started;
    } finally {
      client.release();
    }
  });
}
