import { Checkbox, ListItemText, MenuItem, TextField } from "@mui/material";
import { Controller, type FieldValues } from "react-hook-form";
import { type BoundFieldProps, hintFor } from "./bound-field";
import type { SelectOption } from "./form-select";

export interface FormMultiSelectProps<T extends FieldValues, O = T> extends BoundFieldProps<T, O> {
  options: readonly SelectOption[];
}

/** A multi-select with a checkbox per choice, bound to an array field; the closed field lists the picked labels. */
export function FormMultiSelect<T extends FieldValues, O = T>({
  name,
  control,
  label,
  options,
  hint,
  disabled,
}: FormMultiSelectProps<T, O>) {
  const labelOf = (v: unknown) => options.find((o) => o.value === v)?.label ?? String(v);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const value = (field.value as (string | number)[] | undefined) ?? [];
        return (
          <TextField
            select
            fullWidth
            label={label}
            disabled={disabled}
            value={value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? hintFor(hint, value)}
            slotProps={{ select: { multiple: true, renderValue: (v) => (v as unknown[]).map(labelOf).join(", ") } }}
          >
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value} dense>
                <Checkbox size="small" checked={value.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={o.label} />
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
