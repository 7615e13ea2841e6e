import type { Campaign, SaveStep } from "@leadflow/contracts";
import type { Path, UseFormReturn } from "react-hook-form";
import type { StepEditorOptions } from "../../api/campaign-steps.api";
import type { ContentValues, StepFormValues } from "../model/step-form";

export type StepForm = UseFormReturn<StepFormValues, unknown, SaveStep>;
export type StepPath = Path<StepFormValues>;

/** Where a message's fields sit: "" on the step itself, "parts.N." on a split's part. */
export type FieldPrefix = "" | `parts.${number}.`;

export const fieldOf = (prefix: FieldPrefix, key: keyof ContentValues) => `${prefix}${key}` as StepPath;

/**
 * What each group of a message's fields gets: the form, where the message sits, the campaign (an SMS part's price, the
 * gateway an email is sent from), what to pick from, off while saving.
 */
export interface ContentFieldsProps {
  form: StepForm;
  prefix: FieldPrefix;
  campaign: Pick<Campaign, "id" | "part_price" | "setting_gateway_id">;
  options: StepEditorOptions;
  disabled?: boolean;
  /** The campaign's first message (its first step, or a part of a first split): the opt-out and brand checks apply. */
  first?: boolean;
}
