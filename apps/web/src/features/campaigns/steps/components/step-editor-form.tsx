import { type Campaign, type CampaignStep, type CampaignStepSaved, type SaveStep, StepLimits, StepTypes } from "@leadflow/contracts";
import { Alert, Button, CircularProgress, Stack } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { FormSelect } from "../../../../components/form/form-select";
import { FormTextField } from "../../../../components/form/form-text-field";
import { useEntityForm } from "../../../../components/form/use-entity-form";
import { SidePanel } from "../../../../components/side-panel/side-panel";
import { type MessageKey, useT } from "../../../../lib/i18n";
import { campaignStepsQuery, useSaveStep, useStepEditorOptions } from "../../api/campaign-steps.api";
import { newStepValues, resizeParts, type StepFormValues, stepValues } from "../model/step-form";
import { stepFormSchema, stepServerField } from "../model/step-request";
import type { Channel } from "../model/tags";
import { EmailFields } from "./email-fields";
import { SmsFields } from "./sms-fields";
import { SplitFields } from "./split-fields";

export interface StepEditorFormProps {
  open: boolean;
  campaign: Campaign;
  channel: Channel;
  step?: CampaignStep;
  part?: number;
  onClose: () => void;
}

const isKnownType = (type: string) => (StepTypes as readonly string[]).includes(type);

/**
 * Add Step / Edit Step: type (on create: the campaign's channel or a split), name, delay, then the message fields of
 * the type. The contract checks the request before it leaves; the server's 422 lands on the same fields.
 */
export function StepEditorForm({ open, campaign, channel, step, part, onClose }: StepEditorFormProps) {
  const t = useT();
  const formId = useId();
  const save = useSaveStep(campaign.id);
  const schema = useMemo(() => stepFormSchema(channel), [channel]);
  const entity = useEntityForm<StepFormValues, SaveStep, CampaignStepSaved>({
    schema,
    defaults: step ? stepValues(step) : newStepValues(channel),
    submit: (body) => save.mutateAsync({ stepId: step?.id, body }),
    success: (answer) => answer.message,
    serverFields: stepServerField,
  });
  const { form, pending } = entity;
  const { control, getValues, setValue } = form;
  const type = useWatch({ control, name: "type" });
  const options = useStepEditorOptions({ id: campaign.id, sms: channel === "sms", gatewayId: campaign.setting_gateway_id }, open);
  const known = isKnownType(type);
  // The campaign's first message: the first step (a new step while there is none), or a part of a first split.
  const steps = useQuery({ ...campaignStepsQuery(campaign.id), enabled: open });
  const first = step ? steps.data?.[0]?.id === step.id : steps.isSuccess && steps.data.length === 0;
  const typeOptions = [channel, "split"].map((v) => ({ value: v, label: t(`campaigns.steps.editor.type.${v}` as MessageKey) }));
  const units = (["min", "hours", "days"] as const).map((v) => ({ value: v, label: t(`campaigns.steps.editor.unit.${v}`) }));

  return (
    <SidePanel
      open={open}
      onClose={onClose}
      dirty={form.formState.isDirty}
      // An SMS message has its phone preview beside it.
      width={channel === "sms" ? 960 : 560}
      title={step ? t("campaigns.steps.editor.editTitle") : t("campaigns.steps.editor.addTitle")}
      actions={(close) => (
        <>
          <Button onClick={close} disabled={pending} color="inherit">
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={pending || !known}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t("common.save")}
          </Button>
        </>
      )}
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) void entity.onSubmit(e);
        }}
      >
        <Stack spacing={2.5} sx={{ pb: 2 }}>
          {entity.formError && <Alert severity="error">{entity.formError}</Alert>}
          {options.error && <Alert severity="warning">{t("campaigns.steps.editor.optionsError")}</Alert>}
          {!step && (
            <FormSelect
              control={control}
              name="type"
              label={t("campaigns.steps.editor.type")}
              hint={type === "split" ? t("campaigns.steps.editor.typeHint") : undefined}
              options={typeOptions}
              disabled={pending}
              onPicked={(picked) => {
                if (picked === "split" && getValues("parts").length === 0) setValue("parts", resizeParts([], 2));
              }}
            />
          )}
          <FormTextField
            control={control}
            name="name"
            label={t("campaigns.steps.editor.name")}
            disabled={pending}
            fullWidth
            slotProps={{ htmlInput: { maxLength: StepLimits.name } }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
            <FormTextField
              control={control}
              name="delay"
              label={t("campaigns.steps.editor.delay")}
              hint={t("campaigns.steps.editor.delayHint")}
              type="number"
              disabled={pending}
              fullWidth
              slotProps={{ htmlInput: { min: 0, max: StepLimits.delay, step: 1, inputMode: "numeric" } }}
            />
            <FormSelect
              control={control}
              name="delay_time_period"
              label={t("campaigns.steps.editor.unit")}
              options={units}
              disabled={pending}
            />
          </Stack>
          {!known && <Alert severity="error">{t("campaigns.steps.unknownType")}</Alert>}
          {type === "sms" && <SmsFields form={form} prefix="" campaign={campaign} options={options} disabled={pending} first={first} />}
          {type === "email" && <EmailFields form={form} prefix="" campaign={campaign} options={options} disabled={pending} />}
          {type === "split" && (
            <SplitFields
              form={form}
              channel={channel}
              campaign={campaign}
              options={options}
              initialPart={part}
              disabled={pending}
              first={first}
            />
          )}
        </Stack>
      </form>
    </SidePanel>
  );
}
