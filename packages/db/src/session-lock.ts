import pg from "pg";
import type { Database } from "./open-db";

/*
 * A session-level advisory lock held on a connection of its own for as long as the process lives. PostgreSQL lets it
 * go the moment that connection ends — a clean exit, a kill -9, a machine gone once TCP gives up — so another process
 * can tell a dead holder from a live one at once, by trying the same lock (docs/sending.md, Leadership).
 */

export interface SessionLock {
  /** The lock's second key, under `namespace`; changes when the connection had to be opened again. */
  readonly key: number;
  /** False while the connection is down: the lock is not held, and another process may take over. */
  readonly held: boolean;
  close(): Promise<void>;
}

const randomKey = () => 1 + Math.floor(Math.random() * 0x7ffffffe);
const RECONNECT_MS = 1000;

/** Holds (namespace, a random key) on a dedicated connection of the server `database` uses; PostgreSQL only. */
export async function holdSessionLock(
  database: Database,
  namespace: number,
  opts: { applicationName?: string; onLost?: (e: Error) => void } = {},
): Promise<SessionLock> {
  const connectionString = database.pool?.options.connectionString;
  if (database.kind !== "postgres" || !connectionString) throw new Error("A session lock needs a PostgreSQL server.");
  let client: pg.Client | null = null;
  let key = randomKey();
  let held = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const c = new pg.Client({ connectionString, application_name: opts.applicationName ?? "leadflow-liveness", keepAlive: true });
    c.on("error", (e) => lost(c, e));
    await c.connect();
    const next = randomKey();
    await c.query("SELECT pg_advisory_lock($1::int, $2::int)", [namespace, next]);
    client = c;
    key = next;
    held = true;
  };
  const lost = (c: pg.Client, e: Error) => {
    if (client !== c) return;
    held = false;
    client = null;
    void c.end().catch(() => undefined);
    opts.onLost?.(e);
    if (!closed && !retry) {
      const again = () => {
        retry = null;
        if (closed) return;
        connect().catch(() => {
          retry = setTimeout(again, RECONNECT_MS);
          retry.unref?.();
        });
      };
      retry = setTimeout(again, RECONNECT_MS);
      retry.unref?.();
    }
  };
  await connect();
  return {
    get key() {
      return key;
    },
    get held() {
      return held;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      held = false;
      await c?.end().catch(() => undefined);
    },
  };
}
