import { InputAdornment } from "@mui/material";
import type { ReactNode } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";

/** Messages per minute, a whole number; left empty it is 0 (docs/product/audiences-lookups-settings.md). */
export function FrequencyField<V extends FieldValues, O>({
  name,
  control,
  disabled,
  hint,
}: {
  name: Path<V>;
  control: Control<V, unknown, O>;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const t = useT();
  return (
    <FormTextField
      name={name}
      control={control}
      size="small"
      label={t("routing.frequency")}
      placeholder="0"
      inRow
      hint={hint}
      disabled={disabled}
      slotProps={{
        htmlInput: { inputMode: "numeric", pattern: "[0-9]*", autoComplete: "off" },
        input: { endAdornment: <InputAdornment position="end">{t("routing.perMinute")}</InputAdornment> },
      }}
    />
  );
}
