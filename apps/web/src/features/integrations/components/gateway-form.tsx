import type { Gateway, GatewayKind, TestGatewayResult } from "@leadflow/contracts";
import { Alert, Button, CircularProgress } from "@mui/material";
import { useState } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { useCrudSave } from "../../../components/crud/crud-api";
import { EntityForm } from "../../../components/form/entity-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { gatewaysApi, useTestGatewayDraft } from "../api/gateways.api";
import {
  emptyGatewayForm,
  formErrorPath,
  type GatewayFormValues,
  gatewayFormFromRecord,
  savedMasks,
  toSaveRequest,
  validateGatewayForm,
} from "../model/gateway-form";
import { GatewayKindFields, GatewaySettingsFields } from "./gateway-dialog-fields";

/** `{ "params.sys_id": "…" }` → react-hook-form's nested errors. */
function nestedErrors(flat: Record<string, string>): FieldErrors<GatewayFormValues> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const [head, tail] = path.split(".", 2) as [string, string | undefined];
    if (tail === undefined) out[head] = { type: "validate", message };
    else out[head] = { ...(out[head] as object), [tail]: { type: "validate", message } };
  }
  return out as FieldErrors<GatewayFormValues>;
}

/** The form's own check; a saved secret left empty is kept, so it needs the saved masks. */
const gatewayResolver =
  (masks: Record<string, string>): Resolver<GatewayFormValues> =>
  async (values) => {
    const errors = validateGatewayForm(values, masks);
    return Object.keys(errors).length ? { values: {}, errors: nestedErrors(errors) } : { values, errors: {} };
  };

/**
 * Add/Edit Integration: kind and provider, the provider's fields, senders, lookup settings, a test. A new
 * gateway is of the kind whose table's Add was pressed (SMS from the page's Add).
 */
export function GatewayForm({ entity: gateway, preset: kind = "sms" }: { entity: Gateway | undefined; preset: GatewayKind | undefined }) {
  const t = useT();
  const save = useCrudSave(gatewaysApi);
  const test = useTestGatewayDraft();
  const masks = savedMasks(gateway);
  const [result, setResult] = useState<TestGatewayResult | null>(null);
  const entityForm = useEntityForm({
    resolver: gatewayResolver(masks),
    defaults: gateway ? gatewayFormFromRecord(gateway) : emptyGatewayForm(kind),
    submit: (values) => save.mutateAsync({ id: gateway?.id, input: toSaveRequest(values) }),
    success: (answer) => answer.message,
    serverFields: formErrorPath,
  });
  const runTest = entityForm.action(async (values) => {
    setResult(null);
    setResult(await test.mutateAsync({ ...toSaveRequest(values), ...(gateway ? { id: gateway.id } : {}) }));
  });

  const { form, pending } = entityForm;
  return (
    <EntityForm
      form={entityForm}
      title={t(gateway ? "integrations.editTitle" : "integrations.createTitle")}
      extraActions={
        <Button
          onClick={() => void runTest()}
          disabled={pending || test.isPending}
          startIcon={test.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ mr: "auto" }}
        >
          {t(test.isPending ? "integrations.testing" : "integrations.testConnection")}
        </Button>
      }
    >
      <GatewayKindFields form={form} editing={!!gateway} disabled={pending} onChange={() => setResult(null)} />
      <FormTextField
        name="name"
        control={form.control}
        label={t("integrations.name")}
        placeholder={t("integrations.namePlaceholder")}
        required
        disabled={pending}
        slotProps={{ htmlInput: { maxLength: 120, autoComplete: "off" } }}
      />
      <GatewaySettingsFields form={form} masks={masks} disabled={pending} />
      {result && (
        <Alert severity={result.ok ? "success" : "error"} onClose={() => setResult(null)}>
          {result.message}
        </Alert>
      )}
    </EntityForm>
  );
}
