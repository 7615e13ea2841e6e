import type { SaveStep } from "@leadflow/contracts";
import type { Control, Path, UseFormReturn } from "react-hook-form";
import type { ContentValues, StepFormValues } from "../model/step-form";

export type StepForm = UseFormReturn<StepFormValues, unknown, SaveStep>;
export type StepControl = Control<StepFormValues, unknown, SaveStep>;
export type StepPath = Path<StepFormValues>;

/** Where a message's fields sit: "" on the step itself, "parts.N." on a split's part. */
export type FieldPrefix = "" | `parts.${number}.`;

export const fieldOf = (prefix: FieldPrefix, key: keyof ContentValues) => `${prefix}${key}` as StepPath;
