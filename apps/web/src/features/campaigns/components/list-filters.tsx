import { type CampaignType, CampaignTypeLabels, CampaignTypes } from "@leadflow/contracts";
import { Checkbox, FormControlLabel, ListItemText, MenuItem, Stack, TextField } from "@mui/material";
import { type MessageKey, useT } from "../../../lib/i18n";
import { customRangeProblem, type PeriodChoice, PeriodChoices, type PeriodState } from "../model/period";

export interface ListFiltersProps {
  types: CampaignType[];
  onTypes: (types: CampaignType[]) => void;
  period: PeriodState;
  onPeriod: (period: PeriodState) => void;
  archived: boolean;
  onArchived: (archived: boolean) => void;
}

/** The list's filters above the table: types (multi-select), the stat period (with a custom range) and Archived. */
export function ListFilters({ types, onTypes, period, onPeriod, archived, onArchived }: ListFiltersProps) {
  const t = useT();
  const problem = customRangeProblem(period);
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: "wrap", alignItems: { sm: "center" } }}>
      <TextField
        select
        size="small"
        label={t("campaigns.typeFilter")}
        sx={{ width: { xs: "100%", sm: 240 } }}
        value={types}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) =>
              (v as CampaignType[]).length === 0
                ? t("campaigns.allTypes")
                : (v as CampaignType[]).map((x) => CampaignTypeLabels[x]).join(", "),
          },
          inputLabel: { shrink: true },
        }}
        onChange={(e) => {
          const v = e.target.value as unknown as CampaignType[] | string;
          onTypes(typeof v === "string" ? (v.split(",") as CampaignType[]) : v);
        }}
      >
        {CampaignTypes.map((type) => (
          <MenuItem key={type} value={type} dense>
            <Checkbox size="small" checked={types.includes(type)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={CampaignTypeLabels[type]} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t("campaigns.period")}
        sx={{ width: { xs: "100%", sm: 180 } }}
        value={period.choice}
        onChange={(e) => onPeriod({ ...period, choice: e.target.value as PeriodChoice })}
      >
        {PeriodChoices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(`campaigns.period.${choice}` as MessageKey)}
          </MenuItem>
        ))}
      </TextField>
      {period.choice === "custom" && (
        <>
          <TextField
            type="date"
            size="small"
            label={t("campaigns.dateFrom")}
            value={period.from}
            onChange={(e) => onPeriod({ ...period, from: e.target.value })}
            sx={{ width: { xs: "100%", sm: 170 } }}
            error={problem === "order"}
            helperText={
              problem === "order" ? t("campaigns.rangeOrder") : problem === "incomplete" ? t("campaigns.rangeIncomplete") : undefined
            }
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={t("campaigns.dateTo")}
            value={period.to}
            onChange={(e) => onPeriod({ ...period, to: e.target.value })}
            sx={{ width: { xs: "100%", sm: 170 } }}
            error={problem === "order"}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      <FormControlLabel
        control={<Checkbox checked={archived} onChange={(e) => onArchived(e.target.checked)} />}
        label={t("campaigns.archived")}
      />
    </Stack>
  );
}
