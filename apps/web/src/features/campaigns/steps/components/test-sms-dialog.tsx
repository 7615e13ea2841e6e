import { CampaignLimits, type CampaignStep, TestSms } from "@leadflow/contracts";
import { Alert } from "@mui/material";
import type { z } from "zod";
import { EntityFormDialog } from "../../../../components/form/entity-form-dialog";
import { FormTextField } from "../../../../components/form/form-text-field";
import { useT } from "../../../../lib/i18n";
import { useTestSms } from "../../api/campaign-steps.api";
import { TestDialogFrame } from "./test-dialog-frame";
import { useTestForm } from "./use-test-form";

type Saved = Omit<CampaignStep, "steps">;
type Values = { phone: string; message: string };
const Fields = TestSms.pick({ phone: true, message: true }) as unknown as z.ZodType<Values, Values>;

function TestSmsForm({ campaignId, step }: { campaignId: number; step: Saved }) {
  const t = useT();
  const send = useTestSms();
  const test = useTestForm<Values>(Fields, { phone: "", message: step.message }, (values) =>
    send.mutateAsync({ id: campaignId, step_id: step.id, ...values }),
  );
  const { control } = test.form;
  return (
    <TestDialogFrame {...test} onClose={test.close} kind="sms" title={`${t("campaigns.steps.test.smsTitle")} · ${step.name}`}>
      <FormTextField
        name="phone"
        control={control}
        label={t("campaigns.steps.test.phone")}
        hint={t("campaigns.steps.test.phoneHint")}
        type="tel"
        autoFocus
        disabled={test.pending}
        slotProps={{ htmlInput: { maxLength: 40, autoComplete: "tel" } }}
      />
      <FormTextField
        name="message"
        control={control}
        label={t("campaigns.steps.test.message")}
        multiline
        minRows={3}
        maxRows={10}
        disabled={test.pending}
      />
      <Alert severity="info" variant="outlined">
        {t("campaigns.steps.test.limit", { limit: CampaignLimits.testSmsPerDay })}
      </Alert>
    </TestDialogFrame>
  );
}

/** Test Sms: the step's message, editable, sent for real to a phone; the answer shows as an alert. */
export function TestSmsDialog({ campaignId, step, onClose }: { campaignId: number; step: Saved | null; onClose: () => void }) {
  return (
    <EntityFormDialog open={step !== null} onClose={onClose} entity={step ?? undefined} maxWidth="sm">
      {(shown) => shown && <TestSmsForm campaignId={campaignId} step={shown} />}
    </EntityFormDialog>
  );
}
