import {
  type CampaignListQuery,
  type CampaignNames,
  type CampaignPage,
  CampaignRow,
  type CampaignSortKey,
  CampaignStatusLabels,
  type CampaignTodayCounters,
  type CampaignTrigger,
  type CampaignType,
  CampaignTypeLabels,
  campaignProgress,
  percentOf,
  type StatPeriod,
  type StatPeriodQuery,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { TeamCtx } from "../shared/context";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, dbTimestamp, iso, rows, textArray } from "../shared/rows";

/*
 * The campaign list, its period's cards and the pickers' name lists. Every figure is a sum of `campaign_counters` in one
 * grouped join (docs/campaign-statistics.md): nothing counts messages per request. Days are UTC days.
 */

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n));

/** The inclusive UTC day range of a period; null for all time. */
export function periodRange(period: StatPeriod, now = new Date()): [string, string] | null {
  const today = addDays(now, 0);
  const monday = addDays(today, -((today.getUTCDay() + 6) % 7));
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  switch (period) {
    case "today":
      return [day(today), day(today)];
    case "yesterday":
      return [day(addDays(today, -1)), day(addDays(today, -1))];
    case "this_week":
      return [day(monday), day(today)];
    case "last_week":
      return [day(addDays(monday, -7)), day(addDays(monday, -1))];
    case "this_month":
      return [day(new Date(Date.UTC(y, m, 1))), day(today)];
    case "last_month":
      return [day(new Date(Date.UTC(y, m - 1, 1))), day(new Date(Date.UTC(y, m, 0)))];
    case "this_year":
      return [day(new Date(Date.UTC(y, 0, 1))), day(today)];
    case "all_time":
      return null;
  }
}

const FIGURES = [
  "sent",
  "delivered",
  "opened",
  "clicked",
  "errors",
  "spam",
  "unsubscribed",
  "cool_offs",
  "cool_offs_inactive_device",
  "daily_limit",
  "cost",
  "revenue",
  "lookup_cost",
] as const;

/** Per campaign: records and processed over all time (progress is not a period's), the rest within the range. */
function countersJoin(teamId: number, range: [string, string] | null): SQL {
  const inRange = range ? sql`day BETWEEN ${range[0]}::date AND ${range[1]}::date` : sql`true`;
  const sums = sql.join(
    FIGURES.map((f) => sql`coalesce(sum(${sql.identifier(f)}) FILTER (WHERE ${inRange}), 0)::float8 AS ${sql.identifier(f)}`),
    sql`, `,
  );
  return sql`LEFT JOIN (SELECT campaign_id, sum(records)::float8 AS records, sum(processed)::float8 AS processed, ${sums}
    FROM campaign_counters WHERE team_id = ${teamId} GROUP BY campaign_id) k ON k.campaign_id = c.id`;
}

const fig = (f: string) => sql`coalesce(${sql.raw(`k.${f}`)}, 0)`;
const sorts = {
  id: sql`c.id`,
  name: sql`lower(c.name)`,
  type: sql`c.type`,
  status: sql`c.status`,
  created_at: sql`c.created_at`,
  started_at: sql`c.started_at`,
  records: fig("records"),
  sent: fig("sent"),
  delivered: fig("delivered"),
  clicked: fig("clicked"),
  cost: fig("cost"),
  revenue: fig("revenue"),
  profit: sql`(${fig("revenue")} - ${fig("cost")} - ${fig("lookup_cost")})`,
} satisfies SortMap<CampaignSortKey>;

/** A campaign as read: the list's row before its labels, percentages and progress are worked out. */
const ListRow = CampaignRow.pick({
  id: true,
  name: true,
  type: true,
  status: true,
  archived: true,
  gateway_label: true,
  from_label: true,
  pool_label: true,
  records: true,
  steps: true,
}).extend({
  started_at: dbTimestamp.nullable(),
  created_at: dbTimestamp,
  processed: z.number(),
  ...(Object.fromEntries(FIGURES.map((f) => [f, z.number()])) as Record<(typeof FIGURES)[number], z.ZodNumber>),
});
type ListRow = z.input<typeof ListRow>;

/** The campaigns the list shows (`c`): the team's, never a deleted one, by its Archived, type and search filters. */
function listWhere(teamId: number, q: Pick<CampaignListQuery, "archived" | "types" | "search">): SQL {
  const where: SQL[] = [
    sql`c.team_id = ${teamId}`,
    sql`c.deleted_at IS NULL`,
    q.archived ? sql`c.archived_at IS NOT NULL` : sql`c.archived_at IS NULL`,
  ];
  if (q.types?.length) where.push(sql`c.type = ANY(${textArray(q.types)})`);
  if (q.search) {
    const byId = /^\d{1,9}$/.test(q.search) ? sql` OR c.id = ${Number(q.search)}` : sql``;
    where.push(sql`(c.name ILIKE ${likePattern(q.search)}${byId})`);
  }
  return sql.join(where, sql` AND `);
}

export async function listCampaigns(db: DbOrTx, ctx: TeamCtx, q: CampaignListQuery): Promise<CampaignPage> {
  const team = ctx.teamId;
  const range = statRange(q);
  const page = await pagedQuery(db, q, {
    row: ListRow,
    select: sql`SELECT c.id, c.started_at, c.created_at, c.name, c.type, c.status, c.archived_at IS NOT NULL AS archived,
        g.name AS gateway_label, coalesce(c.ms_name, r.name) AS from_label, p.name AS pool_label,
        coalesce(k.records, 0)::float8 AS records, coalesce(k.processed, 0)::float8 AS processed, coalesce(st.steps, 0)::int AS steps,
        ${sql.join(
          FIGURES.map((f) => sql`${fig(f)}::float8 AS ${sql.identifier(f)}`),
          sql`, `,
        )}
      FROM campaigns c
      LEFT JOIN gateways g ON g.id = c.gateway_id AND (g.team_id = c.team_id OR g.team_id IS NULL)
      LEFT JOIN campaign_routes r ON r.id = c.route_id AND r.team_id = c.team_id
      LEFT JOIN campaign_pools p ON p.id = c.pool_id AND p.team_id = c.team_id
      LEFT JOIN (SELECT campaign_id, count(*) AS steps FROM campaign_steps WHERE team_id = ${team} AND parent_step_id IS NULL
                 GROUP BY campaign_id) st ON st.campaign_id = c.id
      ${countersJoin(team, range)}`,
    from: sql`FROM campaigns c`,
    where: listWhere(team, q),
    sorts,
    fallback: { key: "id", direction: "desc" },
    tieBreak: sql`c.id DESC`,
  });
  return mapPage(page, presentRow);
}

/**
 * Profit = revenue − what the messages cost − what the lookups the campaign started charged (its verification
 * lookups: lookup_jobs.campaign_id). Revenue of bot, expired and state-filtered clicks is counted apart and not in it.
 */
export function campaignProfit(r: { revenue: number; cost: number; lookup_cost: number }): number {
  return Math.round((r.revenue - r.cost - r.lookup_cost) * 10_000) / 10_000;
}

function presentRow(r: ListRow): CampaignRow {
  return {
    id: r.id,
    started_at: iso(r.started_at),
    created_at: iso(r.created_at)!,
    name: r.name,
    type: r.type,
    type_label: CampaignTypeLabels[r.type],
    gateway_label: r.gateway_label,
    from_label: r.from_label,
    pool_label: r.pool_label,
    records: r.records,
    steps: r.steps,
    processed_count: r.processed,
    progress: campaignProgress(r.processed, r.records, r.steps),
    cost: r.cost,
    revenue: r.revenue,
    profit: campaignProfit(r),
    sent: r.sent,
    delivered: r.delivered,
    delivered_percent: percentOf(r.delivered, r.sent),
    opened: r.opened,
    clicked: r.clicked,
    clicked_percent: percentOf(r.clicked, r.sent),
    errors: r.errors,
    spam: r.spam,
    unsubscribed: r.unsubscribed,
    unsubscribed_percent: percentOf(r.unsubscribed, r.sent),
    cool_offs: r.cool_offs,
    cool_offs_inactive_device: r.cool_offs_inactive_device,
    daily_limit: r.daily_limit,
    status: r.status,
    status_label: CampaignStatusLabels[r.status],
    archived: r.archived,
  };
}

/** The inclusive UTC day range of the list's period or custom range; null for all time. */
export function statRange(q: StatPeriodQuery, now = new Date()): [string, string] | null {
  return q.stat_from && q.stat_to ? [q.stat_from, q.stat_to] : periodRange(q.period, now);
}

/**
 * The list's cards: Sent, Delivered, Clicks and Cost per channel (the campaign's type decides it), summed over the
 * list's period — today unless asked otherwise — and over the campaigns the list shows (a deleted campaign's messages,
 * or an archived one's outside the Archived filter, are in no row, so in no card). The team's counter rows of those days
 * (campaign_counters_team_day_idx).
 */
export async function periodCounters(
  db: DbOrTx,
  ctx: TeamCtx,
  q: StatPeriodQuery & Partial<Pick<CampaignListQuery, "archived" | "types" | "search">> = { period: "today" },
  now = new Date(),
): Promise<CampaignTodayCounters> {
  const range = statRange(q, now);
  const days = range ? sql`AND k.day BETWEEN ${range[0]}::date AND ${range[1]}::date` : sql``;
  const found = await rows<{ channel: "sms" | "email"; sent: number; delivered: number; clicked: number; cost: number }>(
    db,
    sql`SELECT CASE WHEN c.type IN ('email', 'email_automation') THEN 'email' ELSE 'sms' END AS channel,
          sum(k.sent)::float8 AS sent, sum(k.delivered)::float8 AS delivered, sum(k.clicked)::float8 AS clicked, sum(k.cost)::float8 AS cost
        FROM campaign_counters k JOIN campaigns c ON c.id = k.campaign_id
        WHERE k.team_id = ${ctx.teamId} ${days} AND ${listWhere(ctx.teamId, { archived: q.archived ?? false, types: q.types, search: q.search })}
        GROUP BY 1`,
  );
  const of = (channel: "sms" | "email") => {
    const r = found.find((f) => f.channel === channel) ?? { sent: 0, delivered: 0, clicked: 0, cost: 0 };
    return {
      sent: r.sent,
      delivered: r.delivered,
      delivered_percent: percentOf(r.delivered, r.sent),
      clicked: r.clicked,
      clicked_percent: percentOf(r.clicked, r.sent),
      cost: r.cost,
    };
  };
  return { data: { sms: of("sms"), email: of("email") } };
}

/** The team's live campaigns for pickers, newest first; `types` narrows them. */
export async function campaignNames(db: DbOrTx, ctx: TeamCtx, types?: readonly CampaignType[]): Promise<CampaignNames> {
  const data = await rows<CampaignNames["data"][number]>(
    db,
    sql`SELECT id, name, type, status FROM campaigns WHERE team_id = ${ctx.teamId} AND deleted_at IS NULL
          ${types?.length ? sql`AND type = ANY(${textArray(types)})` : sql``}
        ORDER BY id DESC LIMIT 5000`,
  );
  return { data };
}

/** GET /api/automations/list-by-trigger: the team's trigger campaigns that start on this trigger. */
export async function campaignsByTrigger(db: DbOrTx, ctx: TeamCtx, trigger: CampaignTrigger): Promise<CampaignNames> {
  const data = await rows<CampaignNames["data"][number]>(
    db,
    sql`SELECT id, name, type, status FROM campaigns
        WHERE team_id = ${ctx.teamId} AND deleted_at IS NULL AND type IN ('automation', 'email_automation') AND ${trigger} = ANY(triggers)
        ORDER BY id DESC LIMIT 5000`,
  );
  return { data };
}
