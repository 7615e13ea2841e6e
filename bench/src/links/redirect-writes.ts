import type { Database } from "@leadflow/db";

/*
 * How B10 counts database writes (no pg_stat_statements here). PostgreSQL gives a transaction an id (xid) only when
 * it writes; reads never take one. So over the load window:
 *   - write transactions: how far the cluster's next xid moved (pg_current_snapshot's xmax) — every transaction
 *     that wrote anything anywhere on the server, an upper bound for ours;
 *   - flushes: the distinct xmin of the hits stored in that window — each flush inserts its hits in one transaction;
 *   - effect batches: the distinct xmin of the 'Clicked' timeline entries written in that window — the buffer's
 *     second stage applies a batch of counted clicks' effects in one transaction;
 *   - commits of our database (pg_stat_database.xact_commit), reads included, for scale.
 * A write per click would move the xid by at least one a click; the hit buffer's design moves it by one a flush.
 */

export interface WriteCounters {
  nextXid: number;
  commits: number;
  maxHitId: number;
  maxLogId: number;
}

export async function writeCounters(database: Database): Promise<WriteCounters> {
  const { rows } = await database.query<WriteCounters>(
    `SELECT pg_snapshot_xmax(pg_current_snapshot())::text::float8 AS "nextXid",
            (SELECT xact_commit::float8 FROM pg_stat_database WHERE datname = current_database()) AS commits,
            (SELECT COALESCE(max(id), 0)::float8 FROM message_hits) AS "maxHitId",
            (SELECT COALESCE(max(id), 0)::float8 FROM lead_logs) AS "maxLogId"`,
  );
  return rows[0]!;
}

export interface StoredHits {
  /** Hits stored since `after.maxHitId`; of those counted as clicks (reason NULL); transactions they came in. */
  stored: number;
  counted: number;
  flushes: number;
  /** Transactions the 'Clicked' timeline entries came in: the buffer's effect batches. */
  effectBatches: number;
}

export async function storedHits(database: Database, teamId: number, campaignId: number, before: WriteCounters): Promise<StoredHits> {
  const { rows } = await database.query<StoredHits>(
    `SELECT count(*)::int AS stored, count(*) FILTER (WHERE reason IS NULL)::int AS counted, count(DISTINCT xmin::text)::int AS flushes,
            (SELECT count(DISTINCT xmin::text)::int FROM lead_logs WHERE team_id = $3 AND action = 'click' AND id > $4) AS "effectBatches"
     FROM message_hits WHERE campaign_id = $1 AND id > $2`,
    [campaignId, before.maxHitId, teamId, before.maxLogId],
  );
  return rows[0]!;
}

/** Hits stored so far, sampled every SAMPLE_MS (the hits' identity: max(id) since the window opened, no count). */
export interface StoredWatch {
  /** Hits stored by epoch ms `at` (the last sample at or before it). */
  storedAt(at: number): number;
  /** Queries the watch made (each a read-only commit of our database). */
  polls(): number;
  stop(): Promise<void>;
}

const SAMPLE_MS = 200;

export function watchStored(database: Database, before: WriteCounters): StoredWatch {
  const samples: { at: number; stored: number }[] = [{ at: Date.now(), stored: 0 }];
  let stopped = false;
  const poll = async () => {
    while (!stopped) {
      const { rows } = await database.query<{ top: number }>("SELECT COALESCE(max(id), 0)::float8 AS top FROM message_hits");
      samples.push({ at: Date.now(), stored: Math.max(0, rows[0]!.top - before.maxHitId) });
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  };
  const done = poll();
  return {
    storedAt(at) {
      let found = 0;
      for (const s of samples) if (s.at <= at) found = s.stored;
      return found;
    },
    polls: () => samples.length - 1,
    async stop() {
      stopped = true;
      await done;
    },
  };
}
