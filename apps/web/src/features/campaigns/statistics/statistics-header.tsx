import RefreshIcon from "@mui/icons-material/Refresh";
import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useT } from "../../../lib/i18n";
import type { StatisticsState } from "./statistics-state";

/**
 * Above the statistic: the date range (the campaign list's Date From / Date To boxes), the General / By Step switch
 * when the campaign has more than one step, and Refresh.
 */
export function StatisticsHeader({
  state,
  showSwitch,
  refreshing,
  onRefresh,
}: {
  state: StatisticsState;
  showSwitch: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const t = useT();
  const order = state.problem === "order";
  const date = (field: "date_from" | "date_to", label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={state.range[field] ?? ""}
      onChange={(e) => state.setDate(field, e.target.value)}
      error={order}
      helperText={field === "date_from" && order ? t("campaigns.statistics.rangeOrder") : undefined}
      sx={{ width: { xs: "100%", sm: 170 } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { "aria-invalid": order } }}
    />
  );
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={1.5}
      useFlexGap
      sx={{ mb: 2, flexWrap: "wrap", alignItems: { xs: "stretch", sm: "flex-start" } }}
    >
      {date("date_from", t("campaigns.statistics.dateFrom"))}
      {date("date_to", t("campaigns.statistics.dateTo"))}
      {showSwitch && (
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={state.view}
          aria-label={t("campaigns.statistics.view")}
          onChange={(_, v) => v && state.setView(v)}
          sx={{ height: 40 }}
        >
          <ToggleButton value="general">{t("campaigns.statistics.general")}</ToggleButton>
          <ToggleButton value="steps">{t("campaigns.statistics.byStep")}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        onClick={onRefresh}
        disabled={refreshing || order}
        sx={{ height: 40, ml: { sm: "auto" } }}
      >
        {t("campaigns.statistics.refresh")}
      </Button>
    </Stack>
  );
}
