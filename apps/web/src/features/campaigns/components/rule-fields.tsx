import { type Campaign, CampaignTriggerLabels, CampaignTriggers, isTriggerType, type SaveCampaign } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";
import type { CampaignFormOptions } from "../api/campaign-form-options";
import { type CampaignFormValues, isLocked } from "../model/campaign-form";
import { MultiSelectControl, SelectControl, SwitchControl } from "./form-controls";

interface Props {
  form: UseFormReturn<CampaignFormValues, unknown, SaveCampaign>;
  options: CampaignFormOptions;
  campaign?: Campaign;
  disabled: boolean;
}

/**
 * The four rules (one select per kind, so one of each stays selected), verified-only with its lookup gateway,
 * triggers of trigger types, and the email-only reply-to and test spam emails.
 */
export function RuleFields({ form, options, campaign, disabled }: Props) {
  const t = useT();
  const { control } = form;
  const [type, verified, spam] = useWatch({ control, name: ["type", "only_verified_leads", "send_test_spam_emails"] });
  const none = t("campaigns.form.none");
  const lockHint = (field: string) => (isLocked(campaign, field) ? t("campaigns.form.lockedHint") : undefined);
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">{t("campaigns.form.rules")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SelectControl
          name="cool_off_rule_id"
          control={control}
          label={t("campaigns.form.coolOffRule")}
          none={none}
          disabled={disabled}
          options={options.coolOffRules}
        />
        {options.sms && (
          <SelectControl
            name="inactive_device_rule_id"
            control={control}
            label={t("campaigns.form.inactiveRule")}
            none={none}
            disabled={disabled}
            options={options.inactiveRules}
          />
        )}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SelectControl
          name="set_frequency_rule_id"
          control={control}
          label={t("campaigns.form.resetRule")}
          none={none}
          disabled={disabled}
          options={options.resetRules}
        />
        <SelectControl
          name="increase_frequency_rule_id"
          control={control}
          label={t("campaigns.form.increaseRule")}
          none={none}
          disabled={disabled}
          options={options.increaseRules}
        />
      </Stack>
      <SwitchControl
        name="only_verified_leads"
        control={control}
        label={t("campaigns.form.onlyVerified")}
        disabled={disabled || isLocked(campaign, "only_verified_leads")}
        hint={lockHint("only_verified_leads")}
      />
      {verified && (
        <SelectControl
          name="lookup_gateway_id"
          control={control}
          label={t("campaigns.form.lookupGateway")}
          required
          disabled={disabled}
          options={options.lookupGateways}
        />
      )}
      {isTriggerType(type) && (
        <MultiSelectControl
          name="triggers"
          control={control}
          label={t("campaigns.form.triggers")}
          disabled={disabled || isLocked(campaign, "triggers")}
          hint={lockHint("triggers")}
          options={CampaignTriggers.map((v) => ({ value: v, label: CampaignTriggerLabels[v] }))}
        />
      )}
      {!options.sms && (
        <>
          <FormTextField name="reply_to" control={control} type="email" label={t("campaigns.form.replyTo")} disabled={disabled} fullWidth />
          <SwitchControl name="send_test_spam_emails" control={control} label={t("campaigns.form.spamTest")} disabled={disabled} />
          {spam && (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <MultiSelectControl
                name="spam_email_groups"
                control={control}
                label={t("campaigns.form.spamGroups")}
                disabled={disabled}
                options={options.spamGroups}
              />
              <FormTextField
                name="send_spam_email_interval"
                control={control}
                type="number"
                label={t("campaigns.form.spamInterval")}
                disabled={disabled}
                fullWidth
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
              />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
