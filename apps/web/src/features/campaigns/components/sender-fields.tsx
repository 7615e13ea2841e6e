import {
  type Campaign,
  CampaignChannel,
  CampaignSenderTypesByChannel,
  CampaignTypeLabels,
  CampaignTypes,
  type SaveCampaign,
} from "@leadflow/contracts";
import { Alert, Stack } from "@mui/material";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { type MessageKey, useT } from "../../../lib/i18n";
import type { CampaignFormOptions } from "../api/campaign-form-options";
import { type CampaignFormValues, isLocked } from "../model/campaign-form";
import { SelectControl } from "./form-controls";

interface Props {
  form: UseFormReturn<CampaignFormValues, unknown, SaveCampaign>;
  options: CampaignFormOptions;
  campaign?: Campaign;
  disabled: boolean;
}

/** Name, type, sender type and the sender itself; a pool and a messaging service exclude each other (spec 3 §2). */
export function SenderFields({ form, options, campaign, disabled }: Props) {
  const t = useT();
  const { control, setValue } = form;
  const [type, senderType, gatewayId] = useWatch({ control, name: ["type", "sender_type", "setting_gateway_id"] });
  const channel = CampaignChannel[type];
  const locked = (field: string) => disabled || isLocked(campaign, field);
  const lockHint = (field: string) => (isLocked(campaign, field) ? t("campaigns.form.lockedHint") : undefined);
  const services = options.messagingServices(gatewayId);
  const senderTypes = CampaignSenderTypesByChannel[channel].map((s) => ({
    value: s,
    label: t(`campaigns.form.sender.${s}` as MessageKey),
  }));

  return (
    <Stack spacing={2}>
      <FormTextField
        name="name"
        control={control}
        label={t("campaigns.form.name")}
        required
        autoFocus
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 191 } }}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SelectControl
          name="type"
          control={control}
          label={t("campaigns.form.type")}
          required
          disabled={locked("type")}
          hint={lockHint("type")}
          options={CampaignTypes.map((v) => ({ value: v, label: CampaignTypeLabels[v] }))}
          onPicked={() => {
            // A new channel has other gateways: the old pick would be a gateway of the wrong kind.
            setValue("setting_gateway_id", "");
            setValue("ms_sid", "");
            setValue("ms_name", "");
            if (CampaignChannel[form.getValues("type")] === "email") setValue("sender_type", "gateway");
          }}
        />
        <SelectControl
          name="sender_type"
          control={control}
          label={t("campaigns.form.senderType")}
          required
          disabled={locked("sender_type")}
          hint={lockHint("sender_type")}
          options={senderTypes}
        />
      </Stack>
      {senderType === "gateway" && (
        <SelectControl
          name="setting_gateway_id"
          control={control}
          label={t("campaigns.form.gateway")}
          required
          disabled={disabled}
          options={options.gateways}
          onPicked={() => {
            setValue("ms_sid", "");
            setValue("ms_name", "");
          }}
        />
      )}
      {senderType === "gateway" && options.gateways.length === 0 && <Alert severity="info">{t("campaigns.form.noGateways")}</Alert>}
      {senderType === "gateway" && channel === "sms" && services.length > 0 && (
        <SelectControl
          name="ms_sid"
          control={control}
          label={t("campaigns.form.messagingService")}
          none={t("campaigns.form.messagingServiceNone")}
          disabled={disabled}
          options={services}
          onPicked={(sid) => {
            setValue("pool_id", "");
            setValue("ms_name", services.find((s) => s.value === sid)?.label ?? "");
          }}
        />
      )}
      {senderType === "route" && (
        <SelectControl
          name="route_id"
          control={control}
          label={t("campaigns.form.route")}
          required
          disabled={locked("route_id")}
          hint={lockHint("route_id")}
          options={options.routes}
        />
      )}
      {senderType === "pool" && (
        <SelectControl
          name="pool_id"
          control={control}
          label={t("campaigns.form.pool")}
          required
          disabled={locked("pool_id")}
          hint={lockHint("pool_id")}
          options={options.pools}
          onPicked={() => {
            setValue("ms_sid", "");
            setValue("ms_name", "");
          }}
        />
      )}
    </Stack>
  );
}
