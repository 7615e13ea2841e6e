import type { Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { one } from "../shared/rows";

/** What pg_stat_activity calls the api processes' page connections (their request pool; docs/scaling.md). */
export const PAGES_APPLICATION = "leadflow";

/** A request's statements come a few milliseconds apart: a page connection idle for less than this still serves one. */
const BETWEEN_STATEMENTS_MS = 5;
const POLL_MS = 5;
/** However busy the pages, an import goes on after waiting this long before a batch: pages first, never pages only. */
export const MAX_WAIT_MS = 300;

export interface Courtesy {
  /** Waits while pages are being served (at most MAX_WAIT_MS); answers how long it waited. */
  wait(): Promise<number>;
  /** Pages were being served at the last look, or within the last second. */
  readonly contended: boolean;
}

/**
 * A bulk job's courtesy to the pages of every team (docs/imports.md, Sharing the machine). PostgreSQL has no CPU
 * priority for a session, and an import's merge keeps a core busy for as long as it runs: a page that arrives
 * meanwhile shares the cores with it. So before each batch the import looks whether any api process is serving a
 * page — a page connection inside a statement or just out of one, read from pg_stat_activity, so the api
 * processes publish nothing — and waits for it to finish. Embedded there is one connection and nothing to look at.
 */
export function pageCourtesy(database: Database): Courtesy {
  // A handle that is itself a page pool (one process serving everything, a test) would wait for its own statements.
  if (database.kind !== "postgres" || database.pool?.options.application_name === PAGES_APPLICATION)
    return { wait: async () => 0, contended: false };
  let lastBusyAt = Number.NEGATIVE_INFINITY;
  const busy = async (): Promise<boolean> => {
    const r = await one<{ busy: boolean }>(
      database.db,
      sql`SELECT EXISTS (
            SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ${PAGES_APPLICATION} AND pid <> pg_backend_pid()
              AND (state IN ('active', 'idle in transaction') OR state = 'idle' AND state_change > clock_timestamp() - make_interval(secs => ${BETWEEN_STATEMENTS_MS / 1000}))
          ) AS busy`,
    );
    if (r?.busy) lastBusyAt = performance.now();
    return r?.busy ?? false;
  };
  return {
    async wait() {
      const start = performance.now();
      while ((await busy()) && performance.now() - start < MAX_WAIT_MS) await new Promise((r) => setTimeout(r, POLL_MS));
      return performance.now() - start;
    },
    get contended() {
      return performance.now() - lastBusyAt < 1000;
    },
  };
}
