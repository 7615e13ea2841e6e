import { type Campaign, StepLimits } from "@leadflow/contracts";
import { FormControlLabel, Stack, Switch } from "@mui/material";
import { useRef } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useT } from "../../../../lib/i18n";
import type { StepEditorOptions } from "../../api/campaign-steps.api";
import { hasLink } from "../model/step-form";
import { FieldGroup, SelectInput, SwitchInput, TextInput } from "./controls";
import { EmailSenderFields } from "./email-sender-fields";
import { MessageField } from "./message-field";
import { type FieldPrefix, fieldOf, type StepForm } from "./step-form-types";

export interface EmailFieldsProps {
  form: StepForm;
  prefix: FieldPrefix;
  campaign: Pick<Campaign, "setting_gateway_id">;
  options: StepEditorOptions;
  disabled?: boolean;
}

/** An email step's (or email part's) sender, subject, pre-header, body and tracking (spec 3 §3 email extras). */
export function EmailFields({ form, prefix, campaign, options, disabled }: EmailFieldsProps) {
  const t = useT();
  const { control } = form;
  const f = (key: Parameters<typeof fieldOf>[1]) => fieldOf(prefix, key);
  const message = useWatch({ control, name: f("message") });
  const savedVersion = useRef(Number(form.getValues(f("clicks_tracking_version"))) || 0);
  return (
    <Stack spacing={2.5}>
      <EmailSenderFields
        form={form}
        prefix={prefix}
        options={options}
        hasGateway={campaign.setting_gateway_id !== null}
        disabled={disabled}
      />
      <TextInput
        control={control}
        name={f("subject")}
        label={t("campaigns.steps.email.subject")}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 998 } }}
      />
      <TextInput
        control={control}
        name={f("pre_header")}
        label={t("campaigns.steps.email.preHeader")}
        hint={t("campaigns.steps.email.preHeaderHint")}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <MessageField
        control={control}
        prefix={prefix}
        channel="email"
        label={t("campaigns.steps.email.body")}
        attributes={options.attributes}
        disabled={disabled}
        maxLength={StepLimits.emailBody}
      />
      {typeof message === "string" && hasLink(message) && (
        <FieldGroup title={t("campaigns.steps.link.title")}>
          <TextInput
            control={control}
            name={f("redirect_to")}
            label={t("campaigns.steps.link.redirectTo")}
            hint={t("campaigns.steps.link.redirectHint")}
            placeholder="https://"
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: StepLimits.url, inputMode: "url" } }}
          />
          <SelectInput
            control={control}
            name={f("short_url_domain_id")}
            label={t("campaigns.steps.link.domain")}
            options={options.shortDomains}
            none={t("campaigns.steps.link.domainDefault")}
            disabled={disabled}
          />
        </FieldGroup>
      )}
      <SwitchInput control={control} name={f("is_tracking_opens")} label={t("campaigns.steps.email.trackOpens")} disabled={disabled} />
      <Controller
        name={f("clicks_tracking_version")}
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={t("campaigns.steps.email.clickTracking")}
            disabled={disabled}
            control={
              <Switch
                checked={Number(field.value) > 0}
                // On again: the version it was saved with (a newer default must not change a running step's links).
                onChange={(e) => field.onChange(e.target.checked ? savedVersion.current || 1 : 0)}
                onBlur={field.onBlur}
                name={field.name}
              />
            }
          />
        )}
      />
    </Stack>
  );
}
