import { ALL_PHONES, type KeywordPhoneOption } from "@leadflow/contracts";
import { Autocomplete, Stack, TextField, Typography } from "@mui/material";
import { useController } from "react-hook-form";
import { useT } from "../../../lib/i18n";
import { type KeywordControl, nextPhones } from "../model/keyword-form";

export interface PhonesInputProps {
  control: KeywordControl;
  /** The sender numbers of the team's SMS gateways. */
  options: readonly KeywordPhoneOption[];
  loading: boolean;
  disabled?: boolean;
}

/** Numbers: All numbers, or numbers of the team's SMS gateways (a number the keyword has stays offered). */
export function PhonesInput({ control, options, loading, disabled }: PhonesInputProps) {
  const t = useT();
  const { field, fieldState } = useController({ control, name: "phones" });
  const gatewaysOf = new Map(options.map((o) => [o.phone, o.gateways.map((g) => g.name).join(", ")]));
  const choices = [ALL_PHONES, ...options.map((o) => o.phone), ...field.value.filter((p) => p !== ALL_PHONES && !gatewaysOf.has(p))];
  const label = (p: string) => (p === ALL_PHONES ? t("keywords.allNumbers") : p);
  const hint = !loading && options.length === 0 ? t("keywords.field.noPhones") : t("keywords.field.phonesHint");
  return (
    <Autocomplete<string, true, false, false>
      multiple
      disableCloseOnSelect
      options={choices}
      value={field.value}
      loading={loading}
      onChange={(_e, next) => field.onChange(nextPhones(field.value, next))}
      onBlur={field.onBlur}
      disabled={disabled}
      getOptionLabel={label}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          <Stack>
            <Typography variant="body2">{label(p)}</Typography>
            {gatewaysOf.get(p) && (
              <Typography variant="caption" color="text.secondary">
                {gatewaysOf.get(p)}
              </Typography>
            )}
          </Stack>
        </li>
      )}
      loadingText={t("common.loading")}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t("keywords.field.phones")}
          required
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );
}
