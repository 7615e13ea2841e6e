import {
  type CampaignBatchResult,
  type CampaignManualStatus,
  type CampaignStatus,
  CampaignStatusLabels,
  canMoveCampaign,
  isTriggerType,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { type CampaignRecord, campaignsOf } from "./campaign-rows";
import { type CampaignChange, recordCampaignChanges } from "./change-log";

/*
 * Set status: each campaign moves by the one table of allowed moves, or says why not. Active needs an
 * audience (bulk types; trigger types get leads from events), a step with a message and a sender that can send.
 */

/** Why this campaign cannot send now, or null when it can. */
export async function whyNotActive(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord): Promise<string | null> {
  const team = ctx.teamId;
  if (!isTriggerType(c.type) && !(await one(db, sql`SELECT 1 FROM campaign_audiences WHERE campaign_id = ${c.id} LIMIT 1`)))
    return "it has no audience";
  const message = await one(
    db,
    sql`SELECT 1 FROM campaign_steps WHERE campaign_id = ${c.id} AND type <> 'split' AND btrim(message) <> '' LIMIT 1`,
  );
  if (!message) return "it has no step with a message";
  const gatewayOk = (id: ReturnType<typeof sql>) =>
    sql`EXISTS (SELECT 1 FROM gateways g WHERE g.id = ${id} AND (g.team_id = ${team} OR g.team_id IS NULL) AND g.active)`;
  const sender =
    c.sender_type === "gateway"
      ? await one(db, sql`SELECT 1 WHERE ${gatewayOk(sql`${c.gateway_id}`)}`)
      : c.sender_type === "route"
        ? await one(
            db,
            sql`SELECT 1 FROM campaign_routes r WHERE r.team_id = ${team} AND r.id = ${c.route_id} AND ${gatewayOk(sql`r.gateway_id`)}`,
          )
        : await one(
            db,
            sql`SELECT 1 FROM campaign_pool_senders s WHERE s.team_id = ${team} AND s.pool_id = ${c.pool_id} AND ${gatewayOk(sql`s.gateway_id`)} LIMIT 1`,
          );
  if (!sender) return `its ${c.sender_type} cannot send (missing, inactive or not this team's)`;
  return null;
}

/** Active with a start ahead is stored as scheduled; the engine makes it active when the time comes. */
function target(c: CampaignRecord, to: CampaignManualStatus): CampaignStatus {
  if (to === "active" && c.started_at && new Date(c.started_at).getTime() > Date.now()) return "scheduled";
  return to;
}

/**
 * `onActive`: called in the transaction with the campaigns that became Active, before it commits — the engine queues
 * their planning there, so a campaign is never Active without its planning on the way. The product's command is the
 * sending engine's `changeCampaignStatus`, which always passes it; a caller that plans by itself (a benchmark) says so.
 */
export async function setCampaignStatus(
  db: DbOrTx,
  ctx: TeamCtx,
  ids: readonly number[],
  to: CampaignManualStatus,
  onActive: (tx: DbOrTx, campaignIds: number[]) => Promise<void>,
): Promise<CampaignBatchResult> {
  return db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const found = await campaignsOf(tx, ctx, unique);
    // None of them the team's: the same answer as for one campaign of another team.
    if (found.length === 0) throw new AppError("campaign_not_found");
    const info: string[] = [];
    const errors: string[] = [];
    const activated: number[] = [];
    const changes: CampaignChange[] = [];
    for (const id of unique) if (!found.some((c) => c.id === id)) errors.push(`Campaign #${id} was not found.`);
    for (const c of found) {
      const next = target(c, to);
      const name = `Campaign "${c.name}"`;
      if (c.status === next) {
        errors.push(`${name} is already ${CampaignStatusLabels[next]}.`);
        continue;
      }
      // Draft means "never started": a campaign that has sent cannot go back to it.
      if (!canMoveCampaign(c.status, next) || (next === "draft" && c.is_started)) {
        errors.push(`${name} cannot be set from ${CampaignStatusLabels[c.status]} to ${CampaignStatusLabels[next]}.`);
        continue;
      }
      if (next === "active" || next === "scheduled") {
        const why = await whyNotActive(tx, ctx, c);
        if (why) {
          errors.push(`${name} cannot be set to ${CampaignStatusLabels[next]}: ${why}.`);
          continue;
        }
      }
      // The first Active is the campaign's start (its Started Date): a start typed in the past, or copied with the
      // campaign, is not when this one started. A schedule still ahead never gets here (it is stored as scheduled).
      const started =
        next === "active" ? sql`, started_at = CASE WHEN is_started THEN started_at ELSE now() END, is_started = true` : sql``;
      await tx.execute(
        sql`UPDATE campaigns SET status = ${next}, status_reason = NULL${started}, updated_at = now()
            WHERE team_id = ${ctx.teamId} AND id = ${c.id}`,
      );
      info.push(`${name} set to ${CampaignStatusLabels[next]}.`);
      const attributes = [{ name: "Status", value_to: CampaignStatusLabels[next] }];
      changes.push({ teamId: ctx.teamId, campaignId: c.id, type: "status", attributes, userId: ctx.userId });
      if (next === "active") activated.push(c.id);
    }
    await recordCampaignChanges(tx, changes);
    if (activated.length) await onActive(tx, activated);
    return { info, errors };
  });
}
