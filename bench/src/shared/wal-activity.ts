import type { Database } from "@leadflow/db";

/** What the PostgreSQL server wrote to its WAL during a load (cluster-wide, so every database's writes count). */
export interface WalReading {
  mb: number;
  /** Full-page images: the first change to a page after a checkpoint starts writes the whole 8 KB page. */
  fullPages: number;
  /** Times a backend found the WAL buffers full and had to write them out itself before going on. */
  buffersFull: number;
  /** Checkpoints that started (timed or requested) during the load. */
  checkpoints: number;
}

type Counters = { bytes: number; fpi: number; full: number; checkpoints: number };

async function read(database: Database): Promise<Counters> {
  const { rows } = await database.query<Counters>(
    `SELECT w.wal_bytes::float8 AS bytes, w.wal_fpi::float8 AS fpi, w.wal_buffers_full::float8 AS full,
       (b.checkpoints_timed + b.checkpoints_req)::float8 AS checkpoints
     FROM pg_stat_wal w, pg_stat_bgwriter b`,
  );
  return rows[0]!;
}

/**
 * Watches the server's WAL while a load runs. A commit returns once the WAL up to its record is flushed, behind
 * whatever every other session wrote before it, so a load whose answers wait on commits is as quick as the WAL
 * that others write beside it: a checkpoint starting mid-load (its full-page images) shows here. PostgreSQL only;
 * null on the embedded database, which has no WAL writer of its own to wait on.
 */
export async function watchWal(database: Database): Promise<{ stop(): Promise<WalReading | null> }> {
  if (database.kind !== "postgres") return { stop: async () => null };
  // Statistics reach these views when a backend reports them, at most once a second: flush ours, then read.
  await database.query("SELECT pg_stat_force_next_flush()");
  const start = await read(database);
  return {
    async stop() {
      await new Promise((done) => setTimeout(done, 1_100));
      const end = await read(database);
      return {
        mb: (end.bytes - start.bytes) / 1e6,
        fullPages: end.fpi - start.fpi,
        buffersFull: end.full - start.full,
        checkpoints: end.checkpoints - start.checkpoints,
      };
    },
  };
}

export const walText = (r: WalReading) =>
  `PostgreSQL wrote ${r.mb.toFixed(0)} MB of WAL (${r.fullPages.toLocaleString("en")} full-page images; ` +
  `WAL buffers full ${r.buffersFull.toLocaleString("en")} times; ${r.checkpoints} checkpoint${r.checkpoints === 1 ? "" : "s"} started)`;
