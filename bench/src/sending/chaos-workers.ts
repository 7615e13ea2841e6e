import type { Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type ChaosProxy, startChaosProxy } from "./chaos-proxy";
import { type DispatchWorker, startDispatchWorker } from "./dispatch-child-process";
import { sleep, waitFor } from "./dispatch-child-setup";

/*
 * F15's workers: SLOTS worker processes (dispatch-child.ts) all running the dispatchers of the same gateways — a
 * duplicated job, as two job runners picking the same work would — each behind its own proxy (chaos-proxy.ts). The
 * pool SIGKILLs a worker at random, or right after the provider accepted one of its sends; the supervisor then ends
 * the dead process's leases (only its own) and starts a new worker in its slot. A race: the worker holding a
 * gateway's lease is SIGSTOPped mid-batch, its lease expired in send_dispatchers as a long stall would let it lapse,
 * another worker takes over, and the first is SIGCONTed to finish its batch beside it.
 */

interface Slot {
  proxy: ChaosProxy;
  worker: DispatchWorker;
  /** The supervisor replacing the slot's dead worker, until the new one started. */
  restarting: Promise<void> | null;
  /** A worker continued after a race is not killed before this (epoch ms): its fenced-off run is to be seen. */
  spareUntil: number;
}

export interface RaceFigures {
  gatewayId: number;
  /** Rows the stalled worker had at the provider when it stopped. */
  inFlight: number;
  /** Milliseconds until another worker held the lease, and how long the first stayed stopped. */
  takeoverMs: number;
  stoppedMs: number;
  /** Whether the stalled worker's dispatcher, continued, found its lease gone (outcome `lost`: fenced off). */
  fencedOff: boolean;
}

export interface WorkerPool {
  start(): Promise<void>;
  /** SIGKILLs a random worker (the supervisor ends its leases and starts another); false when all are restarting. */
  killRandom(): boolean;
  /** The next send a provider accepts kills the worker that made it, before the answer reaches it. */
  armAcceptKill(): void;
  acceptKillArmed(): boolean;
  /** A lease lost under a stalled worker of the gateway; false when no worker of it is mid-batch now. */
  race(gatewayId: number): Promise<boolean>;
  /** Every dispatcher outcome of every worker so far ("idle", "leased", "lost"…). */
  outcomes(): string[];
  stop(): Promise<void>;
  /** Kills every worker and closes the proxies (after a failure). */
  kill(): Promise<void>;
  figures: { kills: number; acceptKills: number; races: Omit<RaceFigures, "fencedOff">[] };
  races(): RaceFigures[];
}

/** How long a stalled worker stays stopped after another took its lease. */
const STALL_AFTER_TAKEOVER_MS = 1500;
/** How long the lease's expiry waits for a lock the stopped worker may hold, and the take-over for another worker. */
const LOCK_WAIT_MS = 500;
const TAKEOVER_WAIT_MS = 5000;
/** How long a worker continued after a race is spared the random kills. */
const SPARE_MS = 15_000;

export function workerPool(
  database: Database,
  targets: { twilio: string; ses: string },
  rate: number,
  gatewayIds: readonly number[],
  slots = 3,
): WorkerPool {
  const url = database.pool!.options.connectionString!;
  const pool: Slot[] = [];
  const retired: DispatchWorker[] = [];
  const restarting = () => pool.flatMap((s) => (s.restarting ? [s.restarting] : []));
  const stalled: DispatchWorker[] = [];
  const figures = {
    kills: 0,
    acceptKills: 0,
    races: [] as Omit<RaceFigures, "fencedOff">[],
  };
  let acceptArmed = false;

  const spawn = async (proxy: ChaosProxy) => {
    const worker = startDispatchWorker(url, proxy.url, rate, gatewayIds);
    await worker.started;
    return worker;
  };

  /** SIGKILL, then the supervisor's part: the dead process's leases end at once (a commit it had in flight lands first). */
  function kill(slot: Slot): void {
    const dead = slot.worker;
    // Gone already (it exited between the choice and the kill): restarted all the same, not counted as a kill.
    try {
      process.kill(dead.pid, "SIGKILL");
      figures.kills++;
    } catch {}
    slot.restarting = (async () => {
      await dead.kill();
      retired.push(dead);
      await sleep(300);
      await database.query(
        "UPDATE send_dispatchers SET lease_until = now() - interval '1 second' WHERE split_part(lease_owner, ':', 2) = $1",
        [String(dead.pid)],
      );
      slot.worker = await spawn(slot.proxy);
    })().finally(() => {
      slot.restarting = null;
    });
  }

  function armAcceptKill(): void {
    acceptArmed = true;
    for (const slot of pool) {
      slot.proxy.arm(() => {
        if (!acceptArmed) return false;
        acceptArmed = false;
        for (const other of pool) other.proxy.disarm();
        figures.acceptKills++;
        kill(slot);
        return true;
      });
    }
  }

  async function race(gatewayId: number): Promise<boolean> {
    const { rows } = await database.query<{ owner: string; in_flight: number }>(
      `SELECT d.lease_owner AS owner,
              (SELECT count(*)::int FROM campaign_messages m WHERE m.claimed_by = d.lease_owner AND m.state = 'submitting') AS in_flight
       FROM send_dispatchers d WHERE d.id = $1 AND d.lease_until > now()`,
      [gatewayId],
    );
    const held = rows[0];
    const slot = held && pool.find((s) => String(s.worker.pid) === held.owner.split(":")[1]);
    if (!held || !slot || slot.restarting || held.in_flight === 0) return false;
    const pid = slot.worker.pid;
    const t0 = Date.now();
    try {
      process.kill(pid, "SIGSTOP");
    } catch {
      return false;
    }
    const cont = () => {
      // Killed meanwhile (an armed accept-kill) is fine: there is nothing left to continue.
      try {
        process.kill(pid, "SIGCONT");
      } catch {}
    };
    // Stopped inside a transaction that holds the lease row (or rows a take-over must write), the lease cannot lapse
    // or be taken over until it goes on: continued, and tried again at another instant.
    const expired = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_WAIT_MS}ms'`));
        await tx.execute(
          sql`UPDATE send_dispatchers SET lease_until = now() - interval '1 second' WHERE id = ${gatewayId} AND lease_owner = ${held.owner}`,
        );
        return true;
      })
      .catch(() => false);
    const takenOver = async () =>
      (
        await database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM send_dispatchers WHERE id = $1 AND lease_owner IS NOT NULL AND lease_owner <> $2 AND lease_until > now()",
          [gatewayId, held.owner],
        )
      ).rows[0]!.n > 0;
    const raced =
      expired &&
      (await waitFor("another worker to take the lease over", takenOver, TAKEOVER_WAIT_MS, 20).then(
        () => true,
        () => false,
      ));
    const takeoverMs = Date.now() - t0;
    if (raced) await sleep(STALL_AFTER_TAKEOVER_MS);
    cont();
    if (!raced) return false;
    slot.spareUntil = Date.now() + SPARE_MS;
    figures.races.push({ gatewayId, inFlight: held.in_flight, takeoverMs, stoppedMs: Date.now() - t0 });
    stalled.push(slot.worker);
    return true;
  }

  return {
    figures,
    async start() {
      for (let i = 0; i < slots; i++) {
        const proxy = await startChaosProxy(targets);
        pool.push({ proxy, worker: await spawn(proxy), restarting: null, spareUntil: 0 });
      }
    },
    killRandom() {
      // A slot being restarted is left to finish first: one worker per slot.
      const live = pool.filter((s) => !s.restarting && s.spareUntil < Date.now());
      if (live.length === 0) return false;
      kill(live[Math.floor(Math.random() * live.length)]!);
      return true;
    },
    races: () => figures.races.map((r, i) => ({ ...r, fencedOff: stalled[i]!.outcomes().includes("lost") })),
    armAcceptKill,
    acceptKillArmed: () => acceptArmed,
    race,
    outcomes: () => [...retired, ...pool.map((s) => s.worker)].flatMap((w) => w.outcomes()),
    async stop() {
      acceptArmed = false;
      for (const s of pool) s.proxy.disarm();
      await Promise.all(restarting());
      await Promise.all(pool.map((s) => s.worker.stop()));
      await Promise.all(pool.map((s) => s.proxy.close()));
    },
    async kill() {
      acceptArmed = false;
      await Promise.allSettled(restarting());
      for (const s of pool) {
        try {
          process.kill(s.worker.pid, "SIGCONT");
        } catch {}
      }
      await Promise.all(pool.map((s) => s.worker.kill()));
      await Promise.all(pool.map((s) => s.proxy.close()));
    },
  };
}
