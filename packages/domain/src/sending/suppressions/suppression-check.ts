import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type DbOrTx, intArray, rows, textArray } from "../../shared/rows";

/*
 * Reading the suppression list right before a provider call: the claim read it when it took the batch, but a STOP may
 * commit while a message waits its turn at the pace. The asks are shared: one query answers every message that asked
 * while the one before was running, so the pace costs one small indexed read per round, not one per message. A
 * message only trusts a query that started after it asked — so a suppression committed before that moment always
 * holds it back, and the only ones that still go are those whose query's snapshot predates the commit by less than
 * the query's own time.
 */

export interface SuppressionAsk {
  teamId: number;
  channel: string;
  address: string;
}

interface Ask extends SuppressionAsk {
  key: string;
  resolve: (suppressed: boolean) => void;
  reject: (e: unknown) => void;
}

const keyOf = (a: SuppressionAsk) => `${a.teamId}|${a.channel}|${a.address}`;

/** The asks among `asks` whose address is suppressed now, by `team|channel|address`; one indexed read for them all. */
export async function suppressedAmong(db: DbOrTx, asks: readonly SuppressionAsk[]): Promise<Set<string>> {
  if (asks.length === 0) return new Set();
  const found = await rows<{ team_id: number; channel: string; address: string }>(
    db,
    sql`SELECT s.team_id, s.channel, s.address FROM suppressions s
        JOIN unnest(${intArray(asks.map((a) => a.teamId))}, ${textArray(asks.map((a) => a.channel))},
          ${textArray(asks.map((a) => a.address))}) AS q(team_id, channel, address)
          ON s.team_id = q.team_id AND s.channel = q.channel AND s.address = q.address`,
  );
  return new Set(found.map((f) => keyOf({ teamId: f.team_id, channel: f.channel, address: f.address })));
}

export class SuppressionCheck {
  private waiting: Ask[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  static keyOf = keyOf;

  /** Whether the address is suppressed now; a failed read throws (the caller holds the message back). */
  suppressed(teamId: number, channel: string, address: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const ask = { teamId, channel, address };
      this.waiting.push({ ...ask, key: keyOf(ask), resolve, reject });
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
          const out = await suppressedAmong(this.db, asks);
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
