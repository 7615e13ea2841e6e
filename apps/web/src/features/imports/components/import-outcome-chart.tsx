import type { ImportRecord } from "@leadflow/contracts";
import { Box, Stack, Typography, useTheme } from "@mui/material";
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { COUNT_LABEL_KEYS } from "./import-counts";

const SLICES = ["unique_count", "duplicates_count", "failed_count", "skipped_count"] as const;

/** Where the rows of a file went: unique, duplicates, failed, skipped, as a donut with its legend. */
export function ImportOutcomeChart({ record }: { record: ImportRecord }) {
  const t = useT();
  const theme = useTheme();
  const colors = {
    unique_count: theme.palette.success.main,
    duplicates_count: theme.palette.info.main,
    failed_count: theme.palette.error.main,
    skipped_count: theme.palette.warning.main,
  } as const;
  const data = SLICES.map((k) => ({ key: k, name: t(COUNT_LABEL_KEYS[k]), value: record[k] }));
  const total = data.reduce((s, d) => s + d.value, 0);

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
      <Box sx={{ width: 132, height: 132, position: "relative", flexShrink: 0 }} role="img" aria-label={t("importFile.chartLabel")}>
        {total > 0 ? (
          <ResponsiveContainer>
            <PieChart>
              <Pie
                data={data.filter((d) => d.value > 0)}
                dataKey="value"
                nameKey="name"
                innerRadius={44}
                outerRadius={64}
                stroke="none"
                isAnimationActive={false}
              >
                {data
                  .filter((d) => d.value > 0)
                  .map((d) => (
                    <Cell key={d.key} fill={colors[d.key]} />
                  ))}
              </Pie>
              <Tooltip formatter={(v) => formatNumber(Number(v))} />
            </PieChart>
          </ResponsiveContainer>
        ) : (
          <Box sx={{ width: 128, height: 128, m: "2px", borderRadius: "50%", border: 20, borderColor: "divider" }} />
        )}
        <Box sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", pointerEvents: "none" }}>
          <Typography variant="subtitle2" sx={{ fontVariantNumeric: "tabular-nums" }}>
            {formatNumber(total)}
          </Typography>
        </Box>
      </Box>
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        {data.map((d) => (
          <Stack key={d.key} direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Box sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: colors[d.key], flexShrink: 0 }} />
            <Typography variant="body2" color="text.secondary" noWrap>
              {d.name}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
              {formatNumber(d.value)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
