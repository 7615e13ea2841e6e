import { TextField, type TextFieldProps } from "@mui/material";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error"> & {
  name: Path<T>;
  control: Control<T>;
  /** Shown under the field when it has no error. */
  hint?: string;
};

/** A text field bound to react-hook-form: the field's error replaces the hint. One shape for every form dialog. */
export function FormTextField<T extends FieldValues>({ name, control, hint, ...props }: FormTextFieldProps<T>) {
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
