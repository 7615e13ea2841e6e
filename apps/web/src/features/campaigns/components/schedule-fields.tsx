import { CampaignFrequencyPeriodList, CampaignFrequencyPeriods } from "@leadflow/contracts";
import { Autocomplete, Stack, TextField, Typography } from "@mui/material";
import { Controller, useWatch } from "react-hook-form";
import { FormSelect } from "../../../components/form/form-select";
import { FormSwitch } from "../../../components/form/form-switch";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";
import { zoneList } from "../model/zoned-time";
import { type CampaignFieldsProps, FieldRow, useCampaignField } from "./form-controls";

const shrink = { inputLabel: { shrink: true } } as const;
/** The daily window's times: the Day-parting switch above them says why they are locked, they need not. */
const windowTime = { type: "time", hint: undefined, fullWidth: true, slotProps: shrink } as const;

/** Start time in a zone, the daily window (day-parting), the lead's zone, frequency and the daily limit. */
export function ScheduleFields(props: CampaignFieldsProps) {
  const t = useT();
  const field = useCampaignField(props);
  const { form, disabled } = props;
  const [dayParting, zone] = useWatch({ control: form.control, name: ["daytime_limitation", "started_at_tz"] });
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">{t("campaigns.form.schedule")}</Typography>
      <FieldRow>
        <FormTextField
          {...field("started_at", "campaigns.form.startAt")}
          type="datetime-local"
          hint={t("campaigns.form.startAtHint")}
          fullWidth
          slotProps={shrink}
        />
        <Controller
          name="started_at_tz"
          control={form.control}
          render={({ field: zoneField, fieldState }) => (
            <Autocomplete
              fullWidth
              disableClearable
              disabled={disabled}
              options={zoneList(zone)}
              value={zoneField.value}
              onChange={(_e, v) => zoneField.onChange(v)}
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
      </FieldRow>
      <FormSwitch {...field("daytime_limitation", "campaigns.form.dayParting")} />
      {dayParting && (
        <Stack direction="row" spacing={2}>
          <FormTextField {...field("run_daily_from", "campaigns.form.runFrom")} {...windowTime} />
          <FormTextField {...field("run_daily_to", "campaigns.form.runTo")} {...windowTime} />
        </Stack>
      )}
      <FormSwitch {...field("need_send_by_timezones", "campaigns.form.byLeadZone")} />
      <Typography variant="subtitle2">{t("campaigns.form.limits")}</Typography>
      <FieldRow>
        <FormTextField
          {...field("frequency_count", "campaigns.form.frequencyCount")}
          type="number"
          fullWidth
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <FormSelect
          {...field("frequency_period", "campaigns.form.frequencyPeriod")}
          none={t("campaigns.form.none")}
          options={CampaignFrequencyPeriodList.map((v) => ({ value: v, label: CampaignFrequencyPeriods[v] }))}
        />
        <FormTextField
          {...field("daily_limit", "campaigns.form.dailyLimit")}
          type="number"
          fullWidth
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      </FieldRow>
    </Stack>
  );
}
