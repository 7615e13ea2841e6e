import type { Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type ChaosProxy, startChaosProxy } from "./chaos-proxy";
import { type DispatchWorker, startDispatchWorker } from "./dispatch-child-process";
import { sleep, waitFor } from "./dispatch-child-setup";
import { wakeGateways } from "./dispatch-wake";

/*
 * F15's workers: SLOTS worker processes (dispatch-child.ts) all running the dispatchers of the same gateways — a
 * duplicated job, as two job runners picking the same work would — each behind its own proxy (chaos-proxy.ts). The
 * pool SIGKILLs a worker at random, or right after the provider accepted one of its sends, and starts a new worker in
 * its slot; nothing touches the dead one's leases: the surviving workers' leadership watch finds them (the dead
 * process's liveness lock is free) and takes its gateways over. A race: the worker holding a gateway's lease is
 * SIGSTOPped mid-batch — alive, its liveness held — its lease expired in send_dispatchers as a long stall would let
 * it lapse and the gateway woken as the minute's tick would, another worker takes over, and the first is SIGCONTed
 * to finish its batch beside it.
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

/** A killed worker's lease on a gateway: how long until another worker held it (null: none did within the watch). */
export interface Takeover {
  gatewayId: number;
  ms: number | null;
  /** A worker that was running at the kill (its leadership watch), or the one started in the dead one's slot. */
  by: "survivor" | "replacement" | null;
}

export interface WorkerPool {
  start(): Promise<void>;
  /** SIGKILLs a random worker (another takes its leases over; a new one starts in its slot); false when all are restarting. */
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
  figures: {
    kills: number;
    acceptKills: number;
    races: Omit<RaceFigures, "fencedOff">[];
    takeovers: Takeover[];
    raceMisses: Record<string, number>;
  };
  races(): RaceFigures[];
}

/** How long a stalled worker stays stopped after another took its lease. */
const STALL_AFTER_TAKEOVER_MS = 1500;
/** How long the lease's expiry waits for a lock the stopped worker may hold, and the take-over for another worker. */
const LOCK_WAIT_MS = 500;
const TAKEOVER_WAIT_MS = 5000;
/** How long after a kill the pool looks for another holder of the dead worker's leases. */
const TAKEOVER_WATCH_MS = 15_000;
/** How long a worker continued after a race is spared the random kills. */
const SPARE_MS = 15_000;

export function workerPool(
  database: Database,
  targets: { twilio: string; ses: string },
  rate: number | "gateway",
  gatewayIds: readonly number[],
  slots = 3,
): WorkerPool {
  const url = database.pool!.options.connectionString!;
  const pool: Slot[] = [];
  const retired: DispatchWorker[] = [];
  const restarting = () => pool.flatMap((s) => (s.restarting ? [s.restarting] : []));
  /** The takeover watches of the kills (they outlive the restarts). */
  const watches: Promise<void>[] = [];
  const stalled: DispatchWorker[] = [];
  const figures = {
    kills: 0,
    acceptKills: 0,
    races: [] as Omit<RaceFigures, "fencedOff">[],
    takeovers: [] as Takeover[],
    /** Race attempts that did not happen, by why (each tried again at the next tick). */
    raceMisses: {} as Record<string, number>,
  };
  let acceptArmed = false;

  const spawn = async (proxy: ChaosProxy) => {
    const worker = startDispatchWorker(url, proxy.url, rate, gatewayIds);
    await worker.started;
    return worker;
  };

  /** SIGKILL, then a new worker in the slot; the dead one's leases are taken over by the others' watch. */
  function kill(slot: Slot): void {
    const dead = slot.worker;
    // Gone already (it exited between the choice and the kill): restarted all the same, not counted as a kill.
    try {
      process.kill(dead.pid, "SIGKILL");
      figures.kills++;
    } catch {}
    const at = Date.now();
    slot.restarting = (async () => {
      const held = await leasesOf(dead.pid);
      await dead.kill();
      retired.push(dead);
      const watching = Promise.all(held.map((g) => watchTakeover(g, dead.pid, at)));
      const worker = await spawn(slot.proxy);
      slot.worker = worker;
      watches.push(
        watching.then((taken) => {
          for (const t of taken)
            figures.takeovers.push({
              gatewayId: t.gatewayId,
              ms: t.ms,
              by: t.pid === null ? null : t.pid === worker.pid ? "replacement" : "survivor",
            });
        }),
      );
    })().finally(() => {
      slot.restarting = null;
    });
  }

  /** The gateways whose lease the process holds. */
  async function leasesOf(pid: number): Promise<number[]> {
    const { rows } = await database.query<{ id: number }>(
      "SELECT id FROM send_dispatchers WHERE split_part(lease_owner, ':', 2) = $1 AND lease_until > now()",
      [String(pid)],
    );
    return rows.map((r) => r.id);
  }

  /** How long after the kill another process held the gateway's lease, and which (null: none within TAKEOVER_WATCH_MS). */
  async function watchTakeover(gatewayId: number, pid: number, killedAt: number) {
    const end = killedAt + TAKEOVER_WATCH_MS;
    while (Date.now() < end) {
      const { rows } = await database.query<{ pid: string }>(
        `SELECT split_part(lease_owner, ':', 2) AS pid FROM send_dispatchers WHERE id = $1 AND lease_owner IS NOT NULL
           AND split_part(lease_owner, ':', 2) <> $2 AND lease_until > now()`,
        [gatewayId, String(pid)],
      );
      if (rows[0]) return { gatewayId, ms: Date.now() - killedAt, pid: Number(rows[0].pid) };
      await sleep(20);
    }
    return { gatewayId, ms: null, pid: null };
  }

  function armAcceptKill(): void {
    acceptArmed = true;
    for (const slot of pool) {
      slot.proxy.arm(() => {
        // A slot whose new worker is not in place yet: its send passes, the next one is tried.
        if (!acceptArmed || slot.restarting) return false;
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
    const miss = !held
      ? "no lease"
      : !slot
        ? "holder not a pool worker"
        : slot.restarting
          ? "restarting"
          : held.in_flight === 0
            ? "no batch at the provider"
            : null;
    if (miss) {
      figures.raceMisses[miss] = (figures.raceMisses[miss] ?? 0) + 1;
      return false;
    }
    if (!held || !slot) return false;
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
    // The minute's tick wakes a gateway with due rows; here at once, so the race happens mid-batch.
    if (expired) await wakeGateways(database, [gatewayId]);
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
    if (!raced) {
      const why = expired ? "not taken over in time" : "lease row locked by the stopped worker";
      figures.raceMisses[why] = (figures.raceMisses[why] ?? 0) + 1;
      return false;
    }
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
      await Promise.all(watches);
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
