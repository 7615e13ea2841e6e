import { StepLimits } from "@leadflow/contracts";
import { Alert, Stack } from "@mui/material";
import { useWatch } from "react-hook-form";
import { FormSwitch } from "../../../../components/form/form-switch";
import { FormTextField } from "../../../../components/form/form-text-field";
import { useT } from "../../../../lib/i18n";
import { withRevenueToken } from "../model/revenue-token";
import { hasLink } from "../model/step-form";
import { LinkOptions } from "./link-options";
import { MessageField } from "./message-field";
import { SmsCounter } from "./sms-counter";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";
import { useStepField } from "./use-step-field";

/** An SMS step's (or SMS part's) message, its counter and cost, the link options and the welcome message. */
export function SmsFields(props: ContentFieldsProps) {
  const t = useT();
  const field = useStepField(props);
  const { form, prefix, campaign, options } = props;
  const { control, getValues, setValue } = form;
  const redirectTo = fieldOf(prefix, "redirect_to");
  const [message, domainId] = useWatch({ control, name: [fieldOf(prefix, "message"), fieldOf(prefix, "short_url_domain_id")] });
  const text = typeof message === "string" ? message : "";
  const shortDomain = options.shortDomains.find((d) => d.value === domainId)?.label ?? null;
  // Removing `{{link}}` strips the revenue token; putting it back (tracking still on) restores it.
  const onText = (next: string) => {
    if (getValues(fieldOf(prefix, "is_tracking_revenue")) !== true) return;
    const redirect = String(getValues(redirectTo) ?? "");
    const fixed = withRevenueToken(redirect, true, next);
    if (fixed !== redirect) setValue(redirectTo, fixed, { shouldDirty: true });
  };
  return (
    <Stack spacing={2.5}>
      <MessageField {...props} channel="sms" label={t("campaigns.steps.message")} maxLength={StepLimits.message} onText={onText}>
        <SmsCounter message={text} partPrice={campaign.part_price} shortDomain={shortDomain} />
      </MessageField>
      {hasLink(text) ? (
        <LinkOptions {...props} />
      ) : (
        <Alert severity="info" variant="outlined" data-testid="link-hint">
          {t("campaigns.steps.link.hint")}
        </Alert>
      )}
      <FormSwitch {...field("need_send_welcome_message", "campaigns.steps.welcome")} hint={t("campaigns.steps.welcomeHint")}>
        <FormTextField
          {...field("welcome_message_text", "campaigns.steps.welcomeText")}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: StepLimits.message } }}
        />
      </FormSwitch>
    </Stack>
  );
}
