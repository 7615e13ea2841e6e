import { CampaignChannel, CampaignSenderTypesByChannel, CampaignTypeLabels, CampaignTypes } from "@leadflow/contracts";
import { Alert, Stack } from "@mui/material";
import { useWatch } from "react-hook-form";
import { FormSelect } from "../../../components/form/form-select";
import { FormTextField } from "../../../components/form/form-text-field";
import { type MessageKey, useT } from "../../../lib/i18n";
import { type CampaignOptionFieldsProps, FieldRow, useCampaignField } from "./form-controls";

/** Name, type, sender type and the sender itself; a pool and a messaging service exclude each other. */
export function SenderFields(props: CampaignOptionFieldsProps) {
  const t = useT();
  const field = useCampaignField(props);
  const { form, options } = props;
  const { control, setValue } = form;
  const [type, senderType, gatewayId] = useWatch({ control, name: ["type", "sender_type", "setting_gateway_id"] });
  const channel = CampaignChannel[type];
  const services = options.messagingServices(gatewayId);
  const senderTypes = CampaignSenderTypesByChannel[channel].map((s) => ({
    value: s,
    label: t(`campaigns.form.sender.${s}` as MessageKey),
  }));
  const clearService = () => {
    setValue("ms_sid", "");
    setValue("ms_name", "");
  };

  return (
    <Stack spacing={2}>
      <FormTextField {...field("name", "campaigns.form.name")} required autoFocus slotProps={{ htmlInput: { maxLength: 191 } }} />
      <FieldRow>
        <FormSelect
          {...field("type", "campaigns.form.type")}
          required
          options={CampaignTypes.map((v) => ({ value: v, label: CampaignTypeLabels[v] }))}
          onPicked={() => {
            // A new channel has other gateways: the old pick would be a gateway of the wrong kind.
            setValue("setting_gateway_id", "");
            clearService();
            if (CampaignChannel[form.getValues("type")] === "email") setValue("sender_type", "gateway");
          }}
        />
        <FormSelect {...field("sender_type", "campaigns.form.senderType")} required options={senderTypes} />
      </FieldRow>
      {senderType === "gateway" && (
        <FormSelect
          {...field("setting_gateway_id", "campaigns.form.gateway")}
          required
          options={options.gateways}
          onPicked={clearService}
        />
      )}
      {senderType === "gateway" && options.gateways.length === 0 && <Alert severity="info">{t("campaigns.form.noGateways")}</Alert>}
      {senderType === "gateway" && channel === "sms" && services.length > 0 && (
        <FormSelect
          {...field("ms_sid", "campaigns.form.messagingService")}
          none={t("campaigns.form.messagingServiceNone")}
          options={services}
          onPicked={(sid) => {
            setValue("pool_id", "");
            setValue("ms_name", services.find((s) => s.value === sid)?.label ?? "");
          }}
        />
      )}
      {senderType === "route" && <FormSelect {...field("route_id", "campaigns.form.route")} required options={options.routes} />}
      {senderType === "pool" && (
        <FormSelect {...field("pool_id", "campaigns.form.pool")} required options={options.pools} onPicked={clearService} />
      )}
    </Stack>
  );
}
