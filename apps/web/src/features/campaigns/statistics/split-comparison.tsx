import { type SplitComparison as Split, SplitMinSentPerPart, type SplitPartComparison } from "@leadflow/contracts";
import EmojiEventsOutlinedIcon from "@mui/icons-material/EmojiEventsOutlined";
import { Alert, Box, Chip, LinearProgress, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { formatMoney, formatShare } from "../model/format";

/** A win probability (0–1) as the card shows it: "92.4%", or a dash without another part. */
export const formatWin = (p: number | null) => (p === null ? "—" : formatShare(Math.round(p * 1000) / 10));

function Figure({ label, value, tone }: { label: string; value: string; tone?: "gain" | "loss" }) {
  return (
    <Stack direction="row" sx={{ justifyContent: "space-between", gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          fontWeight: 600,
          fontVariantNumeric: "tabular-nums",
          color: tone === "gain" ? "success.main" : tone === "loss" ? "error.main" : undefined,
        }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

function Part({ part, conclusive }: { part: SplitPartComparison; conclusive: boolean }) {
  const t = useT();
  const lead = part.leader && conclusive;
  return (
    <Paper
      variant="outlined"
      data-part={part.id}
      data-leader={part.leader || undefined}
      sx={{ p: 1.5, minWidth: 0, borderColor: part.leader ? "success.main" : undefined, borderWidth: part.leader ? 2 : 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: "center", justifyContent: "space-between", minHeight: 24 }}>
        <Typography variant="subtitle2" noWrap title={part.name}>
          {part.name}
        </Typography>
        {part.leader && (
          <Chip
            size="small"
            color={lead ? "success" : "default"}
            icon={<EmojiEventsOutlinedIcon />}
            label={t("campaigns.statistics.split.leader")}
          />
        )}
      </Stack>
      <Typography variant="h6" component="div" sx={{ fontVariantNumeric: "tabular-nums", lineHeight: 1.2 }}>
        {formatShare(part.click_rate)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {t("campaigns.statistics.split.clickRate")} ·{" "}
        {t("campaigns.statistics.split.sentClicked", { clicked: formatNumber(part.clicked), sent: formatNumber(part.sent) })}
      </Typography>
      <Stack spacing={0.25} sx={{ mb: 1 }}>
        <Figure label={t("campaigns.statistics.split.cost")} value={formatMoney(part.cost)} />
        <Figure label={t("campaigns.statistics.split.revenue")} value={formatMoney(part.revenue)} />
        <Figure
          label={t("campaigns.statistics.split.profit")}
          value={formatMoney(part.profit)}
          tone={part.profit > 0 ? "gain" : part.profit < 0 ? "loss" : undefined}
        />
      </Stack>
      <Tooltip title={t("campaigns.statistics.split.winHint")}>
        <Box>
          <Figure label={t("campaigns.statistics.split.winProbability")} value={formatWin(part.win_probability)} />
          <LinearProgress
            variant="determinate"
            color={part.leader ? "success" : "primary"}
            value={(part.win_probability ?? 0) * 100}
            aria-label={t("campaigns.statistics.split.winProbability")}
            sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          />
        </Box>
      </Tooltip>
    </Paper>
  );
}

/** A split step's A/B comparison: its parts side by side, the leader highlighted, a note while samples are small. */
export function SplitComparisonCard({ split }: { split: Split }) {
  const t = useT();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t("campaigns.statistics.split.title", { name: split.name })}
      sx={{ p: 2, mb: 2 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t("campaigns.statistics.split.title", { name: split.name })}
      </Typography>
      {!split.enough_data && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          <strong>{t("campaigns.statistics.split.notEnough")}</strong> —{" "}
          {t("campaigns.statistics.split.notEnoughText", { min: SplitMinSentPerPart })}
        </Alert>
      )}
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 200px), 1fr))" }}>
        {split.parts.map((p) => (
          <Part key={p.id} part={p} conclusive={split.enough_data} />
        ))}
      </Box>
    </Paper>
  );
}
