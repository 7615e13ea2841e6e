import { InputAdornment } from "@mui/material";
import type { Control, FieldValues, Path } from "react-hook-form";
import { hintFor } from "./bound-field";
import { FormSelect } from "./form-select";
import { FormSwitch } from "./form-switch";
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
      hint={hintFor(spec.hint, undefined)}
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
  return fields.map((spec) => {
    if (spec.hidden) return null;
    const bound = { name: spec.name, control, label: spec.label, hint: spec.hint, disabled: disabled || spec.disabled };
    if (spec.kind === "select")
      return (
        <FormSelect
          key={spec.name}
          {...bound}
          options={spec.options}
          required={spec.required}
          autoFocus={spec.autoFocus}
          fullWidth={false}
        />
      );
    if (spec.kind === "switch") return <FormSwitch key={spec.name} {...bound} values={spec.values} />;
    return <TextSpecField key={spec.name} spec={spec} control={control} disabled={disabled} />;
  });
}
