import { randomBytes } from "node:crypto";
import { type Database, migrateDb, openDb } from "@leadflow/db";
import { createTestDatabase, withAdmin, withDatabase } from "@leadflow/db/testing";
import { onInterrupt } from "./interrupt";
import { isAlive } from "./processes";

const PREFIX = "leadflow_bench_";

/**
 * A new migrated database for one measurement, closed afterwards: PGlite in memory, or — when TEST_DATABASE_URL is
 * set — a PostgreSQL database named leadflow_bench_{pid}_{random}, dropped afterwards, also when the run is
 * interrupted. A run killed outright cannot drop it; the next run does (see dropLeftoverDatabases). The pool has
 * the server's default size (10), so B4 sees the connections a real server would have.
 */
export async function withFreshDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  const database = url ? await createPostgres(url) : await createTestDatabase();
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= database.close());
  const forget = onInterrupt(close);
  try {
    return await fn(database);
  } finally {
    forget();
    await close();
  }
}

export const backendName = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");

async function createPostgres(url: string): Promise<Database> {
  const name = `${PREFIX}${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(url, (c) => c.query(`CREATE DATABASE ${name}`));
  await autoExplain(url, name);
  const database = await openDb({ databaseUrl: withDatabase(url, name), poolSize: 10 });
  const close = database.close;
  database.close = async () => {
    await close();
    await withAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  try {
    await migrateDb(database);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

/**
 * `BENCH_AUTO_EXPLAIN_MS=<ms>`: every statement of the run's database slower than that has its plan, with actual times
 * and buffers (EXPLAIN ANALYZE, BUFFERS — nested statements included), written to the PostgreSQL server's log by
 * auto_explain (on Debian: /var/log/postgresql/). Set on this database only, for its new connections.
 */
async function autoExplain(url: string, name: string): Promise<void> {
  const ms = Number(process.env.BENCH_AUTO_EXPLAIN_MS);
  if (!Number.isFinite(ms) || ms <= 0) return;
  await withAdmin(url, async (c) => {
    await c.query("LOAD 'auto_explain'");
    await c.query(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    await c.query(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = ${Math.round(ms)}`);
    for (const on of ["log_analyze", "log_buffers", "log_nested_statements", "log_timing"])
      await c.query(`ALTER DATABASE ${name} SET auto_explain.${on} = on`);
  });
}

/** Drops the databases of bench runs whose process is gone (killed before it could clean up). */
export async function dropLeftoverDatabases(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await withAdmin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${PREFIX}%`]);
    for (const { datname } of rows) {
      const pid = Number(/^leadflow_bench_(\d+)_[0-9a-f]+$/.exec(datname)?.[1]);
      if (pid && !isAlive(pid)) {
        console.log(`Dropping ${datname}, left by an interrupted run`);
        await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
  });
}
