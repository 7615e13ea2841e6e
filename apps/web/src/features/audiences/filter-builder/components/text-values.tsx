import { Autocomplete, TextField } from "@mui/material";
import { useT } from "../../../../lib/i18n";
import { normalizeTextValues } from "../model/filter-values";

export interface TextValuesProps {
  values: readonly (string | number)[];
  onChange: (values: (string | number)[]) => void;
  disabled?: boolean;
}

/** Free-text chips: Enter adds the typed text, trimmed; a blank or repeated value is ignored. */
export function TextValues({ values, onChange, disabled }: TextValuesProps) {
  const t = useT();
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      size="small"
      options={[]}
      value={values.map(String)}
      onChange={(_e, next) => onChange(normalizeTextValues(next))}
      disabled={disabled}
      renderInput={(params) => (
        <TextField {...params} label={t("filterBuilder.values")} placeholder={values.length ? undefined : t("filterBuilder.valuesHint")} />
      )}
    />
  );
}
