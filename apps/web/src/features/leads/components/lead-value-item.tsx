import { type AnyLeadValue, type EmailStatus, EmailStatusLabels } from "@leadflow/contracts";
import { Box, Chip, Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useSetValueStatus, useUpdateLeadValue } from "../api/leads.api";
import { effectivePhoneStatus, emailStatusAction, phoneStatusLabel, phoneStatusOptions } from "../model/lead-values";
import { InlineValueField } from "./inline-value-field";
import { joinParts, ValueDetails } from "./value-details";
import { ValueStatusMenu } from "./value-status-menu";

const PHONE_COLORS = { 1: "success", 2: "default", 3: "warning", 4: "error", 5: "error", 6: "error" } as const;
const EMAIL_COLORS = { 1: "default", 2: "success", 3: "error", 4: "warning", 5: "error", 6: "error" } as const;

/** One value of the 'Lead Attributes' card: its attribute, the value edited in place, and for contacts their details and status. */
export function LeadValueItem({ leadId, item }: { leadId: number; item: AnyLeadValue }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateLeadValue(leadId);
  const setStatus = useSetValueStatus(leadId);

  const changeStatus = (status: number) =>
    setStatus.mutate(
      { target: item, status },
      {
        onSuccess: (answer) => enqueueSnackbar(answer?.message || t("leads.valueStatusUpdated"), { variant: "success" }),
        onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
      },
    );

  let status: React.ReactNode = null;
  let details: React.ReactNode = null;
  if (item.kind === "phone") {
    const current = effectivePhoneStatus(item.status);
    const label = phoneStatusLabel(item.status);
    status = (
      <ValueStatusMenu
        label={label}
        color={PHONE_COLORS[current]}
        busy={setStatus.isPending}
        aria-label={t("leads.phone.statusFor", { value: item.value, status: label })}
        options={phoneStatusOptions(item.status).map((o) => ({
          key: String(o.status),
          label: o.label,
          onSelect: () => changeStatus(o.status),
        }))}
      />
    );
    details = (
      <>
        <ValueDetails
          rows={[
            [t("leads.phone.carrier"), joinParts(item.carrier_name, item.carrier_status_label ?? item.carrier_type)],
            [t("leads.phone.location"), joinParts(item.city, item.state)],
            [t("leads.phone.timezone"), item.timezone],
            [t("leads.phone.lookup"), joinParts(item.lookup_action, item.lookup_reason)],
            [t("leads.phone.dnc"), joinParts(item.black_list_alliance_phone_code, item.black_list_alliance_phone_message)],
          ]}
        />
        {(item.clicked || item.ban || item.unsubscribed) && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.75, flexWrap: "wrap" }}>
            {item.clicked && <Chip size="small" label={t("leads.phone.clicked")} color="info" variant="outlined" />}
            {item.ban && <Chip size="small" label={t("leads.phone.banned")} color="error" variant="outlined" />}
            {item.unsubscribed && <Chip size="small" label={t("leads.phone.unsubscribed")} variant="outlined" />}
          </Stack>
        )}
      </>
    );
  } else if (item.kind === "email") {
    const action = emailStatusAction(item.status);
    const label = item.status_label || EmailStatusLabels[item.status as EmailStatus] || t("leads.noStatus");
    status = (
      <ValueStatusMenu
        label={label}
        color={EMAIL_COLORS[item.status as EmailStatus] ?? "default"}
        busy={setStatus.isPending}
        aria-label={t("leads.email.statusFor", { value: item.value, status: label })}
        options={action ? [{ key: String(action.status), label: t(action.labelKey), onSelect: () => changeStatus(action.status) }] : []}
      />
    );
    details = <ValueDetails rows={[[t("leads.email.result"), item.result]]} />;
  }

  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: "divider", borderRadius: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", minHeight: 24 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: "uppercase", letterSpacing: 0.4 }}>
          {item.attribute.name}
        </Typography>
        {status}
      </Stack>
      <InlineValueField value={item.value} label={item.attribute.name} onSave={(value) => update.mutateAsync({ target: item, value })} />
      {details}
    </Box>
  );
}
