import { GrowthRanges } from "@leadflow/contracts";
import { Alert, Box, Paper, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography, useTheme } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { listGrowthQuery } from "../api/signup-forms.api";

const HEIGHT = 260;

/** A list's subscribers per day: joined up, opted out down, the net as a line (docs/opt-in.md, "Growth"). */
export function GrowthChart({ listId }: { listId: number }) {
  const t = useT();
  const { palette } = useTheme();
  const [days, setDays] = useState<number>(30);
  const growth = useQuery(listGrowthQuery(listId, days));
  const data = (growth.data?.days ?? []).map((d) => ({
    label: d.day.slice(5),
    day: d.day,
    joined: d.joined,
    opted_out: -d.opted_out,
    net: d.net,
  }));
  const empty = growth.isSuccess && data.every((d) => d.joined === 0 && d.opted_out === 0);
  const totals = growth.data?.totals;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="growth-chart">
      <Stack direction="row" sx={{ mb: 1, justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="h2">
          {t("growth.title")}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={days}
          aria-label={t("growth.range")}
          onChange={(_e, v: number | null) => v && setDays(v)}
        >
          {GrowthRanges.map((d) => (
            <ToggleButton key={d} value={d}>
              {t("growth.days", { days: d })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {totals && (
        <Stack direction="row" spacing={3} sx={{ mb: 1 }} aria-live="polite">
          {(
            [
              ["growth.joined", totals.joined, "joined"],
              ["growth.optedOut", totals.opted_out, "opted-out"],
              ["growth.net", totals.net, "net"],
            ] as const
          ).map(([key, value, id]) => (
            <Box key={key}>
              <Typography variant="caption" color="text.secondary">
                {t(key)}
              </Typography>
              <Typography variant="h6" component="p" data-testid={`growth-${id}`}>
                {formatNumber(value)}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {growth.isError ? (
        <Alert severity="error">{t("growth.loadError")}</Alert>
      ) : growth.isPending ? (
        <Skeleton variant="rounded" height={HEIGHT} />
      ) : empty ? (
        <Box sx={{ height: HEIGHT, display: "grid", placeItems: "center", textAlign: "center", px: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t("growth.empty")}
          </Typography>
        </Box>
      ) : (
        <Box role="img" aria-label={t("growth.label")} sx={{ height: HEIGHT, minWidth: 0 }}>
          <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
            <ComposedChart data={data} stackOffset="sign" margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} tickFormatter={(v) => formatNumber(Number(v))} />
              <Tooltip
                formatter={(v, name) => [formatNumber(Math.abs(Number(v))), String(name)]}
                labelFormatter={(_, payload) => String(payload?.[0]?.payload?.day ?? "")}
              />
              <Legend />
              <Bar dataKey="joined" name={t("growth.joined")} stackId="g" fill={palette.success.main} isAnimationActive={false} />
              <Bar dataKey="opted_out" name={t("growth.optedOut")} stackId="g" fill={palette.error.main} isAnimationActive={false} />
              <Line
                dataKey="net"
                name={t("growth.net")}
                stroke={palette.primary.main}
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}
