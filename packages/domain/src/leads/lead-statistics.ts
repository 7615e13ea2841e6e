import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../shared/rows";

/** The tables a merge probes per row; their statistics decide whether a probe is an index lookup. */
const PROBED = ["leads", "lead_phones", "lead_emails", "list_leads"] as const;

/** At most one look at the statistics per database handle this often. */
const CHECK_EVERY_MS = 250;
const lastCheck = new WeakMap<object, number>();

/**
 * Imports grow a team's tables faster than autovacuum re-analyses them (and the embedded database has no
 * autovacuum). With statistics that still say "a few rows", the planner reads all of a team's phones once per
 * staged row instead of probing the key: a 2,000-lead batch went from 0.1 s to 2 s that way. So before a merge,
 * a table changed by more than a fifth (and 500 rows) since its last ANALYZE is analysed — outside the merge's
 * transaction, so its lock is held only for the ANALYZE itself.
 */
export async function refreshLeadStatistics(db: DbOrTx): Promise<void> {
  const now = Date.now();
  if (now - (lastCheck.get(db) ?? 0) < CHECK_EVERY_MS) return;
  lastCheck.set(db, now);
  const stale = await rows<{ relname: string }>(
    db,
    sql`SELECT relname FROM pg_stat_user_tables
        WHERE schemaname = current_schema() AND relname IN (${sql.join(
          PROBED.map((t) => sql`${t}`),
          sql`, `,
        )})
          AND n_mod_since_analyze > GREATEST(500, n_live_tup / 5)`,
  );
  for (const { relname } of stale) {
    if ((PROBED as readonly string[]).includes(relname)) await db.execute(sql.raw(`ANALYZE ${relname}`));
  }
}
