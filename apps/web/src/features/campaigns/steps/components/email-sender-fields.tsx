import { EmailSenderTypes } from "@leadflow/contracts";
import { Alert, Stack } from "@mui/material";
import { useWatch } from "react-hook-form";
import { FormSelect } from "../../../../components/form/form-select";
import { FormTextField } from "../../../../components/form/form-text-field";
import { errorMessage } from "../../../../lib/errors";
import { type MessageKey, useT } from "../../../../lib/i18n";
import { emailSender } from "../model/step-request";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";
import { useStepField } from "./use-step-field";

/** A typed part of the sender: the browser's autofill would offer the operator's own addresses. */
const typed = (maxLength: number) => ({ htmlInput: { maxLength, autoComplete: "off" } });

/**
 * Who an email is from (docs/product/campaigns.md): a verified address of the campaign's gateway, a user name at one of
 * its verified domains, or a sender email group that rotates. Where the provider cannot be asked, the address is
 * typed (the server and the provider still check it).
 */
export function EmailSenderFields(props: ContentFieldsProps) {
  const t = useT();
  const field = useStepField(props);
  const { form, prefix, campaign, options } = props;
  // No gateway chosen yet: no verified senders to offer.
  const hasGateway = campaign.setting_gateway_id !== null;
  const [type, email, username, domain] = useWatch({
    control: form.control,
    name: [
      fieldOf(prefix, "sender_type"),
      fieldOf(prefix, "sender_email"),
      fieldOf(prefix, "sender_username"),
      fieldOf(prefix, "sender_domain"),
    ],
  }) as [string, string, string, string];
  const senders = options.emailSenders;
  const providerError = options.emailSendersError ? errorMessage(options.emailSendersError) : (senders?.error ?? null);
  const asOptions = (list: { key: string; label: string }[] | undefined, current: string) => {
    const all = (list ?? []).map((s) => ({ value: s.key, label: s.label }));
    // A saved sender the provider no longer lists stays visible rather than silently blank.
    return current && !all.some((o) => o.value === current) ? [{ value: current, label: current }, ...all] : all;
  };
  const addresses = asOptions(senders?.senders, email);
  const domains = asOptions(senders?.domains, domain);
  const pickable = (list: unknown[]) => hasGateway && !providerError && list.length > 0;
  const groups = options.emailGroups ?? [];
  const address = emailSender({ sender_type: "domain", sender_email: "", sender_username: username || "…", sender_domain: domain || "…" });

  return (
    <Stack spacing={2}>
      {!hasGateway && <Alert severity="info">{t("campaigns.steps.email.noGateway")}</Alert>}
      {hasGateway && providerError && type !== "group" && (
        <Alert severity="warning">{t("campaigns.steps.email.sendersError", { error: providerError.replace(/\.?$/, ".") })}</Alert>
      )}
      <FormSelect
        {...field("sender_type", "campaigns.steps.email.senderType")}
        options={EmailSenderTypes.map((s) => ({ value: s, label: t(`campaigns.steps.email.senderType.${s}` as MessageKey) }))}
      />
      {type === "email" &&
        (pickable(addresses) ? (
          <FormSelect
            {...field("sender_email", "campaigns.steps.email.sender")}
            hint={t("campaigns.steps.email.senderHint")}
            options={addresses}
          />
        ) : (
          <FormTextField
            {...field("sender_email", "campaigns.steps.email.sender")}
            type="email"
            hint={hasGateway && !options.emailSendersLoading && !providerError ? t("campaigns.steps.email.typeAddress") : undefined}
            fullWidth
            slotProps={typed(320)}
          />
        ))}
      {type === "domain" && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <FormTextField
            {...field("sender_username", "campaigns.steps.email.username")}
            hint={t("campaigns.steps.email.usernameHint", { address })}
            fullWidth
            slotProps={typed(64)}
          />
          {pickable(domains) ? (
            <FormSelect {...field("sender_domain", "campaigns.steps.email.domain")} options={domains} />
          ) : (
            <FormTextField {...field("sender_domain", "campaigns.steps.email.domain")} fullWidth slotProps={typed(253)} />
          )}
        </Stack>
      )}
      {type === "group" &&
        (options.emailGroups && groups.length === 0 ? (
          <Alert severity="info">{t("campaigns.steps.email.noGroups")}</Alert>
        ) : (
          <FormSelect
            {...field("sender_email_group_id", "campaigns.steps.email.group")}
            hint={t("campaigns.steps.email.groupHint")}
            options={groups}
          />
        ))}
      {type !== "group" && (
        <FormTextField
          {...field("from_name", "campaigns.steps.email.fromName")}
          hint={t("campaigns.steps.email.fromNameHint")}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 191 } }}
        />
      )}
    </Stack>
  );
}
