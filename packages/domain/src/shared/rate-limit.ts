import { sql } from "drizzle-orm";
import { AppError } from "./errors";
import { type DbOrTx, one } from "./rows";

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
  if (row && row.hits > rule.limit) {
    const seconds = row.retry_after;
    throw new AppError("rate_limited", `Too many attempts. Please try again in ${seconds} seconds.`, undefined, {
      "Retry-After": String(seconds),
    });
  }
}
