import {
  type CampaignStatisticChart,
  StatisticChartKeys,
  StatisticChartSeries,
  StatisticHourlySpanHours,
  type StatisticQuery,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, one, rows } from "../shared/rows";
import { statisticScope } from "./statistic-scope";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An hourly chart shows at least this many hours: a campaign sent within the hour is a peak, not a lone point. */
export const MIN_CHART_HOURS = 12;

const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;

/**
 * The buckets' span: the range asked for, its open sides closed by the first and last hour anything happened; an
 * hourly span left open on its start shows at least MIN_CHART_HOURS.
 */
export function chartSpan(
  q: StatisticQuery,
  data: { first: number | null; last: number | null },
  createdAt: number,
  now: number,
): { from: number; to: number; bucket: "hour" | "day" } | null {
  const asked = {
    from: q.date_from ? Date.parse(`${q.date_from}T00:00:00Z`) : null,
    to: q.date_to ? Date.parse(`${q.date_to}T00:00:00Z`) + DAY : null,
  };
  let from = asked.from ?? data.first;
  let to = asked.to ?? (data.last === null ? null : data.last + HOUR);
  if (from === null || to === null) return null;
  // Nothing happens before the campaign was made or after now: a range of years stays the campaign's days.
  from = Math.max(from, floorTo(Math.min(createdAt, data.first ?? createdAt), HOUR));
  to = Math.min(to, Math.max(ceilTo(now, HOUR), data.last === null ? 0 : data.last + HOUR));
  if (to <= from) return null;
  const bucket = to - from <= StatisticHourlySpanHours * HOUR ? "hour" : "day";
  const unit = bucket === "hour" ? HOUR : DAY;
  const span: { from: number; to: number; bucket: "hour" | "day" } = { from: floorTo(from, unit), to: ceilTo(to, unit), bucket };
  // Left open, a short span reaches back to show the quiet hours before it.
  if (bucket === "hour" && asked.from === null) span.from = Math.min(span.from, span.to - MIN_CHART_HOURS * HOUR);
  return span;
}

const labelOf = (at: string, bucket: "hour" | "day") => (bucket === "hour" ? `${at.slice(0, 10)} ${at.slice(11, 13)}:00` : at.slice(0, 10));

/**
 * The chart (docs/product/campaigns.md): what happened to the campaign's messages per bucket, from the hourly
 * counters (`campaign_counter_hours`, written with the daily ones), never from the ledger. By hour while the span is
 * at most 72 hours, else by UTC day (date_trunc in SQL); every bucket of the span is there, zero-filled. The values
 * are events in the bucket: a message sent at 10:59 and delivered at 11:01 adds to Sent at 10:00 and to Delivered
 * at 11:00.
 */
export async function campaignStatisticChart(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  q: StatisticQuery,
  now = new Date(),
): Promise<CampaignStatisticChart> {
  const s = await statisticScope(db, ctx, campaignId);
  const series = StatisticChartSeries[s.channel].map((x) => ({ key: x.key, label: x.label }));
  const empty: CampaignStatisticChart = { available: s.available, channel: s.channel, bucket: "hour", series, points: [] };
  if (!s.available) return empty;
  const own = sql`h.campaign_id = ${campaignId} AND h.team_id = ${ctx.teamId}`;
  const extent = await one<{ first: number | null; last: number | null }>(
    db,
    sql`SELECT (extract(epoch FROM min(h.hour)) * 1000)::float8 AS first, (extract(epoch FROM max(h.hour)) * 1000)::float8 AS last
        FROM campaign_counter_hours h WHERE ${own}`,
  );
  const span = chartSpan(q, extent ?? { first: null, last: null }, new Date(s.campaign.created_at).getTime(), now.getTime());
  if (!span) return empty;
  const step = span.bucket === "hour" ? "1 hour" : "1 day";
  const from = sql`(to_timestamp(${span.from / 1000}::float8) AT TIME ZONE 'UTC')`;
  const to = sql`(to_timestamp(${span.to / 1000}::float8) AT TIME ZONE 'UTC')`;
  const found = await rows<Record<string, number> & { at: string }>(
    db,
    sql`WITH k AS (
          SELECT date_trunc(${span.bucket}, h.hour AT TIME ZONE 'UTC') AS at,
                 ${sql.join(
                   StatisticChartKeys.map((c) => sql`sum(h.${sql.identifier(c)}) AS ${sql.identifier(c)}`),
                   sql`, `,
                 )}
          FROM campaign_counter_hours h
          WHERE ${own} AND h.hour >= ${from} AT TIME ZONE 'UTC' AND h.hour < ${to} AT TIME ZONE 'UTC'
          GROUP BY 1),
        b AS (SELECT generate_series(${from}, ${to} - ${step}::interval, ${step}::interval) AS at)
        SELECT to_char(b.at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
               ${sql.join(
                 StatisticChartKeys.map((c) => sql`coalesce(k.${sql.identifier(c)}, 0)::float8 AS ${sql.identifier(c)}`),
                 sql`, `,
               )}
        FROM b LEFT JOIN k ON k.at = b.at ORDER BY b.at`,
  );
  return {
    ...empty,
    bucket: span.bucket,
    points: found.map((r) => ({
      at: r.at,
      label: labelOf(r.at, span.bucket),
      values: Object.fromEntries(series.map((x) => [x.key, Number(r[x.key] ?? 0)])),
    })),
  };
}
