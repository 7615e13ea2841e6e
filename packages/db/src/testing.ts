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
  const hash = createHash("sha256");
  for (const f of readdirSync(migrationsFolder).sort()) {
    if (f.endsWith(".sql")) hash.update(readFileSync(join(migrationsFolder, f)));
  }
  const path = join(tmpdir(), `leadflow-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
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
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDb({ databaseUrl: testUrl.toString(), poolSize: 5 });
  await migrateDb(database);
  const close = database.close;
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await c.end();
  };
  return database;
}
