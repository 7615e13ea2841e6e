import { type CampaignStatistic, HitReasonLabels, percentOf, type StatisticQuery } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { CounterColumns, campaignProfit } from "../campaigns";
import { consentSkips } from "../compliance";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, one, rows } from "../shared/rows";
import { countersOf, createdIn, formatDollars, money, type StatisticScope, statisticScope } from "./statistic-scope";

type Sums = Record<(typeof CounterColumns)[number], number>;

const zero = Object.fromEntries(CounterColumns.map((c) => [c, 0])) as Sums;

/**
 * The summary block (docs/product/campaigns.md): one sum of the campaign's counters over the range (the campaign-wide
 * row included: lookups are charged there), nothing counted from the ledger. Every figure the list shows reads the
 * same way there (percentOf, campaignProfit).
 */
export async function campaignStatistic(db: DbOrTx, ctx: TeamCtx, campaignId: number, q: StatisticQuery): Promise<CampaignStatistic> {
  const s = await statisticScope(db, ctx, campaignId);
  const k = s.available
    ? ((await one<Sums>(
        db,
        sql`SELECT ${sql.join(
          CounterColumns.map((c) => sql`coalesce(sum(k.${sql.identifier(c)}), 0)::float8 AS ${sql.identifier(c)}`),
          sql`, `,
        )} ${countersOf(s, q)}`,
      )) ?? zero)
    : zero;
  const revenue = money(k.revenue);
  const cost = money(k.cost);
  const lookup_cost = money(k.lookup_cost);
  const profit = campaignProfit({ revenue, cost, lookup_cost });
  const total = money(k.revenue + k.revenue_by_bot + k.revenue_by_expired + k.revenue_by_state_filter);
  const filtered = s.available ? await filteredClicks(db, s, q) : [];
  return {
    available: s.available,
    channel: s.channel,
    cost,
    revenue,
    revenue_by_bot: money(k.revenue_by_bot),
    revenue_by_expired: money(k.revenue_by_expired),
    revenue_by_state_filter: money(k.revenue_by_state_filter),
    lookup_cost,
    profit,
    cost_formatted: formatDollars(cost),
    total_revenue_formatted: formatDollars(total),
    profit_formatted: formatDollars(profit),
    revenue_formatted: formatDollars(revenue),
    revenue_by_bot_formatted: formatDollars(money(k.revenue_by_bot)),
    revenue_by_expired_formatted: formatDollars(money(k.revenue_by_expired)),
    revenue_by_state_filter_formatted: formatDollars(money(k.revenue_by_state_filter)),
    sent: k.sent,
    delivered: k.delivered,
    delivered_percent: percentOf(k.delivered, k.sent),
    opened: k.opened,
    opened_percent: percentOf(k.opened, k.sent),
    clicked: k.clicked,
    clicked_percent: percentOf(k.clicked, k.sent),
    total_errors: k.errors + k.blocked + k.inactive_device + k.bounces,
    errors: k.errors,
    spam_count: k.spam,
    unsubscribed: k.unsubscribed,
    unsubscribed_percent: percentOf(k.unsubscribed, k.sent),
    cool_offs: k.cool_offs,
    cool_offs_inactive_device: k.cool_offs_inactive_device,
    daily_limit: k.daily_limit,
    blocked: k.blocked,
    inactive_device: k.inactive_device,
    cancelled: k.cancelled,
    bounces: k.bounces,
    complaints: k.complaints,
    total_conversations: k.conversations,
    filtered_clicks: { total: filtered.reduce((n, f) => n + f.count, 0), by_reason: filtered },
    consent_skips: s.available ? await consentSkips(db, s.teamId, s.campaign.id) : { total: 0, by_reason: [] },
  };
}

/**
 * The clicks the redirect did not count, by why, from the hits themselves through the Redirects tab's own index
 * (the campaign's hits with a reason): far fewer than the counted ones, so read per request rather than maintained.
 */
async function filteredClicks(db: DbOrTx, s: StatisticScope, q: StatisticQuery) {
  const found = await rows<{ reason: string; count: number }>(
    db,
    sql`SELECT h.reason, count(*)::int AS count FROM message_hits h
        WHERE h.campaign_id = ${s.campaign.id} AND h.team_id = ${s.teamId} AND h.kind = 'click' AND h.reason IS NOT NULL
          ${createdIn(sql`h.created_at`, q)}
        GROUP BY h.reason ORDER BY count(*) DESC, h.reason`,
  );
  return found.map((f) => ({ ...f, label: HitReasonLabels[f.reason as keyof typeof HitReasonLabels] ?? f.reason }));
}
