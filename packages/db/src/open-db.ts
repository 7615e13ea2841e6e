import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface SqlResult<R> {
  rows: R[];
}

/** Everything a process needs from PostgreSQL, whichever backend serves it. */
export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Plain parameterised SQL ($1, $2…): for pg-boss and for the few places that stream or COPY. */
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<R>>;
  /** Listen on a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "../migrations");

/**
 * The contrib extensions the migrations create (pg_trgm: the leads' text search index, migration 0021). PGlite
 * ships them as bundles it loads only when told, on every open — a data dir whose index uses pg_trgm cannot be
 * read without it.
 */
export const pgliteExtensions = { pg_trgm };

// BIGINT counters fit in a JS number for our sizes; parse them as numbers instead of strings.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export interface OpenDbOptions {
  databaseUrl?: string;
  /** Embedded mode: the PGlite data dir. `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Server mode: connections this handle opens at most (default 10). */
  poolSize?: number;
  /** Server mode: what pg_stat_activity calls these connections (default `leadflow`), e.g. `leadflow-bulk`. */
  applicationName?: string;
  /**
   * Embedded mode: PostgreSQL's shared_buffers (e.g. `32MB`); unset, PGlite's 128 MB. PGlite touches all of it at
   * open, so it is resident for the process's life whatever the data's size.
   */
  sharedBuffers?: string;
}

export async function openDb(opts: OpenDbOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.applicationName ?? "leadflow")
    : openPglite(opts.dataDir ?? "./data", opts.sharedBuffers);
}

async function openPostgres(url: string, max: number, applicationName: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName });
  pool.on("error", () => {
    // An idle client lost its connection (server restart); the pool replaces it on the next checkout.
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(p: string) => void>>();
  async function ensureListener(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url, application_name: "leadflow-listen" });
    await client.connect();
    client.on("notification", (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
    });
    client.on("error", () => {
      listener = undefined;
      // Re-listen on every channel once the server is back.
      setTimeout(() => {
        void ensureListener()
          .then(async (c) => {
            for (const ch of handlers.keys()) await c.query(`LISTEN ${quoteIdent(ch)}`);
          })
          .catch(() => undefined);
      }, 1000);
    });
    listener = client;
    return client;
  }
  return {
    kind: "postgres",
    db,
    pool,
    query: async (text, values) => {
      const r = await pool.query(text, values as unknown[]);
      return { rows: r.rows };
    },
    async listen(channel, onPayload) {
      const client = await ensureListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, sharedBuffers?: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  let releaseLock = () => {};
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeDataDirLock(dataDir);
  }
  let pglite: PGlite;
  try {
    // Start parameters replace PGlite's own, so its defaults go first.
    const startParams = sharedBuffers ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`] : undefined;
    pglite = await PGlite.create(inMemory ? undefined : join(dataDir, "pgdata"), {
      extensions: pgliteExtensions,
      ...(startParams ? { startParams } : {}),
    });
  } catch (e) {
    releaseLock();
    throw e;
  }
  return wrapPglite(pglite, releaseLock);
}

export function wrapPglite(pglite: PGlite, releaseLock: () => void): Database {
  const client = turnTaking(pglite);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite,
    query: async (text, values) => {
      const r = await client.query(text, values as unknown[]);
      return { rows: r.rows as never[] };
    },
    async listen(channel, onPayload) {
      return pglite.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      await pglite.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      try {
        await pglite.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** One turn of the event loop: timers, socket reads and new connections run before the caller continues. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The PGlite the app's statements go through: each statement (and each transaction) first lets the event loop
 * take a turn. PGlite runs a statement as synchronous WASM behind a promise, so statements issued back to back —
 * a whole transaction — are one unbroken run of microtasks: no socket is read and no connection accepted until
 * the last one ends, and an embedded server's new connections wait in the kernel's accept queue for it
 * (docs/scaling.md). Other callers' statements still wait for an open transaction (PGlite's own lock); the turn
 * costs a few microseconds when the loop has nothing else to do.
 */
export function turnTaking(pglite: PGlite): PGlite {
  const inTx = (tx: Transaction): Transaction => ({
    query: async (...args) => {
      await turn();
      return tx.query(...args);
    },
    sql: async (...args) => {
      await turn();
      return tx.sql(...args);
    },
    exec: async (...args) => {
      await turn();
      return tx.exec(...args);
    },
    rollback: () => tx.rollback(),
    listen: (...args) => tx.listen(...args),
    get closed() {
      return tx.closed;
    },
  });
  const client: Pick<PGlite, "query" | "sql" | "exec" | "transaction"> = {
    query: async (...args) => {
      await turn();
      return pglite.query(...args);
    },
    sql: async (...args) => {
      await turn();
      return pglite.sql(...args);
    },
    exec: async (...args) => {
      await turn();
      return pglite.exec(...args);
    },
    transaction: async (callback) => {
      await turn();
      return pglite.transaction((tx) => callback(inTx(tx)));
    },
  };
  // Drizzle uses only these four; anything else asked of it is the instance's own, bound to it.
  return new Proxy(pglite, {
    get: (target, prop) => {
      if (prop in client) return client[prop as keyof typeof client];
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data dir ${dataDir} is in use by another Leadflow process (pid ${pid}).`);
  }
}

/** PGlite corrupts a data dir opened by two processes: one lock file, holding the owner's pid. */
export function takeDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, "leadflow.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = readLockPid(lockPath);
      if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      rmSync(lockPath, { force: true }); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

export function readLockPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function quoteIdent(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** Applies the migrations folder; on a server, one process at a time (advisory lock on one connection). */
export async function migrateDb(database: Database): Promise<void> {
  if (database.kind === "pglite" && database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7305001)");
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(7305001)").catch(() => undefined);
    client.release();
  }
}
