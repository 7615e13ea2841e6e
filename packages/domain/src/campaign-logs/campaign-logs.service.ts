import { type CampaignLogKind, CampaignLogPageSize, type CampaignLogQuery, type CampaignLogRowOf, type Page } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { campaignOf } from "../campaigns";
import { cappedCount } from "../shared/capped-count";
import type { TeamCtx } from "../shared/context";
import { pageMeta } from "../shared/paging";
import { type DbOrTx, rows } from "../shared/rows";
import { hitSearch, LOG_KINDS } from "./log-kinds";

export type CampaignLogPage<K extends CampaignLogKind> = Page<CampaignLogRowOf[K]> & {
  meta: Page<CampaignLogRowOf[K]>["meta"] & { total_is_estimate: boolean };
};

/**
 * One page of a campaign's log of `kind`: the team's campaign only (another's is a 404), the product's
 * page size unless asked otherwise, its default order (or reversed), the Clicks and Open at column search.
 * The page's rows are read in their index's order first and only then joined (a deep page joins 100 rows, not every
 * row before it); the total is exact up to 10,000 and the planner's estimate past it (`total_is_estimate`).
 */
export async function campaignLogPage<K extends CampaignLogKind>(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  kind: K,
  q: CampaignLogQuery,
): Promise<CampaignLogPage<K>> {
  await campaignOf(db, ctx, campaignId);
  const log = LOG_KINDS[kind];
  const limit = q.limit ?? CampaignLogPageSize[kind];
  const searched = (kind === "clicks" || kind === "opens") && q.column && q.value ? sql` AND ${hitSearch(q.column, q.value)}` : sql``;
  const alias = sql.identifier(log.table.alias);
  const fromWhere = sql`FROM ${sql.identifier(log.table.name)} ${alias} WHERE ${log.where(campaignId, ctx.teamId)}${searched}`;
  // Plain DESC/ASC (nulls first going down, last going up): the order a backward or forward scan of the index gives.
  const dir = sql.raw((q.sort ?? log.order.direction) === "asc" ? "ASC" : "DESC");
  const order = sql`${log.order.column} ${dir}, ${alias}.id ${dir}`;
  const [counted, found] = [
    await cappedCount(db, fromWhere),
    await rows<Record<string, unknown>>(
      db,
      sql`SELECT ${log.select}
          FROM (SELECT ${alias}.* ${fromWhere} ORDER BY ${order} LIMIT ${limit} OFFSET ${(q.page - 1) * limit}) ${alias}
          ${log.join ?? sql``}
          ORDER BY ${order}`,
    ),
  ];
  return {
    data: found.map((r) => log.present(r)),
    meta: { ...pageMeta(counted.total, q.page, limit), total_is_estimate: counted.estimate },
  };
}
