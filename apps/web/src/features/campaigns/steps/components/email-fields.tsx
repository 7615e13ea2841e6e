import { StepLimits } from "@leadflow/contracts";
import { FormControlLabel, Stack, Switch } from "@mui/material";
import { useRef } from "react";
import { Controller, useWatch } from "react-hook-form";
import { FormSwitch } from "../../../../components/form/form-switch";
import { FormTextField } from "../../../../components/form/form-text-field";
import { useT } from "../../../../lib/i18n";
import { hasLink } from "../model/step-form";
import { EmailSenderFields } from "./email-sender-fields";
import { LinkFields } from "./link-fields";
import { MessageField } from "./message-field";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";
import { useStepField } from "./use-step-field";

/** An email step's (or email part's) sender, subject, pre-header, body and tracking (docs/product/campaigns.md). */
export function EmailFields(props: ContentFieldsProps) {
  const t = useT();
  const field = useStepField(props);
  const { form, prefix, disabled } = props;
  const { control } = form;
  const message = useWatch({ control, name: fieldOf(prefix, "message") });
  const savedVersion = useRef(Number(form.getValues(fieldOf(prefix, "clicks_tracking_version"))) || 0);
  return (
    <Stack spacing={2.5}>
      <EmailSenderFields {...props} />
      <FormTextField {...field("subject", "campaigns.steps.email.subject")} fullWidth slotProps={{ htmlInput: { maxLength: 998 } }} />
      <FormTextField
        {...field("pre_header", "campaigns.steps.email.preHeader")}
        hint={t("campaigns.steps.email.preHeaderHint")}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <MessageField {...props} channel="email" label={t("campaigns.steps.email.body")} maxLength={StepLimits.emailBody} />
      {typeof message === "string" && hasLink(message) && <LinkFields {...props} />}
      <FormSwitch {...field("is_tracking_opens", "campaigns.steps.email.trackOpens")} />
      <Controller
        name={fieldOf(prefix, "clicks_tracking_version")}
        control={control}
        render={({ field: clicks }) => (
          <FormControlLabel
            label={t("campaigns.steps.email.clickTracking")}
            disabled={disabled}
            control={
              <Switch
                checked={Number(clicks.value) > 0}
                // On again: the version it was saved with (a newer default must not change a running step's links).
                onChange={(e) => clicks.onChange(e.target.checked ? savedVersion.current || 1 : 0)}
                onBlur={clicks.onBlur}
                name={clicks.name}
              />
            }
          />
        )}
      />
    </Stack>
  );
}
