import { TextField, type TextFieldProps } from "@mui/material";
import type { ReactNode } from "react";
import { type Control, Controller, type ControllerFieldState, type FieldError, type FieldValues, type Path } from "react-hook-form";

export type FormTextFieldProps<T extends FieldValues, O = T> = Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error"> & {
  name: Path<T>;
  /** `O`: what the form's schema makes of the values (react-hook-form's transformed values). */
  control: Control<T, unknown, O>;
  /** Shown under the field when it has no error. */
  hint?: ReactNode;
  /** A field of a list row (useFieldArray): see rowFieldError. */
  inRow?: boolean;
};

/**
 * The error a field of a list row shows. Forms validate on blur and then on change (useEntityForm's onTouched), and
 * react-hook-form also checks a whole field array whenever a row is added or removed: a new, empty row would at once
 * say its fields are required, before anyone typed in them, and go on saying so while they are typed in (the field
 * is not touched yet), the message vanishing only as the pointer leaves the field for Save, which moves Save away.
 * Such a field shows its error once it has been left, or once the form was submitted.
 */
export function rowFieldError(fieldState: ControllerFieldState, isSubmitted: boolean): FieldError | undefined {
  return fieldState.isTouched || isSubmitted ? fieldState.error : undefined;
}

/** A text field bound to react-hook-form: the field's error replaces the hint. One shape for every form dialog. */
export function FormTextField<T extends FieldValues, O = T>({ name, control, hint, inRow, ...props }: FormTextFieldProps<T, O>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const error = inRow ? rowFieldError(fieldState, formState.isSubmitted) : fieldState.error;
        return <TextField {...props} {...field} value={field.value ?? ""} error={!!error} helperText={error?.message ?? hint} />;
      }}
    />
  );
}
