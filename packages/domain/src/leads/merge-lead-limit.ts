import { sql } from "drizzle-orm";
import { leadRoom, planLeadLimitMessage } from "../plans";
import { type DbOrTx, one } from "../shared/rows";
import type { MergeTarget } from "./merge-counters";

export interface LeadLimitCut {
  /** The plan's lead limit, for the rows' message. */
  limit: number;
  /** Staged rows that failed for it. */
  failed: number;
  /** Of those, rows `_lm_rows` held (the general path's count goes down by these). */
  heldDropped: number;
  /** The failed lines, when the caller answers per row. */
  lines: number[] | null;
}

/**
 * The plan's lead limit, set-based: once the batch's rows are sorted into those that merge into existing leads
 * and those that make new ones, the new leads past the room the plan leaves fail as rows of the import ('Plan
 * lead limit reached (N leads)'), in file order. A new lead is a row of the fast path, or a whole group of rows
 * that share keys and own none (`_lm_rows` with is_new); rows that merge into existing leads always go through.
 * One count of the team's leads per batch (under the caller's lockTeamLeads), none when the plan has no limit.
 */
export async function cutToLeadLimit(tx: DbOrTx, t: MergeTarget, opts: { lines: boolean }): Promise<LeadLimitCut | null> {
  const room = await leadRoom(tx, t.teamId);
  if (!room) return null;
  const batch = sql`s.import_id = ${t.importId} AND s.batch = ${t.batch}`;
  const r = (await one<{ failed: number; held: number; lines: number[] | null }>(
    tx,
    sql`WITH units AS (
          SELECT s.line AS first_line, s.line, NULL::int AS grp FROM import_staging s
            WHERE ${batch} AND s.fail_reason IS NULL AND NOT EXISTS (SELECT 1 FROM _lm_rows x WHERE x.line = s.line)
          UNION ALL
          SELECT min(line), NULL::int, grp FROM _lm_rows WHERE is_new GROUP BY grp),
        over AS (SELECT line, grp FROM units ORDER BY first_line OFFSET ${room.room}),
        cut AS (
          SELECT line FROM over WHERE line IS NOT NULL
          UNION ALL
          SELECT r.line FROM _lm_rows r JOIN over o ON o.grp = r.grp),
        failed AS (
          -- A file import stages the phone and email as written for failed rows only: the row's first ones, for the history.
          UPDATE import_staging s SET fail_status = 'failed', fail_reason = 'plan_lead_limit', fail_message = ${planLeadLimitMessage(room.limit)},
            phone = COALESCE(s.phone, s.phones_raw[1]), email = COALESCE(s.email, s.emails[1])
            WHERE ${batch} AND s.line IN (SELECT line FROM cut) RETURNING s.line),
        held AS (DELETE FROM _lm_rows WHERE line IN (SELECT line FROM cut) RETURNING line)
        SELECT (SELECT count(*) FROM failed)::int AS failed, (SELECT count(*) FROM held)::int AS held,
               CASE WHEN ${opts.lines} THEN (SELECT array_agg(line ORDER BY line) FROM failed) END AS lines`,
  ))!;
  return { limit: room.limit, failed: r.failed, heldDropped: r.held, lines: opts.lines ? (r.lines ?? []) : null };
}
