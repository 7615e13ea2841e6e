import { type Campaign, CampaignFrequencyPeriodList, CampaignFrequencyPeriods, type SaveCampaign } from "@leadflow/contracts";
import { Autocomplete, Stack, TextField, Typography } from "@mui/material";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";
import { type CampaignFormValues, isLocked } from "../model/campaign-form";
import { zoneList } from "../model/zoned-time";
import { SelectControl, SwitchControl } from "./form-controls";

interface Props {
  form: UseFormReturn<CampaignFormValues, unknown, SaveCampaign>;
  campaign?: Campaign;
  disabled: boolean;
}

const shrink = { inputLabel: { shrink: true } } as const;

/** Start time in a zone, the daily window (day-parting), the lead's zone, frequency and the daily limit. */
export function ScheduleFields({ form, campaign, disabled }: Props) {
  const t = useT();
  const { control } = form;
  const [dayParting, zone] = useWatch({ control, name: ["daytime_limitation", "started_at_tz"] });
  const windowLocked = disabled || isLocked(campaign, "run_daily_from");
  const lockHint = isLocked(campaign, "daytime_limitation") ? t("campaigns.form.lockedHint") : undefined;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">{t("campaigns.form.schedule")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField
          name="started_at"
          control={control}
          type="datetime-local"
          label={t("campaigns.form.startAt")}
          hint={t("campaigns.form.startAtHint")}
          disabled={disabled}
          fullWidth
          slotProps={shrink}
        />
        <Controller
          name="started_at_tz"
          control={control}
          render={({ field, fieldState }) => (
            <Autocomplete
              fullWidth
              disableClearable
              disabled={disabled}
              options={zoneList(zone)}
              value={field.value}
              onChange={(_e, v) => field.onChange(v)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t("campaigns.form.timeZone")}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          )}
        />
      </Stack>
      <SwitchControl
        name="daytime_limitation"
        control={control}
        label={t("campaigns.form.dayParting")}
        disabled={disabled || isLocked(campaign, "daytime_limitation")}
        hint={lockHint}
      />
      {dayParting && (
        <Stack direction="row" spacing={2}>
          <FormTextField
            name="run_daily_from"
            control={control}
            type="time"
            label={t("campaigns.form.runFrom")}
            disabled={windowLocked}
            fullWidth
            slotProps={shrink}
          />
          <FormTextField
            name="run_daily_to"
            control={control}
            type="time"
            label={t("campaigns.form.runTo")}
            disabled={windowLocked}
            fullWidth
            slotProps={shrink}
          />
        </Stack>
      )}
      <SwitchControl name="need_send_by_timezones" control={control} label={t("campaigns.form.byLeadZone")} disabled={disabled} />
      <Typography variant="subtitle2">{t("campaigns.form.limits")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField
          name="frequency_count"
          control={control}
          type="number"
          label={t("campaigns.form.frequencyCount")}
          disabled={disabled}
          fullWidth
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <SelectControl
          name="frequency_period"
          control={control}
          label={t("campaigns.form.frequencyPeriod")}
          none={t("campaigns.form.none")}
          disabled={disabled}
          options={CampaignFrequencyPeriodList.map((v) => ({ value: v, label: CampaignFrequencyPeriods[v] }))}
        />
        <FormTextField
          name="daily_limit"
          control={control}
          type="number"
          label={t("campaigns.form.dailyLimit")}
          disabled={disabled}
          fullWidth
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      </Stack>
    </Stack>
  );
}
