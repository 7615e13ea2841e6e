import { type SaveStep, StepLimits } from "@leadflow/contracts";
import { FormTextField, type FormTextFieldProps } from "../../../../components/form/form-text-field";
import type { StepFormValues } from "../model/step-form";

const urlInput = { htmlInput: { maxLength: StepLimits.url, inputMode: "url" as const, autoComplete: "off" } };

/** A link a visitor is sent to: typed in full (never autofilled), at most as long as the contract takes. */
export function UrlField(props: Omit<FormTextFieldProps<StepFormValues, SaveStep>, "placeholder" | "slotProps">) {
  return <FormTextField fullWidth {...props} placeholder="https://" slotProps={urlInput} />;
}
