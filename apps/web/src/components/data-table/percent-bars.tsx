import { Box, LinearProgress, Stack, Typography } from "@mui/material";
import { useT } from "../../lib/i18n";
import { clampPercent, formatPercent } from "./format";

export interface PercentBarsProps {
  /** 0–100 */
  verified: number;
  /** 0–100 */
  lookup: number;
}

function Bar({ label, value, color }: { label: string; value: number; color: "success" | "primary" }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "50px 1fr 42px", alignItems: "center", columnGap: 1 }}>
      <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={clampPercent(value)}
        color={color}
        aria-label={`${label} ${formatPercent(value)}`}
        sx={{ height: 4, bgcolor: "action.hover" }}
      />
      <Typography variant="caption" sx={{ textAlign: "right", fontVariantNumeric: "tabular-nums", fontWeight: 600, lineHeight: 1.3 }}>
        {formatPercent(value)}
      </Typography>
    </Box>
  );
}

/** 'Active Phones/Emails': the verified share and the looked-up share of a source's or list's contacts. */
export function PercentBars({ verified, lookup }: PercentBarsProps) {
  const t = useT();
  return (
    <Stack spacing={0.5} sx={{ minWidth: 140, maxWidth: 220 }}>
      <Bar label={t("table.verified")} value={verified} color="success" />
      <Bar label={t("table.lookup")} value={lookup} color="primary" />
    </Stack>
  );
}
