import { StepLimits } from "@leadflow/contracts";
import { Alert, Stack, Typography } from "@mui/material";
import { useWatch } from "react-hook-form";
import { FormSwitch } from "../../../../components/form/form-switch";
import { FormTextField } from "../../../../components/form/form-text-field";
import { useT } from "../../../../lib/i18n";
import { useMessagePreview } from "../../api/message-preview.api";
import { withRevenueToken } from "../model/revenue-token";
import { hasLink } from "../model/step-form";
import { LinkOptions } from "./link-options";
import { MessageChecks } from "./message-checks";
import { MessageField } from "./message-field";
import { PhonePreview } from "./phone-preview";
import { SmsCounter } from "./sms-counter";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";
import { useStepField } from "./use-step-field";

/** How many acknowledgements a step keeps: the newest (contracts `ACKNOWLEDGED_CHECKS_MAX`). */
const KEEP_ACKNOWLEDGED = 20;

/**
 * An SMS step's (or SMS part's) message, its counter and cost, the pre-send checks and the phone preview beside it
 * (under it on a phone), then the link options and the welcome message.
 */
export function SmsFields(props: ContentFieldsProps) {
  const t = useT();
  const field = useStepField(props);
  const { form, prefix, campaign, options, first = false, disabled } = props;
  const { control, getValues, setValue } = form;
  const redirectTo = fieldOf(prefix, "redirect_to");
  const acknowledgedField = fieldOf(prefix, "acknowledged_checks");
  const [message, domainId, acknowledged] = useWatch({
    control,
    name: [fieldOf(prefix, "message"), fieldOf(prefix, "short_url_domain_id"), acknowledgedField],
  });
  const text = typeof message === "string" ? message : "";
  const shortDomain = options.shortDomains.find((d) => d.value === domainId)?.label ?? null;
  const preview = useMessagePreview(campaign.id, text, typeof domainId === "number" && hasLink(text) ? domainId : null, true);
  const acks = Array.isArray(acknowledged) ? (acknowledged as string[]) : [];
  // Removing `{{link}}` strips the revenue token; putting it back (tracking still on) restores it.
  const onText = (next: string) => {
    if (getValues(fieldOf(prefix, "is_tracking_revenue")) !== true) return;
    const redirect = String(getValues(redirectTo) ?? "");
    const fixed = withRevenueToken(redirect, true, next);
    if (fixed !== redirect) setValue(redirectTo, fixed, { shouldDirty: true });
  };
  const acknowledge = (key: string) =>
    setValue(acknowledgedField, [...acks.filter((k) => k !== key), key].slice(-KEEP_ACKNOWLEDGED), { shouldDirty: true });
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: "column", md: "row" }} spacing={3} sx={{ alignItems: { xs: "stretch", md: "flex-start" } }}>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <MessageField {...props} channel="sms" label={t("campaigns.steps.message")} maxLength={StepLimits.message} onText={onText}>
            <SmsCounter message={text} partPrice={campaign.part_price} shortDomain={shortDomain} />
            <Typography variant="caption" color="text.secondary">
              {t("campaigns.steps.fallbackHint", { example: "{{first_name|there}}" })}
            </Typography>
          </MessageField>
          <MessageChecks
            message={text}
            first={first}
            brand={preview.query.data?.brand}
            acknowledged={acks}
            onAcknowledge={acknowledge}
            disabled={disabled}
          />
        </Stack>
        <PhonePreview preview={preview} />
      </Stack>
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
