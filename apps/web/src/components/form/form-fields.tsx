import { FormControlLabel, FormHelperText, InputAdornment, MenuItem, Stack, Switch, TextField } from "@mui/material";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { FormTextField } from "./form-text-field";

interface BaseField<V extends FieldValues> {
  name: Path<V>;
  label: string;
  /** Under the field while it has no error; a function of the value for a select that explains each choice. */
  hint?: string | ((value: unknown) => string | undefined);
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Left out of the form (a field only an edit shows). */
  hidden?: boolean;
}

export interface TextFieldSpec<V extends FieldValues> extends BaseField<V> {
  kind?: "text";
  type?: "text" | "email" | "number";
  placeholder?: string;
  maxLength?: number;
  /** For numbers. */
  min?: number;
  max?: number;
  /** A unit after the value ("days"). */
  unit?: string;
}

export interface SelectFieldSpec<V extends FieldValues> extends BaseField<V> {
  kind: "select";
  options: readonly { value: string | number; label: string }[];
}

export interface SwitchFieldSpec<V extends FieldValues> extends BaseField<V> {
  kind: "switch";
  /** The values for on and off when they are not true and false ("active", "inactive"). */
  values?: readonly [on: unknown, off: unknown];
}

/** A simple form's field as data: EntityForm draws it bound to the form. */
export type FieldSpec<V extends FieldValues> = TextFieldSpec<V> | SelectFieldSpec<V> | SwitchFieldSpec<V>;

/** The name most records have: the first field, focused and required. */
export const nameField = (label: string, placeholder: string, maxLength = 191): TextFieldSpec<{ name: string }> => ({
  name: "name",
  label,
  placeholder,
  autoFocus: true,
  required: true,
  maxLength,
});

const hintOf = (hint: BaseField<FieldValues>["hint"], value: unknown) => (typeof hint === "function" ? hint(value) : hint);

function TextSpecField<V extends FieldValues, O>({
  spec,
  control,
  disabled,
}: {
  spec: TextFieldSpec<V>;
  control: Control<V, unknown, O>;
  disabled: boolean;
}) {
  const numeric = spec.type === "number";
  return (
    <FormTextField
      name={spec.name}
      control={control}
      label={spec.label}
      type={spec.type}
      placeholder={spec.placeholder}
      hint={hintOf(spec.hint, undefined)}
      autoFocus={spec.autoFocus}
      required={spec.required}
      disabled={disabled || spec.disabled}
      slotProps={{
        htmlInput: numeric
          ? { min: spec.min, max: spec.max, step: 1, inputMode: "numeric" }
          : { maxLength: spec.maxLength, autoComplete: "off" },
        input: spec.unit ? { endAdornment: <InputAdornment position="end">{spec.unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

function SelectSpecField<V extends FieldValues, O>({
  spec,
  control,
  disabled,
}: {
  spec: SelectFieldSpec<V>;
  control: Control<V, unknown, O>;
  disabled: boolean;
}) {
  return (
    <Controller
      name={spec.name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={spec.label}
          required={spec.required}
          autoFocus={spec.autoFocus}
          disabled={disabled || spec.disabled}
          value={field.value ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hintOf(spec.hint, field.value)}
        >
          {spec.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function SwitchSpecField<V extends FieldValues, O>({
  spec,
  control,
  disabled,
}: {
  spec: SwitchFieldSpec<V>;
  control: Control<V, unknown, O>;
  disabled: boolean;
}) {
  const [on, off] = spec.values ?? [true, false];
  return (
    <Controller
      name={spec.name}
      control={control}
      render={({ field, fieldState }) => {
        const hint = fieldState.error?.message ?? hintOf(spec.hint, field.value);
        return (
          <Stack>
            <FormControlLabel
              label={spec.label}
              disabled={disabled || spec.disabled}
              control={
                <Switch
                  checked={field.value === on}
                  onChange={(e) => field.onChange(e.target.checked ? on : off)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              }
            />
            {hint && (
              <FormHelperText error={!!fieldState.error} sx={{ mt: 0, mx: 0 }}>
                {hint}
              </FormHelperText>
            )}
          </Stack>
        );
      }}
    />
  );
}

/** Draws a simple form's fields from their specs, in order. */
export function FormFields<V extends FieldValues, O>({
  fields,
  control,
  disabled = false,
}: {
  fields: readonly FieldSpec<V>[];
  control: Control<V, unknown, O>;
  disabled?: boolean;
}) {
  return fields.map((spec) =>
    spec.hidden ? null : spec.kind === "select" ? (
      <SelectSpecField key={spec.name} spec={spec} control={control} disabled={disabled} />
    ) : spec.kind === "switch" ? (
      <SwitchSpecField key={spec.name} spec={spec} control={control} disabled={disabled} />
    ) : (
      <TextSpecField key={spec.name} spec={spec} control={control} disabled={disabled} />
    ),
  );
}
