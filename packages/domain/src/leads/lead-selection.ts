import type { LeadSelection } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { bigintArray, type DbOrTx, one } from "../shared/rows";
import { filterSql } from "./lead-filter";

/** The selected leads of a bulk action, held for its transaction: `SELECT lead_id FROM _lead_selection`. */
export const selectedLeads = sql`SELECT lead_id FROM _lead_selection`;

export interface Selected {
  /** The team's leads selected. */
  found: number;
  /** Ids asked for that are not the team's leads (deleted meanwhile, or another team's: the same to the caller). */
  missing: number;
}

/**
 * Resolves a selection — ids, or "all matching" a table's query minus the unticked `except` ids — into a temp
 * table of the team's lead ids, in one statement whatever its size. Run in the bulk action's transaction, after
 * lockTeamLeads, so no import adds or changes a lead of the selection meanwhile. The table is analysed: the
 * statements that join it then probe the leads' keys for a handful and hash for a hundred thousand.
 */
export async function holdSelection(tx: DbOrTx, ctx: TeamCtx, sel: LeadSelection): Promise<Selected> {
  const t = ctx.teamId;
  await tx.execute(sql`CREATE TEMP TABLE _lead_selection (lead_id bigint PRIMARY KEY) ON COMMIT DROP`);
  let asked = 0;
  if ("ids" in sel) {
    const ids = [...new Set(sel.ids)];
    asked = ids.length;
    await tx.execute(sql`INSERT INTO _lead_selection SELECT l.id FROM leads l WHERE l.team_id = ${t} AND l.id = ANY(${bigintArray(ids)})`);
  } else {
    if (sel.list_id !== undefined) {
      const list = await one(tx, sql`SELECT 1 FROM lists WHERE team_id = ${t} AND id = ${sel.list_id}`);
      if (!list) throw new AppError("list_not_found");
    }
    if (sel.campaign_id !== undefined) {
      const campaign = await one(tx, sql`SELECT 1 FROM campaigns WHERE team_id = ${t} AND id = ${sel.campaign_id} AND deleted_at IS NULL`);
      if (!campaign) throw new AppError("campaign_not_found");
    }
    const f = await filterSql(tx, {
      teamId: t,
      listId: sel.list_id,
      campaignId: sel.campaign_id,
      search: sel.search,
      status: sel.filter_status,
    });
    const except = sel.except?.length ? sql` AND NOT (${f.idColumn} = ANY(${bigintArray(sel.except)}))` : sql``;
    if (!f.none) await tx.execute(sql`INSERT INTO _lead_selection SELECT ${f.idColumn} FROM ${f.from} WHERE ${f.where}${except}`);
  }
  await tx.execute(sql`ANALYZE _lead_selection`);
  const n = (await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM _lead_selection`))!.n;
  return { found: n, missing: Math.max(0, asked - n) };
}
