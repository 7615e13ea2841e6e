import { MenuItem, TextField } from "@mui/material";
import { Controller, type FieldValues } from "react-hook-form";
import { type BoundFieldProps, hintFor } from "./bound-field";

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface FormSelectProps<T extends FieldValues, O = T> extends BoundFieldProps<T, O> {
  options: readonly SelectOption[];
  /** An empty first choice with this text ("" in the values; the request makes it null). */
  none?: string;
  required?: boolean;
  autoFocus?: boolean;
  /** Default true; a simple form's spec field leaves it to its column. */
  fullWidth?: boolean;
  /** After the value changed, with the new value: to clear or fill a field that depends on it. */
  onPicked?: (value: string | number) => void;
}

/** A single select bound to react-hook-form. One shape for every form. */
export function FormSelect<T extends FieldValues, O = T>({
  name,
  control,
  label,
  options,
  none,
  hint,
  disabled,
  required,
  autoFocus,
  fullWidth = true,
  onPicked,
}: FormSelectProps<T, O>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth={fullWidth}
          label={label}
          required={required}
          autoFocus={autoFocus}
          disabled={disabled}
          value={field.value ?? ""}
          onChange={(e) => {
            field.onChange(e.target.value);
            onPicked?.(e.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hintFor(hint, field.value)}
        >
          {none !== undefined && (
            <MenuItem value="">
              <em>{none}</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
