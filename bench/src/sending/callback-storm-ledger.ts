import type { Database } from "@leadflow/db";

/*
 * B14's view of the ledger: a watcher that notes, every 50 ms in one set-based query, which rows have reached the
 * state they are waiting for (and when, on the clock the storm client stamps its posts with); and the comparison of
 * every row's state with what the provider says became of its message.
 */

export const POLL_MS = 50;

const epoch = () => performance.timeOrigin + performance.now();

export interface LedgerWatch {
  /** Epoch ms at which each watched row was first seen in its state. */
  seenAt: Map<number, number>;
  /** Resolves once every watched row is seen, or after `timeoutMs` more; stops the polling. */
  settle(timeoutMs: number): Promise<void>;
}

export function watchLedger(database: Database, waiting: ReadonlyMap<number, string>): LedgerWatch {
  const seenAt = new Map<number, number>();
  const pending = new Map(waiting);
  let stopped = false;
  let done: Promise<void> = Promise.resolve();
  const poll = async () => {
    while (!stopped && pending.size > 0) {
      const t = performance.now();
      const ids = [...pending.keys()];
      const { rows } = await database.query<{ id: number }>(
        `SELECT m.id::float8 AS id FROM campaign_messages m
         JOIN unnest($1::bigint[], $2::text[]) AS x(id, state) ON m.id = x.id AND m.state = x.state`,
        [ids, ids.map((id) => pending.get(id)!)],
      );
      const at = epoch();
      for (const r of rows) {
        seenAt.set(r.id, at);
        pending.delete(r.id);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - (performance.now() - t))));
    }
  };
  done = poll();
  return {
    seenAt,
    async settle(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (pending.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
      stopped = true;
      await done;
    },
  };
}

/** Rows whose state differs from the expected one, as "id: state ≠ expected" (the first few), and how many. */
export async function stateMismatches(
  database: Database,
  campaignId: number,
  expected: ReadonlyMap<number, string>,
): Promise<{ equal: number; differ: number; examples: string[]; byState: Record<string, number> }> {
  const { rows } = await database.query<{ id: number; state: string }>(
    "SELECT id::float8 AS id, state FROM campaign_messages WHERE campaign_id = $1",
    [campaignId],
  );
  let equal = 0;
  const examples: string[] = [];
  const byState: Record<string, number> = {};
  for (const r of rows) {
    const want = expected.get(r.id);
    if (want === undefined) continue;
    if (r.state === want) equal++;
    else {
      const key = `${r.state}≠${want}`;
      byState[key] = (byState[key] ?? 0) + 1;
      if (examples.length < 5) examples.push(`row ${r.id}: ${key}`);
    }
  }
  return { equal, differ: expected.size - equal, examples, byState };
}
