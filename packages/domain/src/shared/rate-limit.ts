import { sql } from "drizzle-orm";
import { AppError } from "./errors";
import { type DbOrTx, one, rows } from "./rows";

export interface RateRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in PostgreSQL, so every API process shares it. Throws 429 with Retry-After when the
 * key has used its window.
 */
export async function hitRateLimit(db: DbOrTx, key: string, rule: RateRule): Promise<void> {
  const row = await one<{ hits: number; retry_after: number }>(
    db,
    sql`INSERT INTO rate_limits AS r (key, window_start, hits) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) THEN 1 ELSE r.hits + 1 END,
          window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) THEN now() ELSE r.window_start END
        RETURNING hits, GREATEST(1, ceil(extract(epoch FROM (window_start + make_interval(secs => ${rule.windowSeconds}) - now()))))::int AS retry_after`,
  );
  if (row && row.hits > rule.limit) tooMany(row.retry_after);
}

/** Throws the 429 every limit answers: `Retry-After` is whole seconds, at least 1. */
function tooMany(seconds: number): never {
  throw new AppError("rate_limited", `Too many attempts. Please try again in ${seconds} seconds.`, undefined, {
    "Retry-After": String(seconds),
  });
}

export interface RateLimiter {
  /** Counts one request against `key`; throws the 429 (with Retry-After) once the window's limit is used. */
  hit(key: string, rule: RateRule): void;
  /** Writes this process's counts not yet shared (also on a timer); `stop` writes the last ones. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

interface Window {
  /** Start of the window (whole seconds since the epoch; windows are aligned, so every process agrees). */
  start: number;
  windowSeconds: number;
  /** Hits here not yet written, and the total the database held (every process's) at the last flush. */
  local: number;
  shared: number;
}

/**
 * Rate limits for hot paths (the public import API): counted in memory, so a request writes no row. Each
 * process adds its counts to the shared `rate_limits` row in one statement per flush (every `flushMs`, default
 * 1 s) and reads back the total of every process; a request is refused when that total plus its own unshared
 * hits pass the limit. Behind a load balancer the limit holds to within what the other processes accepted
 * since their last flush (at most about a second of traffic), whatever share of the traffic each process gets
 * (a caller on one keep-alive connection reaches one process). The embedded database has one process: nothing
 * to share, so nothing is written. Sign-in and password reset keep `hitRateLimit`: they are not hot, and a
 * brute-force guard must be exact.
 */
export function createRateLimiter(
  database: { kind: "pglite" | "postgres"; db: DbOrTx },
  opts: { flushMs?: number; shared?: boolean; now?: () => number } = {},
): RateLimiter {
  const now = opts.now ?? Date.now;
  const shared = opts.shared ?? database.kind === "postgres";
  const windows = new Map<string, Window>();
  let flushing: Promise<void> | null = null;

  async function write(): Promise<void> {
    const batch = [...windows.entries()].filter(([, w]) => w.local > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (batch.length === 0) return;
    const sent = batch.map(([, w]) => w.local);
    for (const [, w] of batch) w.local = 0;
    const doc = JSON.stringify(batch.map(([key, w], i) => ({ k: key, s: w.start, h: sent[i] })));
    try {
      const totals = await rows<{ key: string; start: number; hits: number }>(
        database.db,
        sql`INSERT INTO rate_limits AS r (key, window_start, hits)
            SELECT x.k, to_timestamp(x.s), x.h FROM jsonb_to_recordset(${doc}::jsonb) AS x(k text, s float8, h int) ORDER BY x.k
            ON CONFLICT (key) DO UPDATE SET
              hits = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.hits + EXCLUDED.hits
                          WHEN r.window_start > EXCLUDED.window_start THEN r.hits ELSE EXCLUDED.hits END,
              window_start = GREATEST(r.window_start, EXCLUDED.window_start)
            RETURNING key, extract(epoch FROM window_start)::float8 AS start, hits`,
      );
      for (const t of totals) {
        const w = windows.get(t.key);
        if (w && w.start === t.start) w.shared = t.hits;
      }
    } catch (e) {
      // Not written: counted again with the next flush rather than lost.
      batch.forEach(([, w], i) => {
        w.local += sent[i]!;
      });
      throw e;
    }
  }

  const flush = (): Promise<void> => {
    if (!shared) return Promise.resolve();
    flushing ??= write().finally(() => {
      flushing = null;
    });
    return flushing;
  };
  const timer = shared ? setInterval(() => void flush().catch(() => undefined), opts.flushMs ?? 1000) : undefined;
  timer?.unref();

  return {
    hit(key, rule) {
      const t = now() / 1000;
      const start = Math.floor(t / rule.windowSeconds) * rule.windowSeconds;
      let w = windows.get(key);
      if (!w || w.start !== start || w.windowSeconds !== rule.windowSeconds) {
        w = { start, windowSeconds: rule.windowSeconds, local: 0, shared: 0 };
        windows.set(key, w);
        // Old windows go as new ones open: memory stays bounded by the callers of one window.
        for (const [k, old] of windows) if (old.start + old.windowSeconds <= t && old.local === 0) windows.delete(k);
      }
      w.local++;
      if (w.shared + w.local > rule.limit) tooMany(Math.max(1, Math.ceil(start + rule.windowSeconds - t)));
    },
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush().catch(() => undefined);
    },
  };
}
