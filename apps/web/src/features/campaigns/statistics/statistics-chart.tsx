import type { CampaignStatisticChart } from "@leadflow/contracts";
import { Box, Paper, Skeleton, Stack, Typography, useTheme } from "@mui/material";
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "../../../lib/format";
import { dataKey, useT } from "../../../lib/i18n";

const HEIGHT = 280;

/** A colour per charted status (docs/product/campaigns.md), from the theme. */
function useSeriesColors(): Record<string, string> {
  const { palette } = useTheme();
  return {
    sent: palette.primary.main,
    delivered: palette.success.main,
    blocked: palette.warning.dark,
    inactive_device: palette.grey[500],
    failed: palette.error.main,
    errors: palette.error.main,
    cancelled: palette.grey[600],
    bounces: palette.warning.main,
    complaints: palette.secondary.main,
  };
}

/** "2026-03-01 10:00" → "03-01 10:00"; a day "2026-03-01" → "03-01". */
const shortLabel = (label: string) => label.slice(5);

/**
 * The chart: what happened to the campaign's messages per hour or per day, one coloured area per
 * status. The outcomes are stacked; Sent (which every outcome also counted) is the lighter area behind them, so
 * the stack reads as "where the sent messages ended up".
 */
export function StatisticsChart({
  chart,
  loading,
  emptyText,
}: {
  chart: CampaignStatisticChart | undefined;
  loading: boolean;
  /** What an empty chart says instead of its own words (why nothing was sent yet). */
  emptyText?: string | null;
}) {
  const t = useT();
  const colors = useSeriesColors();
  const series = chart?.series ?? [];
  // Sent first: drawn behind the stacked outcomes.
  const drawn = [...series].sort((a, b) => Number(b.key === "sent") - Number(a.key === "sent"));
  const data = (chart?.points ?? []).map((p) => ({ label: shortLabel(p.label), full: p.label, ...p.values }));
  const empty = !loading && data.every((d) => series.every((s) => !(d as Record<string, unknown>)[s.key]));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ mb: 1, justifyContent: "space-between", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="h3">
          {t("campaigns.statistics.chart.title")}
        </Typography>
        {chart && data.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t(chart.bucket === "hour" ? "campaigns.statistics.chart.byHour" : "campaigns.statistics.chart.byDay")}
          </Typography>
        )}
      </Stack>
      {loading ? (
        <Skeleton variant="rounded" height={HEIGHT} />
      ) : empty ? (
        <Box sx={{ height: HEIGHT, display: "grid", placeItems: "center", textAlign: "center", px: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {emptyText ?? t("campaigns.statistics.chart.empty")}
          </Typography>
        </Box>
      ) : (
        <Box role="img" aria-label={t("campaigns.statistics.chart.label")} sx={{ height: HEIGHT, minWidth: 0 }}>
          <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
            <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} tickFormatter={(v) => formatNumber(Number(v))} />
              <Tooltip
                formatter={(v) => formatNumber(Number(v))}
                labelFormatter={(_, payload) => String(payload?.[0]?.payload?.full ?? "")}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {drawn.map((s) => (
                <Area
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={t(dataKey("campaigns.statistics.series", s.key))}
                  stackId={s.key === "sent" ? undefined : "outcomes"}
                  stroke={colors[s.key]}
                  fill={colors[s.key]}
                  fillOpacity={s.key === "sent" ? 0.08 : 0.35}
                  strokeDasharray={s.key === "sent" ? "4 3" : undefined}
                  isAnimationActive={false}
                />
              ))}
            </AreaChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}
