import { CampaignChannel, type StatisticQuery, StatisticUnavailableStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type CampaignRecord, campaignOf } from "../campaigns";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, rows } from "../shared/rows";

/** What every statistic starts from: the team's campaign (another team's is a 404), its channel, and whether it has one. */
export interface StatisticScope {
  teamId: number;
  campaign: CampaignRecord;
  channel: "sms" | "email";
  /** Draft and scheduled campaigns have nothing to build a statistic from (docs/product/campaigns.md). */
  available: boolean;
}

export async function statisticScope(db: DbOrTx, ctx: TeamCtx, campaignId: number): Promise<StatisticScope> {
  const campaign = await campaignOf(db, ctx, campaignId);
  const unavailable: readonly string[] = StatisticUnavailableStatuses;
  return { teamId: ctx.teamId, campaign, channel: CampaignChannel[campaign.type], available: !unavailable.includes(campaign.status) };
}

/** The counters' rows of the campaign within the range (inclusive UTC days); `k` is campaign_counters. */
export function countersOf(s: StatisticScope, q: StatisticQuery): SQL {
  const from = q.date_from ? sql` AND k.day >= ${q.date_from}::date` : sql``;
  const to = q.date_to ? sql` AND k.day <= ${q.date_to}::date` : sql``;
  return sql`FROM campaign_counters k WHERE k.campaign_id = ${s.campaign.id} AND k.team_id = ${s.teamId}${from}${to}`;
}

/** A timestamp column within the range (inclusive UTC days), for the engagement tables. */
export function createdIn(column: SQL, q: StatisticQuery): SQL {
  const from = q.date_from ? sql` AND ${column} >= (${q.date_from}::date)::timestamp AT TIME ZONE 'UTC'` : sql``;
  const to = q.date_to ? sql` AND ${column} < (${q.date_to}::date + 1)::timestamp AT TIME ZONE 'UTC'` : sql``;
  return sql`${from}${to}`;
}

export interface StepNode {
  id: number;
  name: string;
  type: string;
  parent_step_id: number | null;
}

/** The campaign's steps in the page's order: top-level steps by position, each split followed by its parts. */
export function stepTree(db: DbOrTx, s: StatisticScope): Promise<StepNode[]> {
  return rows<StepNode>(
    db,
    sql`SELECT s.id, s.name, s.type, s.parent_step_id
        FROM campaign_steps s LEFT JOIN campaign_steps p ON p.id = s.parent_step_id
        WHERE s.campaign_id = ${s.campaign.id} AND s.team_id = ${s.teamId}
        ORDER BY coalesce(p.position, s.position), coalesce(p.id, s.id), s.parent_step_id IS NOT NULL, s.position, s.id`,
  );
}

/** Money as every screen shows it (contracts' formatDollars: four decimals below a dollar). */
export { formatDollars } from "@leadflow/contracts";

/** Rounds a sum of money columns to the counters' scale (four decimals): float sums never show 0.30000000000000004. */
export const money = (n: number) => Math.round(n * 10_000) / 10_000;
