import { sql } from "drizzle-orm";
import { type DbOrTx, one, rows } from "../shared/rows";

/** The tables a merge probes per row; their statistics decide whether a probe is an index lookup. */
const PROBED = ["leads", "lead_phones", "lead_emails", "list_leads"] as const;

/** At most one look at the statistics per database handle this often. */
const CHECK_EVERY_MS = 250;
const lastCheck = new WeakMap<object, number>();

/**
 * Below this many phones the planner may think a team small enough to read whole instead of probing its keys
 * (the keys' lookup then filters the team's rows: a cost of the team's size per batch). From here on a probe is
 * the cheaper plan whatever the array of keys holds, so only smaller estimates are checked against the truth.
 */
const TEAM_ESTIMATE_TRUSTED = 10_000;
/** A team re-analysed for its own sake is not checked again for this long (it may be too small to be told apart). */
const TEAM_RECHECK_MS = 60_000;
const teamAnalysed = new WeakMap<object, Map<number, number>>();

/**
 * Imports grow a team's tables faster than autovacuum re-analyses them (and the embedded database has no
 * autovacuum). With statistics that still say "a few rows", the planner reads all of a team's phones once per
 * staged batch (once per row, before the keys were looked up as one array) instead of probing the keys. So before
 * a merge, outside its transaction (ANALYZE's lock is held only for the ANALYZE itself):
 *  - a table that has grown by as many rows as it held at its last ANALYZE (and by 500) is analysed. Doubling is
 *    enough: the planner scales row counts by the table's current size on its own, so what goes stale between two
 *    ANALYZEs is only the shape of the values; checking at every fifth, a 1M-row import spent 4.4 s in 43 ANALYZEs.
 *  - the team being merged into is looked at on its own: in a table shared with bigger teams, a team that grew
 *    since the last ANALYZE (the first big import of a new team) changes the table too little to trigger it, while
 *    the statistics still estimate it at the few rows they saw, or none. When the planner estimates it below
 *    TEAM_ESTIMATE_TRUSTED phones and a bounded count finds well more, the tables are analysed.
 */
export async function refreshLeadStatistics(db: DbOrTx, teamId?: number): Promise<void> {
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
          AND n_mod_since_analyze > GREATEST(500, n_live_tup - n_mod_since_analyze)`,
  );
  const tables = new Set(stale.map((s) => s.relname).filter((t) => (PROBED as readonly string[]).includes(t)));
  if (tables.size < PROBED.length && teamId !== undefined && (await teamOutgrewStatistics(db, teamId, now))) {
    for (const t of PROBED) tables.add(t);
  }
  for (const t of tables) await db.execute(sql.raw(`ANALYZE ${t}`));
}

/** Whether the planner estimates the team far below what it holds (at most once a minute true per team and handle). */
export async function teamOutgrewStatistics(db: DbOrTx, teamId: number, now = Date.now()): Promise<boolean> {
  let analysed = teamAnalysed.get(db);
  if (!analysed) teamAnalysed.set(db, (analysed = new Map()));
  if (now - (analysed.get(teamId) ?? Number.NEGATIVE_INFINITY) < TEAM_RECHECK_MS) return false;
  const plan = await one<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM lead_phones WHERE team_id = ${teamId}`,
  );
  const estimate = plan?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0;
  if (estimate >= TEAM_ESTIMATE_TRUSTED) return false;
  const cap = Math.min(TEAM_ESTIMATE_TRUSTED, Math.ceil(estimate) * 4 + 1000);
  const found = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM lead_phones WHERE team_id = ${teamId} LIMIT ${cap}) x`,
  );
  if ((found?.n ?? 0) < cap) return false;
  analysed.set(teamId, now);
  return true;
}

const running = new WeakSet<object>();

/**
 * The same check without waiting for it: a file import's merge runs on while the ANALYZE runs on another
 * connection (ANALYZE's lock does not conflict with inserts). Its batches are planned with statistics at most
 * one doubling old, and 50 batches of a 1M-row import no longer wait ~2 s in total for them. One at a time per
 * database handle.
 */
export function refreshLeadStatisticsSoon(db: DbOrTx, teamId?: number): void {
  if (running.has(db)) return;
  running.add(db);
  void refreshLeadStatistics(db, teamId)
    .catch(() => undefined)
    .finally(() => running.delete(db));
}
