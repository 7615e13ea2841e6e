import { type CampaignLogKind, CampaignLogPageSize, type CampaignLogQuery, type CampaignLogRowOf, type Page } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { campaignOf } from "../campaigns/campaign-rows";
import type { TeamCtx } from "../shared/context";
import { pageMeta } from "../shared/paging";
import { type DbOrTx, one, rows } from "../shared/rows";
import { hitSearch, LOG_KINDS } from "./log-kinds";

/**
 * One page of a campaign's log of `kind` (spec 3 §2, §7): the team's campaign only (another's is a 404), the spec's
 * page size unless asked otherwise, its default order (or reversed), the Clicks and Open at column search.
 */
export async function campaignLogPage<K extends CampaignLogKind>(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  kind: K,
  q: CampaignLogQuery,
): Promise<Page<CampaignLogRowOf[K]>> {
  await campaignOf(db, ctx, campaignId);
  const log = LOG_KINDS[kind];
  const limit = q.limit ?? CampaignLogPageSize[kind];
  const searched = (kind === "clicks" || kind === "opens") && q.column && q.value ? sql` AND ${hitSearch(q.column, q.value)}` : sql``;
  const source: SQL = sql`${log.source(campaignId, ctx.teamId)}${searched}`;
  const dir = sql.raw((q.sort ?? log.order.direction) === "asc" ? "ASC" : "DESC");
  const total = (await one<{ n: number }>(db, sql`SELECT count(*)::int AS n ${source}`))?.n ?? 0;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${log.select} ${source} ORDER BY ${log.order.column} ${dir} NULLS LAST, id ${dir} LIMIT ${limit} OFFSET ${(q.page - 1) * limit}`,
  );
  return { data: found.map((r) => log.present(r)), meta: pageMeta(total, q.page, limit) };
}
