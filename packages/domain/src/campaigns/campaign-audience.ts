import type { AttachAudience, AudienceItem, CampaignAudienceKind, LeadTablePage, ListLeadsQuery } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { leadTable } from "../leads";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, intArray, rows } from "../shared/rows";
import { campaignOf } from "./campaign-rows";
import { recordCampaignChange } from "./change-log";

/*
 * A campaign's audience: the segments, sources and lists it sends to, and its leads — the union of
 * theirs, paged by the leads feature's table. Leads join a running campaign through the engine, not here.
 */

/** Where each kind's items live: their name, and the parent shown beside them (a segment's audience, a list's source). */
const ITEMS = {
  segment: { table: sql`segments`, parent: sql`t.parent_id` },
  source: { table: sql`sources`, parent: sql`NULL::int` },
  list: { table: sql`lists`, parent: sql`t.source_id` },
} as const satisfies Record<CampaignAudienceKind, { table: SQL; parent: SQL }>;

export async function audienceOf(db: DbOrTx, ctx: TeamCtx, campaignId: number, kind: CampaignAudienceKind): Promise<AudienceItem[]> {
  await campaignOf(db, ctx, campaignId);
  return attached(db, ctx, campaignId, kind);
}

function attached(db: DbOrTx, ctx: TeamCtx, campaignId: number, kind: CampaignAudienceKind): Promise<AudienceItem[]> {
  const { table, parent } = ITEMS[kind];
  return rows<AudienceItem>(
    db,
    sql`SELECT t.id, t.name, ${parent} AS parent_id FROM campaign_audiences a JOIN ${table} t ON t.team_id = a.team_id AND t.id = a.ref_id
        WHERE a.team_id = ${ctx.teamId} AND a.campaign_id = ${campaignId} AND a.kind = ${kind}
        ORDER BY lower(t.name), t.id`,
  );
}

/**
 * `id` adds one item; `ids` replaces the kind's selection (the settings panel's multi-select). Every id must be the
 * team's: one that is not is a 404 and nothing changes.
 */
export async function attachAudience(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  kind: CampaignAudienceKind,
  input: AttachAudience,
): Promise<AudienceItem[]> {
  await db.transaction(async (tx) => {
    await campaignOf(tx, ctx, campaignId, true);
    const before = await attached(tx, ctx, campaignId, kind);
    const ids = [...new Set("ids" in input ? input.ids : [input.id])];
    if (ids.length) {
      const found = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM ${ITEMS[kind].table} WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(ids)})`,
      );
      if (found.length !== ids.length) throw new AppError("campaign_audience_not_found");
    }
    if ("ids" in input) {
      await tx.execute(
        sql`DELETE FROM campaign_audiences WHERE campaign_id = ${campaignId} AND kind = ${kind} AND NOT (ref_id = ANY(${intArray(ids)}))`,
      );
    }
    if (ids.length) {
      await tx.execute(
        sql`INSERT INTO campaign_audiences (team_id, campaign_id, kind, ref_id)
            SELECT ${ctx.teamId}, ${campaignId}, ${kind}, unnest(${intArray(ids)}) ON CONFLICT DO NOTHING`,
      );
    }
    await tx.execute(sql`UPDATE campaigns SET updated_at = now() WHERE id = ${campaignId}`);
    const attributes = audienceChange(kind, before, await attached(tx, ctx, campaignId, kind));
    if (attributes.length)
      await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId, type: "audience", attributes, userId: ctx.userId });
  });
  return attached(db, ctx, campaignId, kind);
}

const AUDIENCE_LABELS = {
  segment: ["Segments added", "Segments removed"],
  source: ["Sources added", "Sources removed"],
  list: ["Lists added", "Lists removed"],
} as const satisfies Record<CampaignAudienceKind, readonly [string, string]>;

/** The Logs tab's entry for an audience change: the names attached and removed. */
function audienceChange(kind: CampaignAudienceKind, before: AudienceItem[], after: AudienceItem[]) {
  const names = (items: AudienceItem[], not: AudienceItem[]) => items.filter((i) => !not.some((n) => n.id === i.id)).map((i) => i.name);
  const [addedLabel, removedLabel] = AUDIENCE_LABELS[kind];
  const added = names(after, before);
  const removed = names(before, after);
  return [
    ...(added.length ? [{ name: addedLabel, value_to: added.join(", ") }] : []),
    ...(removed.length ? [{ name: removedLabel, value_to: removed.join(", ") }] : []),
  ];
}

/** GET /api/campaigns/{id}/leads: the audience's leads, one keyset page of the leads table. */
export async function campaignLeads(db: DbOrTx, ctx: TeamCtx, campaignId: number, q: ListLeadsQuery): Promise<LeadTablePage> {
  await campaignOf(db, ctx, campaignId);
  return leadTable(db, ctx, q, { campaignId });
}
