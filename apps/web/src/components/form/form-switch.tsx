import { FormControlLabel, FormHelperText, Stack, Switch } from "@mui/material";
import type { ReactNode } from "react";
import { Controller, type FieldValues } from "react-hook-form";
import { type BoundFieldProps, hintFor } from "./bound-field";

export interface FormSwitchProps<T extends FieldValues, O = T> extends BoundFieldProps<T, O> {
  /** The values for on and off when they are not true and false ("active", "inactive"). */
  values?: readonly [on: unknown, off: unknown];
  /** After the value changed, whether it is now on (tracking revenue rewrites the redirect link). */
  onToggle?: (on: boolean) => void;
  /** The option's own fields: under the switch, indented, while it is on. */
  children?: ReactNode;
}

/** A switch bound to react-hook-form, its hint or error under it. */
export function FormSwitch<T extends FieldValues, O = T>({
  name,
  control,
  label,
  hint,
  disabled,
  values,
  onToggle,
  children,
}: FormSwitchProps<T, O>) {
  const [on, off] = values ?? [true, false];
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const note = fieldState.error?.message ?? hintFor(hint, field.value);
        return (
          <Stack>
            <FormControlLabel
              label={label}
              disabled={disabled}
              control={
                <Switch
                  checked={field.value === on}
                  onChange={(e) => {
                    field.onChange(e.target.checked ? on : off);
                    onToggle?.(e.target.checked);
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              }
            />
            {note && (
              <FormHelperText error={!!fieldState.error} sx={{ mt: 0, mx: 0 }}>
                {note}
              </FormHelperText>
            )}
            {field.value === on && children && (
              <Stack spacing={2} sx={{ pl: { xs: 1.5, sm: 2 }, pt: 1.5, pb: 0.5, borderLeft: 2, borderColor: "divider", ml: 1 }}>
                {children}
              </Stack>
            )}
          </Stack>
        );
      }}
    />
  );
}
