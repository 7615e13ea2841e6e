import { TextField, type TextFieldProps } from "@mui/material";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";

export type FormTextFieldProps<T extends FieldValues, O = T> = Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error"> & {
  name: Path<T>;
  /** `O`: what the form's schema makes of the values (react-hook-form's transformed values). */
  control: Control<T, unknown, O>;
  /** Shown under the field when it has no error. */
  hint?: string;
};

/** A text field bound to react-hook-form: the field's error replaces the hint. One shape for every form dialog. */
export function FormTextField<T extends FieldValues, O = T>({ name, control, hint, ...props }: FormTextFieldProps<T, O>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ""}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );
}
