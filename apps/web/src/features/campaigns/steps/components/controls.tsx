import { Box, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField, type TextFieldProps } from "@mui/material";
import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import type { StepControl, StepPath } from "./step-form-types";

export interface PickOption {
  value: string | number;
  label: string;
}

interface Base {
  control: StepControl;
  name: StepPath;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
}

/** A text (or number) field bound to the step form; its error replaces the hint. */
export function TextInput({ control, name, label, hint, disabled, ...props }: Base & Omit<TextFieldProps, "name" | "label">) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          {...props}
          {...field}
          value={field.value ?? ""}
          label={label}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );
}

/** A single select; `none` adds an empty choice ("" in the values, null in the request). */
export function SelectInput({
  control,
  name,
  label,
  hint,
  disabled,
  options,
  none,
  onPicked,
}: Base & { options: readonly PickOption[]; none?: string; onPicked?: (value: string | number) => void }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
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
          helperText={fieldState.error?.message ?? hint}
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

/**
 * A switch; `children` (the option's own fields) show under it, indented, while it is on. `onToggle` runs after the
 * value changed (tracking revenue rewrites the redirect link).
 */
export function SwitchInput({
  control,
  name,
  label,
  hint,
  disabled,
  onToggle,
  children,
}: Base & { onToggle?: (on: boolean) => void; children?: ReactNode }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Stack>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                checked={field.value === true}
                onChange={(e) => {
                  field.onChange(e.target.checked);
                  onToggle?.(e.target.checked);
                }}
                onBlur={field.onBlur}
                name={field.name}
              />
            }
          />
          {(fieldState.error || hint) && (
            <FormHelperText error={!!fieldState.error} sx={{ mt: 0, mx: 0 }}>
              {fieldState.error?.message ?? hint}
            </FormHelperText>
          )}
          {field.value === true && children && (
            <Stack spacing={2} sx={{ pl: { xs: 1.5, sm: 2 }, pt: 1.5, pb: 0.5, borderLeft: 2, borderColor: "divider", ml: 1 }}>
              {children}
            </Stack>
          )}
        </Stack>
      )}
    />
  );
}

/** A titled group of fields inside the editor. */
export function FieldGroup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {title && (
        <Box component="legend" sx={{ typography: "subtitle2", mb: 1.5, p: 0 }}>
          {title}
        </Box>
      )}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}
