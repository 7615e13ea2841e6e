import { CampaignTriggerLabels, CampaignTriggers, isTriggerType } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useT } from "../../../lib/i18n";
import {
  type CampaignOptionFieldsProps,
  FieldRow,
  MultiSelectControl,
  SelectControl,
  SwitchControl,
  useCampaignField,
} from "./form-controls";

/**
 * The four rules (one select per kind, so one of each stays selected), verified-only with its lookup gateway,
 * triggers of trigger types, and the email-only reply-to and test spam emails.
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
        <SelectControl {...field("cool_off_rule_id", "campaigns.form.coolOffRule")} none={none} options={options.coolOffRules} />
        {options.sms && (
          <SelectControl {...field("inactive_device_rule_id", "campaigns.form.inactiveRule")} none={none} options={options.inactiveRules} />
        )}
      </FieldRow>
      <FieldRow>
        <SelectControl {...field("set_frequency_rule_id", "campaigns.form.resetRule")} none={none} options={options.resetRules} />
        <SelectControl
          {...field("increase_frequency_rule_id", "campaigns.form.increaseRule")}
          none={none}
          options={options.increaseRules}
        />
      </FieldRow>
      <SwitchControl {...field("only_verified_leads", "campaigns.form.onlyVerified")} />
      {verified && (
        <SelectControl {...field("lookup_gateway_id", "campaigns.form.lookupGateway")} required options={options.lookupGateways} />
      )}
      {isTriggerType(type) && (
        <MultiSelectControl
          {...field("triggers", "campaigns.form.triggers")}
          options={CampaignTriggers.map((v) => ({ value: v, label: CampaignTriggerLabels[v] }))}
        />
      )}
      {!options.sms && (
        <>
          <FormTextField {...field("reply_to", "campaigns.form.replyTo")} type="email" fullWidth />
          <SwitchControl {...field("send_test_spam_emails", "campaigns.form.spamTest")} />
          {spam && (
            <FieldRow>
              <MultiSelectControl {...field("spam_email_groups", "campaigns.form.spamGroups")} options={options.spamGroups} />
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
