import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { intArray, rows, textArray } from "../shared/rows";

/*
 * The last look before a provider call (I4): the claim read the suppressions when it took the batch, but a STOP may
 * commit while the batch waits its turn at the pace. Right before each call the message asks whether its address
 * is suppressed now. The asks are shared: one query answers every message that asked while the one before was
 * running, so the pace costs one small indexed read per round, not one per message. A message only trusts a query
 * that started after it asked — so a suppression committed before that moment always holds it back, and the only
 * ones that still go are those whose query's snapshot predates the commit by less than the query's own time.
 */

interface Ask {
  key: string;
  teamId: number;
  channel: string;
  address: string;
  resolve: (suppressed: boolean) => void;
  reject: (e: unknown) => void;
}

const keyOf = (teamId: number, channel: string, address: string) => `${teamId}|${channel}|${address}`;

export class OptOutGate {
  private waiting: Ask[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  /** Whether the address is suppressed now; a failed read throws (the caller holds the message back). */
  suppressed(teamId: number, channel: string, address: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key: keyOf(teamId, channel, address), teamId, channel, address, resolve, reject });
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length) {
        const asks = this.waiting;
        this.waiting = [];
        try {
          const found = await rows<{ team_id: number; channel: string; address: string }>(
            this.db,
            sql`SELECT s.team_id, s.channel, s.address FROM suppressions s
                JOIN unnest(${intArray(asks.map((a) => a.teamId))}, ${textArray(asks.map((a) => a.channel))},
                  ${textArray(asks.map((a) => a.address))}) AS q(team_id, channel, address)
                  ON s.team_id = q.team_id AND s.channel = q.channel AND s.address = q.address`,
          );
          const out = new Set(found.map((f) => keyOf(f.team_id, f.channel, f.address)));
          for (const a of asks) a.resolve(out.has(a.key));
        } catch (e) {
          for (const a of asks) a.reject(e);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
