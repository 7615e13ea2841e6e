import {
  type CampaignChangeAttribute,
  type CampaignChangeEntry,
  type CampaignChangePage,
  type CampaignChangeQuery,
  CampaignChangeTypes,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { campaignOf } from "../campaigns";
import type { TeamCtx } from "../shared/context";
import { pageMeta } from "../shared/paging";
import { type DbOrTx, dbTimestamp, iso, one, rows } from "../shared/rows";

/** An entry as read; its attributes are JSON whose values were written by several versions of the engine. */
const EntryRow = z.object({
  id: z.number(),
  created_at: dbTimestamp,
  type: z.string(),
  attributes: z.union([z.array(z.object({ name: z.unknown(), value_to: z.unknown() })), z.string()]).nullable(),
  user_name: z.string().nullable(),
});
type EntryRow = z.input<typeof EntryRow>;

/**
 * GET /api/campaigns/{id}/campaign-logs (docs/product/campaigns.md): one page of the campaign's change timeline, newest
 * first. A campaign's log is small (its edits and status moves), so OFFSET on the (campaign_id, id) index serves it.
 */
export async function campaignChangePage(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  q: CampaignChangeQuery,
): Promise<CampaignChangePage> {
  await campaignOf(db, ctx, campaignId);
  const where = sql`l.campaign_id = ${campaignId} AND l.team_id = ${ctx.teamId}`;
  const total = (await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM campaign_logs l WHERE ${where}`))?.n ?? 0;
  const found = await rows(
    db,
    sql`SELECT l.id::float8 AS id, l.created_at, l.type, l.attributes, u.name AS user_name
        FROM campaign_logs l LEFT JOIN users u ON u.id = l.user_id AND u.team_id = l.team_id
        WHERE ${where}
        ORDER BY l.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    EntryRow,
  );
  return { data: found.map(present), meta: pageMeta(total, q.page, q.limit) };
}

function present(r: EntryRow): CampaignChangeEntry {
  const attributes: { name: unknown; value_to: unknown }[] =
    typeof r.attributes === "string" ? (JSON.parse(r.attributes) as CampaignChangeAttribute[]) : (r.attributes ?? []);
  return {
    id: Number(r.id),
    created_at: iso(r.created_at)!,
    type: r.type,
    type_label: CampaignChangeTypes[r.type as keyof typeof CampaignChangeTypes] ?? r.type,
    user: r.user_name,
    attributes: attributes.map((a) => ({ name: String(a.name), value_to: a.value_to === null ? null : String(a.value_to) })),
  };
}
