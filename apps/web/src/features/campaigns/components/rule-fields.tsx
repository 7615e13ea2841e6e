import { CampaignTriggerLabels, CampaignTriggers, isTriggerType } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { useWatch } from "react-hook-form";
import { FormMultiSelect } from "../../../components/form/form-multi-select";
import { FormSelect } from "../../../components/form/form-select";
import { FormSwitch } from "../../../components/form/form-switch";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";
import { type CampaignOptionFieldsProps, FieldRow, useCampaignField } from "./form-controls";

/**
 * The four rules (one select per kind, so one of each stays selected), verified-only with its lookup gateway,
 * consent proof only, triggers of trigger types, and the email-only reply-to and test spam emails.
 */
export function RuleFields(props: CampaignOptionFieldsProps) {
  const t = useT();
  const field = useCampaignField(props);
  const { form, options } = props;
  const [type, verified, spam] = useWatch({ control: form.control, name: ["type", "only_verified_leads", "send_test_spam_emails"] });
  const none = t("campaigns.form.none");
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">{t("campaigns.form.rules")}</Typography>
      <FieldRow>
        <FormSelect {...field("cool_off_rule_id", "campaigns.form.coolOffRule")} none={none} options={options.coolOffRules} />
        {options.sms && (
          <FormSelect {...field("inactive_device_rule_id", "campaigns.form.inactiveRule")} none={none} options={options.inactiveRules} />
        )}
      </FieldRow>
      <FieldRow>
        <FormSelect {...field("set_frequency_rule_id", "campaigns.form.resetRule")} none={none} options={options.resetRules} />
        <FormSelect {...field("increase_frequency_rule_id", "campaigns.form.increaseRule")} none={none} options={options.increaseRules} />
      </FieldRow>
      <FormSwitch {...field("only_verified_leads", "campaigns.form.onlyVerified")} />
      {verified && <FormSelect {...field("lookup_gateway_id", "campaigns.form.lookupGateway")} required options={options.lookupGateways} />}
      <FormSwitch {...field("only_consent_proof", "campaigns.form.onlyConsentProof")} hint={t("campaigns.form.onlyConsentProofHelp")} />
      {isTriggerType(type) && (
        <FormMultiSelect
          {...field("triggers", "campaigns.form.triggers")}
          options={CampaignTriggers.map((v) => ({ value: v, label: CampaignTriggerLabels[v] }))}
        />
      )}
      {!options.sms && (
        <>
          <FormTextField {...field("reply_to", "campaigns.form.replyTo")} type="email" fullWidth />
          <FormSwitch {...field("send_test_spam_emails", "campaigns.form.spamTest")} />
          {spam && (
            <FieldRow>
              <FormMultiSelect {...field("spam_email_groups", "campaigns.form.spamGroups")} options={options.spamGroups} />
              <FormTextField
                {...field("send_spam_email_interval", "campaigns.form.spamInterval")}
                type="number"
                fullWidth
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
              />
            </FieldRow>
          )}
        </>
      )}
    </Stack>
  );
}
