import { EmailSenderTypes } from "@leadflow/contracts";
import { Alert, Stack } from "@mui/material";
import { useWatch } from "react-hook-form";
import { errorMessage } from "../../../../lib/errors";
import { type MessageKey, useT } from "../../../../lib/i18n";
import type { StepEditorOptions } from "../../api/campaign-steps.api";
import { emailSender } from "../model/step-request";
import { SelectInput, TextInput } from "./controls";
import { type FieldPrefix, fieldOf, type StepForm } from "./step-form-types";

export interface EmailSenderFieldsProps {
  form: StepForm;
  prefix: FieldPrefix;
  options: StepEditorOptions;
  /** The campaign sends through this gateway; none chosen yet: no verified senders to offer. */
  hasGateway: boolean;
  disabled?: boolean;
}

/**
 * Who an email is from (spec 3 §3 email extras): a verified address of the campaign's gateway, a user name at one of
 * its verified domains, or a sender email group that rotates. Where the provider cannot be asked, the address is
 * typed (the server and the provider still check it).
 */
export function EmailSenderFields({ form, prefix, options, hasGateway, disabled }: EmailSenderFieldsProps) {
  const t = useT();
  const { control } = form;
  const f = (key: Parameters<typeof fieldOf>[1]) => fieldOf(prefix, key);
  const [type, email, username, domain] = useWatch({
    control,
    name: [f("sender_type"), f("sender_email"), f("sender_username"), f("sender_domain")],
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
      <SelectInput
        control={control}
        name={f("sender_type")}
        label={t("campaigns.steps.email.senderType")}
        options={EmailSenderTypes.map((s) => ({ value: s, label: t(`campaigns.steps.email.senderType.${s}` as MessageKey) }))}
        disabled={disabled}
      />
      {type === "email" &&
        (pickable(addresses) ? (
          <SelectInput
            control={control}
            name={f("sender_email")}
            label={t("campaigns.steps.email.sender")}
            hint={t("campaigns.steps.email.senderHint")}
            options={addresses}
            disabled={disabled}
          />
        ) : (
          <TextInput
            control={control}
            name={f("sender_email")}
            label={t("campaigns.steps.email.sender")}
            type="email"
            hint={hasGateway && !options.emailSendersLoading && !providerError ? t("campaigns.steps.email.typeAddress") : undefined}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: 320, autoComplete: "off" } }}
          />
        ))}
      {type === "domain" && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextInput
            control={control}
            name={f("sender_username")}
            label={t("campaigns.steps.email.username")}
            hint={t("campaigns.steps.email.usernameHint", { address })}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: 64, autoComplete: "off" } }}
          />
          {pickable(domains) ? (
            <SelectInput
              control={control}
              name={f("sender_domain")}
              label={t("campaigns.steps.email.domain")}
              options={domains}
              disabled={disabled}
            />
          ) : (
            <TextInput
              control={control}
              name={f("sender_domain")}
              label={t("campaigns.steps.email.domain")}
              disabled={disabled}
              slotProps={{ htmlInput: { maxLength: 253, autoComplete: "off" } }}
            />
          )}
        </Stack>
      )}
      {type === "group" &&
        (options.emailGroups && groups.length === 0 ? (
          <Alert severity="info">{t("campaigns.steps.email.noGroups")}</Alert>
        ) : (
          <SelectInput
            control={control}
            name={f("sender_email_group_id")}
            label={t("campaigns.steps.email.group")}
            hint={t("campaigns.steps.email.groupHint")}
            options={groups}
            disabled={disabled}
          />
        ))}
      {type !== "group" && (
        <TextInput
          control={control}
          name={f("from_name")}
          label={t("campaigns.steps.email.fromName")}
          hint={t("campaigns.steps.email.fromNameHint")}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 191 } }}
        />
      )}
    </Stack>
  );
}
