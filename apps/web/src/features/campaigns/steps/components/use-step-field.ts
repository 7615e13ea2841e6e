import { type MessageKey, useT } from "../../../../lib/i18n";
import type { ContentValues } from "../model/step-form";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";

export type StepFieldBinder = ReturnType<typeof useStepField>;

/**
 * The props every control of a message shares: `field("subject", "campaigns.steps.email.subject")` binds the field at
 * the message's place (the step's own or a split part's) to the form with its label, off while saving.
 */
export function useStepField({ form, prefix, disabled }: Pick<ContentFieldsProps, "form" | "prefix" | "disabled">) {
  const t = useT();
  return (key: keyof ContentValues, label: MessageKey) => ({
    control: form.control,
    name: fieldOf(prefix, key),
    label: t(label),
    disabled,
  });
}
