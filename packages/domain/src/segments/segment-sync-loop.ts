import type { Database } from "@leadflow/db";
import { leadChangeSignal } from "../leads";
import { type SyncResult, syncTeamSegments, teamsWithChanges } from "./segment-sync";

export interface SegmentSyncLoop {
  /** Resolves once the loop has drained what it holds and stopped. */
  stop(): Promise<void>;
  /** Resolves when no change notes are waiting (tests and benchmarks). */
  idle(): Promise<void>;
}

export interface SegmentSyncOptions {
  pollMs?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
  /**
   * Called after a team's segments changed, committed: the runtime plans the campaigns over them (their new
   * members are sent within seconds, not at the next minute's tick). A failure is logged; the tick still plans them.
   */
  onChanged?: (result: SyncResult) => Promise<unknown>;
}

/**
 * The dynamic-membership worker: wakes on a write in this process (leadChangeSignal) or every `pollMs` (writes
 * from other processes, notes left by a crash), and syncs each team with notes waiting. One pass at a time; a
 * failing team is logged and retried on the next pass (its notes stay, the transaction rolled back).
 */
export function startSegmentSync(database: Database, opts: SegmentSyncOptions = {}): SegmentSyncLoop {
  const pollMs = opts.pollMs ?? 250;
  let stopped = false;
  let wake: (() => void) | null = null;
  let pending = true;
  const onSignal = () => {
    pending = true;
    wake?.();
  };
  leadChangeSignal.listeners.add(onSignal);
  const idleWaiters: (() => void)[] = [];

  const pass = async (): Promise<number> => {
    let synced = 0;
    for (const teamId of await teamsWithChanges(database.db)) {
      let result: SyncResult | null = null;
      try {
        result = await syncTeamSegments(database.db, teamId);
        if (result) synced++;
      } catch (e) {
        opts.log?.("segment sync failed", { teamId, error: (e as Error).message });
      }
      if (result?.changed.length && opts.onChanged)
        await opts.onChanged(result).catch((e: Error) => opts.log?.("segment sync follow-up failed", { teamId, error: e.message }));
    }
    return synced;
  };

  const loop = (async () => {
    while (!stopped) {
      pending = false;
      let synced = 0;
      try {
        synced = await pass();
      } catch (e) {
        opts.log?.("segment sync pass failed", { error: (e as Error).message });
      }
      if (synced === 0 && !pending) {
        for (const w of idleWaiters.splice(0)) w();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      leadChangeSignal.listeners.delete(onSignal);
      wake?.();
      await loop;
      for (const w of idleWaiters.splice(0)) w();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        pending = true;
        wake?.();
      }),
  };
}
