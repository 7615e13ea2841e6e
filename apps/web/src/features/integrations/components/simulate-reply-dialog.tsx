import { type Gateway, SimulateSandboxInbound } from "@leadflow/contracts";
import { Typography } from "@mui/material";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { FormTextField } from "../../../components/form/form-text-field";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { useSimulateSandboxReply } from "../api/gateways.api";

/** The gateway's first number is where a reply usually goes; the server refuses one that is not the gateway's. */
function ReplyForm({ gateway }: { gateway: Gateway }) {
  const t = useT();
  const simulate = useSimulateSandboxReply();
  const numbers = gateway.senders.numbers.flatMap((n) => (n.number ? [n.number] : []));
  const form = useEntityForm({
    schema: SimulateSandboxInbound,
    defaults: { from: "", to: numbers[0] ?? "", body: "" },
    submit: (input) => simulate.mutateAsync({ id: gateway.id, input }),
    success: (answer) => answer.message,
  });
  const { control } = form.form;
  const disabled = form.pending;
  return (
    <EntityForm form={form} title={t("integrations.simulateTitle", { name: gateway.name })} submitLabel={t("integrations.simulateSend")}>
      <Typography variant="body2" color="text.secondary">
        {t("integrations.simulateText")}
      </Typography>
      <FormTextField
        name="from"
        control={control}
        label={t("integrations.simulateFrom")}
        placeholder="+12125550199"
        hint={t("integrations.simulateFromHint")}
        required
        autoFocus
        disabled={disabled}
      />
      <FormTextField
        name="to"
        control={control}
        label={t("integrations.simulateTo")}
        hint={numbers.length > 0 ? t("integrations.simulateToHint", { numbers: numbers.join(", ") }) : undefined}
        required
        disabled={disabled}
      />
      <FormTextField
        name="body"
        control={control}
        label={t("integrations.simulateBody")}
        placeholder={t("integrations.simulateBodyPlaceholder")}
        required
        multiline
        minRows={3}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 1600 } }}
      />
    </EntityForm>
  );
}

export interface SimulateReplyDialogProps {
  /** The sandbox SMS gateway a reply is simulated on; null: closed. */
  gateway: Gateway | null;
  onClose: () => void;
}

/** Integrations → a sandbox SMS gateway's "Simulate reply": the text a lead would send back. */
export function SimulateReplyDialog({ gateway, onClose }: SimulateReplyDialogProps) {
  return (
    <EntityFormDialog open={gateway !== null} onClose={onClose} entity={gateway ?? undefined} maxWidth="sm">
      {(shown) => shown && <ReplyForm gateway={shown} />}
    </EntityFormDialog>
  );
}
