import type { Database } from "@leadflow/db";
import { leadChangeSignal } from "../leads";
import { syncTeamSegments, teamsWithChanges } from "./segment-sync";

export interface SegmentSyncLoop {
  /** Resolves once the loop has drained what it holds and stopped. */
  stop(): Promise<void>;
  /** Resolves when no change notes are waiting (tests and benchmarks). */
  idle(): Promise<void>;
}

/**
 * The dynamic-membership worker: wakes on a write in this process (leadChangeSignal) or every `pollMs` (writes
 * from other processes, notes left by a crash), and syncs each team with notes waiting. One pass at a time; a
 * failing team is logged and retried on the next pass (its notes stay, the transaction rolled back).
 */
export function startSegmentSync(
  database: Database,
  opts: { pollMs?: number; log?: (msg: string, extra?: Record<string, unknown>) => void } = {},
): SegmentSyncLoop {
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
      try {
        if (await syncTeamSegments(database.db, teamId)) synced++;
      } catch (e) {
        opts.log?.("segment sync failed", { teamId, error: (e as Error).message });
      }
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
