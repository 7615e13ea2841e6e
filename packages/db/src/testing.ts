import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, migrateDb, migrationsFolder, openDb, pgliteExtensions, wrapPglite } from "./open-db";

/**
 * Creating PGlite and migrating takes seconds; loading a dump of an already-migrated database takes a fraction.
 * The dump is keyed by the migrations' content, so a new migration builds a new template.
 */
async function pgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `leadflow-pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(path)) {
    const database = await openDb({ dataDir: "memory://" });
    await migrateDb(database);
    const dump = await database.pglite!.dumpDataDir("none");
    await database.close();
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, path);
  }
  return new Blob([readFileSync(path)]);
}

/** The migrations' content, hashed: a template built from other migrations is never used. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const f of readdirSync(migrationsFolder).sort()) {
    if (f.endsWith(".sql")) hash.update(readFileSync(join(migrationsFolder, f)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** `url` with its database replaced by `name`. */
export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A connection to the server's admin database for `work`, closed whatever happens. */
export async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * On PostgreSQL, a migrated template database per migrations hash, built once under an advisory lock (by whichever
 * test process comes first) under a temporary name and renamed when complete; each test database is a copy of it,
 * which takes a fraction of migrating. A build a killed process left half done is dropped and built again.
 */
async function postgresTemplate(admin: pg.Client, url: string): Promise<string> {
  const name = `leadflow_tpl_${migrationsHash()}`;
  await admin.query("SELECT pg_advisory_lock(7305002)");
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDb({ databaseUrl: withDatabase(url, building), poolSize: 1 });
    try {
      await migrateDb(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock(7305002)").catch(() => undefined);
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, a new PostgreSQL database when
 * TEST_DATABASE_URL is set (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return wrapPglite(await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions }), () => {});
  }
  const name = `leadflow_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(url, async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(admin, url)}`);
  });
  const database = await openDb({ databaseUrl: withDatabase(url, name), poolSize: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
  };
  return database;
}
