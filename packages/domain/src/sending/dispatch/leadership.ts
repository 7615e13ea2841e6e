import { type Database, holdSessionLock } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { LIVENESS_NAMESPACE } from "../../shared/lease";
import { type DbOrTx, rows } from "../../shared/rows";

/*
 * Leadership of a gateway's dispatcher that moves in seconds (docs/sending.md, Leadership). The lease on
 * `send_dispatchers` stays the fence — every write only the holder may make checks it — but it no longer has to lapse
 * before another process may lead: each process that runs dispatchers holds an advisory lock of its own on a
 * dedicated connection (its liveness), and writes its key on the leases it takes. PostgreSQL lets the lock go when the
 * process's connection ends — a kill -9 included — so a lease whose holder's lock can be taken belongs to a dead
 * process, and is taken over at once. A process that stops cleanly lets its leases go itself and wakes another
 * dispatcher. The embedded database has one process only: there a start finds every lease its dead predecessor's.
 */

/** This process's liveness: the key its leases carry, or null where there is none (the embedded database). */
export interface Liveness {
  key(): number | null;
  close(): Promise<void>;
}

export const NO_LIVENESS: Liveness = { key: () => null, close: async () => undefined };

/** Opens this process's liveness on a PostgreSQL server; none on the embedded database. */
export async function openLiveness(database: Database, log?: (msg: string) => void): Promise<Liveness> {
  if (database.kind !== "postgres") return NO_LIVENESS;
  const lock = await holdSessionLock(database, LIVENESS_NAMESPACE, {
    onLost: (e) => log?.(`liveness connection lost (${e.message}); other processes may take this one's gateways over`),
  });
  return { key: () => (lock.held ? lock.key : null), close: () => lock.close() };
}

/** Gateways whose dispatcher lease is held by a process that is gone (its liveness lock is free). */
export async function leasesOfDeadHolders(db: DbOrTx, liveness: Liveness): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT d.id FROM send_dispatchers d
        WHERE d.lease_owner IS NOT NULL AND d.lease_until > now()
          AND CASE WHEN d.holder_key IS NOT NULL AND d.holder_key IS DISTINCT FROM ${liveness.key()}::bigint
                THEN pg_try_advisory_xact_lock(${LIVENESS_NAMESPACE}::int, d.holder_key::int) ELSE false END`,
  );
  return found.map((r) => r.id);
}

/** How often a worker looks for leases of dead processes: a kill -9 is taken over within about this plus a job poll. */
export const WATCH_MS = 1000;

/**
 * Every WATCH_MS, wakes a dispatcher for each gateway whose lease holder died: the dispatcher takes the lease over
 * (its claim checks the holder's lock again). Answers the stop.
 */
export function watchLeadership(
  db: DbOrTx,
  liveness: Liveness,
  wake: (gatewayIds: number[]) => Promise<void>,
  log?: (msg: string) => void,
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    leasesOfDeadHolders(db, liveness)
      .then(async (dead) => {
        if (dead.length === 0) return;
        log?.(`dispatcher leases of stopped processes: gateways ${dead.join(", ")}; taking them over`);
        await wake(dead);
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, WATCH_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * The embedded database serves one process: at its start every dispatcher lease is its dead predecessor's, and is
 * let go at once rather than when it lapses.
 */
export async function releaseLeasesAtStart(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`UPDATE send_dispatchers SET lease_owner = NULL, lease_until = NULL, holder_key = NULL, released_at = now(), recent_calls = NULL
        WHERE lease_owner IS NOT NULL`,
  );
}
