import { Box, LinearProgress, Stack, Typography } from "@mui/material";
import { formatNumber } from "../../../components/data-table/format";
import { dataKey, useT } from "../../../lib/i18n";
import type { LimitUsage } from "../model/plan-format";

/** One limit of the plan: its name, "used / limit" (or "Unlimited"), and a bar that turns amber from 90%. */
export function PlanUsageBar({ usage }: { usage: LimitUsage }) {
  const t = useT();
  const label = t(dataKey("plans.limit", usage.kind));
  const limit = usage.limit === null ? t("plans.unlimited") : formatNumber(usage.limit);
  const used = formatNumber(usage.used);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "baseline", mb: 0.75 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {label}
        </Typography>
        <Typography
          variant="body2"
          noWrap
          sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums", color: usage.near ? "warning.dark" : "text.primary" }}
        >
          {t("plans.usage", { used, limit })}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={usage.percent}
        color={usage.near ? "warning" : "primary"}
        aria-label={usage.limit === null ? t("plans.usageLabelUnlimited", { label, used }) : t("plans.usageLabel", { label, used, limit })}
        // A neutral track: the theme's tint of the bar's colour reads as a bar well filled even at 0.
        sx={{ height: 8, borderRadius: 4, bgcolor: "action.selected", "& .MuiLinearProgress-bar": { borderRadius: 4 } }}
      />
    </Box>
  );
}
