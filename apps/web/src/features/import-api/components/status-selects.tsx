import { EmailStatusLabels, LeadStatusLabels, PhoneStatusLabels } from "@leadflow/contracts";
import { Box, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { type Control, Controller } from "react-hook-form";
import { dataKey, useT } from "../../../lib/i18n";
import type { KeyFormValues } from "../model/key-form";

/** The three optional statuses; the options are the contract's values, named through i18n. */
const SELECTS = [
  { name: "lead_status", label: "importApi.leadStatus", values: Object.keys(LeadStatusLabels) },
  { name: "email_status", label: "importApi.emailStatus", values: Object.keys(EmailStatusLabels) },
  { name: "phone_status", label: "importApi.phoneStatus", values: Object.keys(PhoneStatusLabels) },
] as const satisfies readonly { name: keyof KeyFormValues; label: string; values: string[] }[];

export function StatusSelects({ control, disabled }: { control: Control<KeyFormValues>; disabled?: boolean }) {
  const t = useT();
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="subtitle2">{t("importApi.statusesTitle")}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t("importApi.statusesHint")}
        </Typography>
      </Box>
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" } }}>
        {SELECTS.map((s) => (
          <Controller
            key={s.name}
            name={s.name}
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t(s.label)}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value === "" ? "" : Number(e.target.value))}
                onBlur={field.onBlur}
                name={field.name}
                disabled={disabled}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">
                  <Box component="span" sx={{ color: "text.secondary" }}>
                    {t("importApi.statusNotSet")}
                  </Box>
                </MenuItem>
                {s.values.map((v) => (
                  <MenuItem key={v} value={Number(v)}>
                    {t(dataKey(s.label, v))}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        ))}
      </Box>
    </Stack>
  );
}
