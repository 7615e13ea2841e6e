import {
  type Campaign,
  CampaignChannel,
  CampaignFrequencyPeriods,
  type CampaignSenderType,
  type CampaignStatus,
  CampaignStatusLabels,
  type CampaignTrigger,
  type CampaignType,
  CampaignTypeLabels,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { sendUnitCost } from "../providers";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, intArray, iso, one, rows } from "../shared/rows";

/** A stored campaign, as the domain reads it. */
export interface CampaignRecord {
  id: number;
  name: string;
  type: CampaignType;
  status: CampaignStatus;
  sender_type: CampaignSenderType;
  gateway_id: number | null;
  route_id: number | null;
  pool_id: number | null;
  ms_sid: string | null;
  ms_name: string | null;
  started_at: string | null;
  started_at_tz: string;
  daytime_limitation: boolean;
  run_daily_from: string | null;
  run_daily_to: string | null;
  need_send_by_timezones: boolean;
  frequency_count: number | null;
  frequency_period: number | null;
  daily_limit: number | null;
  cool_off_rule_id: number | null;
  inactive_device_rule_id: number | null;
  set_frequency_rule_id: number | null;
  increase_frequency_rule_id: number | null;
  only_verified_leads: boolean;
  lookup_gateway_id: number | null;
  only_consent_proof: boolean;
  triggers: CampaignTrigger[];
  click_automation_campaign_id: number | null;
  send_test_spam_emails: boolean;
  spam_email_group_ids: number[];
  send_spam_email_interval: number | null;
  reply_to: string | null;
  is_started: boolean;
  archived_at: string | null;
  links_expired_at: string | null;
  status_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A live (not deleted) campaign of the team; `FOR UPDATE` when a write follows. */
export async function campaignOf(db: DbOrTx, ctx: TeamCtx, id: number, lock = false): Promise<CampaignRecord> {
  const row = await one<CampaignRecord>(
    db,
    sql`SELECT * FROM campaigns WHERE team_id = ${ctx.teamId} AND id = ${id} AND deleted_at IS NULL ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new AppError("campaign_not_found");
  return row;
}

/** Of these ids, the team's live campaigns (in id order), locked for the caller's writes. */
export async function campaignsOf(db: DbOrTx, ctx: TeamCtx, ids: readonly number[]): Promise<CampaignRecord[]> {
  if (ids.length === 0) return [];
  return rows<CampaignRecord>(
    db,
    sql`SELECT * FROM campaigns WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(ids)}) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
  );
}

type Detail = CampaignRecord & {
  gateway_label: string | null;
  route_label: string | null;
  pool_label: string | null;
  cool_off_rule_name: string | null;
  inactive_device_rule_name: string | null;
  records: number;
  processed: number;
  steps: number;
  /** The provider types of every gateway the sender may send through (one, a pool's, or a route's). */
  sender_gateway_types: string[] | null;
};

/** The campaigns with their labels and all-time audience figures; `where` narrows `c`. */
export async function campaignDetails(db: DbOrTx, ctx: TeamCtx, where: SQL): Promise<Campaign[]> {
  const found = await rows<Detail>(
    db,
    sql`SELECT c.*, g.name AS gateway_label, r.name AS route_label, p.name AS pool_label,
          co.name AS cool_off_rule_name, id.name AS inactive_device_rule_name,
          coalesce(k.records, 0)::float8 AS records, coalesce(k.processed, 0)::float8 AS processed,
          (SELECT count(*)::int FROM campaign_steps s WHERE s.campaign_id = c.id AND s.parent_step_id IS NULL) AS steps,
          (SELECT array_agg(DISTINCT sg.type) FROM gateways sg WHERE sg.id IN (
             SELECT c.gateway_id WHERE c.sender_type = 'gateway'
             UNION ALL SELECT ps.gateway_id FROM campaign_pool_senders ps WHERE c.sender_type = 'pool' AND ps.pool_id = p.id
             UNION ALL SELECT r.gateway_id WHERE c.sender_type = 'route'
             UNION ALL SELECT rg.gateway_id FROM campaign_route_groups rg WHERE c.sender_type = 'route' AND rg.route_id = r.id
          )) AS sender_gateway_types
        FROM campaigns c
        LEFT JOIN gateways g ON g.id = c.gateway_id AND (g.team_id = c.team_id OR g.team_id IS NULL)
        LEFT JOIN campaign_routes r ON r.id = c.route_id AND r.team_id = c.team_id
        LEFT JOIN campaign_pools p ON p.id = c.pool_id AND p.team_id = c.team_id
        LEFT JOIN rules co ON co.id = c.cool_off_rule_id AND co.team_id = c.team_id
        LEFT JOIN rules id ON id.id = c.inactive_device_rule_id AND id.team_id = c.team_id
        LEFT JOIN (SELECT campaign_id, sum(records) AS records, sum(processed) AS processed FROM campaign_counters
                   WHERE team_id = ${ctx.teamId} GROUP BY campaign_id) k ON k.campaign_id = c.id
        WHERE c.team_id = ${ctx.teamId} AND c.deleted_at IS NULL AND ${where}
        ORDER BY c.id`,
  );
  return found.map(present);
}

export async function campaignDetail(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Campaign> {
  const [found] = await campaignDetails(db, ctx, sql`c.id = ${id}`);
  if (!found) throw new AppError("campaign_not_found");
  return found;
}

/** The dearest price among the sender's gateways: what a part may cost, never an understatement. */
function partPrice(c: Detail): number | null {
  const prices = (c.sender_gateway_types ?? []).map((t) => sendUnitCost(CampaignChannel[c.type], t)).filter((p) => p !== null);
  return prices.length ? Math.max(...prices) : null;
}

const label = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

function present(c: Detail): Campaign {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    type_label: CampaignTypeLabels[c.type],
    status: c.status,
    status_label: CampaignStatusLabels[c.status],
    sender_type: c.sender_type,
    setting_gateway_id: c.gateway_id,
    gateway_label: c.gateway_label,
    route_id: c.route_id,
    route_label: c.route_label,
    pool_id: c.pool_id,
    pool_label: c.pool_label,
    ms_sid: c.ms_sid,
    ms_name: c.ms_name,
    started_at: iso(c.started_at),
    started_at_tz: c.started_at_tz,
    daytime_limitation: c.daytime_limitation,
    run_daily_from: hhmm(c.run_daily_from),
    run_daily_to: hhmm(c.run_daily_to),
    need_send_by_timezones: c.need_send_by_timezones,
    frequency_count: c.frequency_count,
    frequency_period: c.frequency_period,
    frequency_period_label:
      c.frequency_period === null
        ? null
        : (CampaignFrequencyPeriods[c.frequency_period as keyof typeof CampaignFrequencyPeriods] ?? `${c.frequency_period} min`),
    daily_limit: c.daily_limit,
    cool_off_rule_id: c.cool_off_rule_id,
    inactive_device_rule_id: c.inactive_device_rule_id,
    set_frequency_rule_id: c.set_frequency_rule_id,
    increase_frequency_rule_id: c.increase_frequency_rule_id,
    cool_off_rule: label(c.cool_off_rule_id, c.cool_off_rule_name),
    inactive_device_rule: label(c.inactive_device_rule_id, c.inactive_device_rule_name),
    only_verified_leads: c.only_verified_leads,
    lookup_gateway_id: c.lookup_gateway_id,
    only_consent_proof: c.only_consent_proof,
    triggers: c.triggers,
    click_automation_campaign_id: c.click_automation_campaign_id,
    send_test_spam_emails: c.send_test_spam_emails,
    spam_email_groups: c.spam_email_group_ids,
    send_spam_email_interval: c.send_spam_email_interval,
    reply_to: c.reply_to,
    is_started: c.is_started,
    archived: c.archived_at !== null,
    records: c.records,
    steps: c.steps,
    processed_count: c.processed,
    part_price: partPrice(c),
    links_expired_at: iso(c.links_expired_at),
    status_reason: c.status_reason,
    created_at: iso(c.created_at)!,
    updated_at: iso(c.updated_at)!,
  };
}
