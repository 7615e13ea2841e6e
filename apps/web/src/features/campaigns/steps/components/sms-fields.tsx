import { type Campaign, StepLimits } from "@leadflow/contracts";
import { Alert, Stack } from "@mui/material";
import { useWatch } from "react-hook-form";
import { useT } from "../../../../lib/i18n";
import type { StepEditorOptions } from "../../api/campaign-steps.api";
import { withRevenueToken } from "../model/revenue-token";
import { hasLink } from "../model/step-form";
import { SwitchInput, TextInput } from "./controls";
import { LinkOptions } from "./link-options";
import { MessageField } from "./message-field";
import { SmsCounter } from "./sms-counter";
import { type FieldPrefix, fieldOf, type StepForm } from "./step-form-types";

export interface SmsFieldsProps {
  form: StepForm;
  prefix: FieldPrefix;
  campaign: Pick<Campaign, "part_price">;
  options: StepEditorOptions;
  disabled?: boolean;
}

/** An SMS step's (or SMS part's) message, its counter and cost, the link options and the welcome message. */
export function SmsFields({ form, prefix, campaign, options, disabled }: SmsFieldsProps) {
  const t = useT();
  const { control, getValues, setValue } = form;
  const f = (key: Parameters<typeof fieldOf>[1]) => fieldOf(prefix, key);
  const [message, domainId] = useWatch({ control, name: [f("message"), f("short_url_domain_id")] });
  const text = typeof message === "string" ? message : "";
  const shortDomain = options.shortDomains.find((d) => d.value === domainId)?.label ?? null;
  // Removing `{{link}}` strips the revenue token; putting it back (tracking still on) restores it.
  const onText = (next: string) => {
    if (getValues(f("is_tracking_revenue")) !== true) return;
    const redirect = String(getValues(f("redirect_to")) ?? "");
    const fixed = withRevenueToken(redirect, true, next);
    if (fixed !== redirect) setValue(f("redirect_to"), fixed, { shouldDirty: true });
  };
  return (
    <Stack spacing={2.5}>
      <MessageField
        control={control}
        prefix={prefix}
        channel="sms"
        label={t("campaigns.steps.message")}
        attributes={options.attributes}
        disabled={disabled}
        maxLength={StepLimits.message}
        onText={onText}
      >
        <SmsCounter message={text} partPrice={campaign.part_price} shortDomain={shortDomain} />
      </MessageField>
      {hasLink(text) ? (
        <LinkOptions form={form} prefix={prefix} options={options} disabled={disabled} />
      ) : (
        <Alert severity="info" variant="outlined" data-testid="link-hint">
          {t("campaigns.steps.link.hint")}
        </Alert>
      )}
      <SwitchInput
        control={control}
        name={f("need_send_welcome_message")}
        label={t("campaigns.steps.welcome")}
        hint={t("campaigns.steps.welcomeHint")}
        disabled={disabled}
      >
        <TextInput
          control={control}
          name={f("welcome_message_text")}
          label={t("campaigns.steps.welcomeText")}
          multiline
          minRows={2}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: StepLimits.message } }}
        />
      </SwitchInput>
    </Stack>
  );
}
