import type { ReactNode } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";

/** What shows under a field while it has no error; a function of the value for a choice that explains itself. */
export type FieldHint = ReactNode | ((value: unknown) => ReactNode);

export const hintFor = (hint: FieldHint, value: unknown): ReactNode => (typeof hint === "function" ? hint(value) : hint);

/** What every control bound to a react-hook-form field takes; the field's error replaces the hint. */
export interface BoundFieldProps<T extends FieldValues, O = T> {
  name: Path<T>;
  /** `O`: what the form's schema makes of the values (react-hook-form's transformed values). */
  control: Control<T, unknown, O>;
  label: string;
  hint?: FieldHint;
  disabled?: boolean;
}
