import { type CampaignStep, TestEmail } from "@leadflow/contracts";
import type { TextFieldProps } from "@mui/material";
import type { z } from "zod";
import { EntityFormDialog } from "../../../../components/form/entity-form-dialog";
import { FormTextField } from "../../../../components/form/form-text-field";
import { useT } from "../../../../lib/i18n";
import { useTestEmail } from "../../api/campaign-steps.api";
import { contentValues } from "../model/step-form";
import { emailSender } from "../model/step-request";
import { TestDialogFrame } from "./test-dialog-frame";
import { useTestForm } from "./use-test-form";

type Saved = Omit<CampaignStep, "steps">;
type Values = { to_email: string; from_name: string; sender: string; subject: string; message: string };
const Fields = TestEmail.pick({ to_email: true, from_name: true, sender: true, subject: true, message: true }) as unknown as z.ZodType<
  Values,
  Values
>;

/** The dialog starts from the step as saved: its sender (address, or user name at domain), from name, subject, body. */
function defaultsOf(step: Saved): Values {
  const c = contentValues(step);
  return { to_email: "", from_name: c.from_name, sender: emailSender(c), subject: c.subject, message: c.message };
}

function TestEmailForm({ campaignId, step }: { campaignId: number; step: Saved }) {
  const t = useT();
  const send = useTestEmail();
  const test = useTestForm<Values>(Fields, defaultsOf(step), (values) => send.mutateAsync({ id: campaignId, step_id: step.id, ...values }));
  const { control } = test.form;
  const field = (
    name: keyof Values,
    label: string,
    extra: Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error"> = {},
  ) => <FormTextField name={name} control={control} label={label} disabled={test.pending} {...extra} />;
  return (
    <TestDialogFrame {...test} onClose={test.close} kind="email" title={`${t("campaigns.steps.test.emailTitle")} · ${step.name}`}>
      {field("to_email", t("campaigns.steps.test.toEmail"), {
        type: "email",
        autoFocus: true,
        slotProps: { htmlInput: { maxLength: 320, autoComplete: "email" } },
      })}
      {field("from_name", t("campaigns.steps.test.fromName"), { slotProps: { htmlInput: { maxLength: 191 } } })}
      {field("sender", t("campaigns.steps.test.sender"), { type: "email", slotProps: { htmlInput: { maxLength: 320 } } })}
      {field("subject", t("campaigns.steps.test.subject"), { slotProps: { htmlInput: { maxLength: 998 } } })}
      {field("message", t("campaigns.steps.test.message"), { multiline: true, minRows: 4, maxRows: 12 })}
    </TestDialogFrame>
  );
}

/** Test Email: while the campaign is a draft, the step's email sent for real; the answer as an alert. */
export function TestEmailDialog({ campaignId, step, onClose }: { campaignId: number; step: Saved | null; onClose: () => void }) {
  return (
    <EntityFormDialog open={step !== null} onClose={onClose} entity={step ?? undefined} maxWidth="sm">
      {(shown) => shown && <TestEmailForm campaignId={campaignId} step={shown} />}
    </EntityFormDialog>
  );
}
