import type { Gateway, GatewayKind, TestGatewayResult } from "@leadflow/contracts";
import { Alert, Button, CircularProgress } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { FormTextField } from "../../../components/form-dialog/form-text-field";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useSaveGateway, useTestGatewayDraft } from "../api/gateways.api";
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

export interface GatewayFormDialogProps {
  open: boolean;
  /** The gateway to edit; without it the dialog creates one of `kind`. */
  gateway?: Gateway;
  kind?: GatewayKind;
  onClose: () => void;
}

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

/** Add/Edit Integration (spec 2 §2): kind and provider, the provider's fields, senders, lookup settings, a test. */
export function GatewayFormDialog({ open, gateway, kind = "sms", onClose }: GatewayFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveGateway();
  const test = useTestGatewayDraft();
  // While the dialog fades out the page has let go of the gateway: keep its title until then.
  const shown = useRef(gateway);
  if (open) shown.current = gateway;
  const editing = shown.current;
  const masks = useMemo(() => savedMasks(gateway), [gateway]);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<TestGatewayResult | null>(null);

  // Read through a ref: the resolver must see the masks of the gateway open now, whatever the form kept.
  const masksRef = useRef(masks);
  masksRef.current = masks;
  const resolver: Resolver<GatewayFormValues> = async (values) => {
    const errors = validateGatewayForm(values, masksRef.current);
    return Object.keys(errors).length ? { values: {}, errors: nestedErrors(errors) } : { values, errors: {} };
  };
  const form = useForm<GatewayFormValues>({ resolver, mode: "onTouched", defaultValues: emptyGatewayForm(kind) });
  const { control, handleSubmit, reset, setError } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening (and per gateway)
  useEffect(() => {
    if (!open) return;
    reset(gateway ? gatewayFormFromRecord(gateway) : emptyGatewayForm(kind));
    setFormError(null);
    setResult(null);
    save.reset();
    test.reset();
  }, [open, gateway?.id, kind, reset]);

  /** A 422 goes under its fields; whatever has no field (or any other failure) goes to the alert. */
  const showError = (e: unknown) => {
    let placed = false;
    if (e instanceof ApiError && e.errors) {
      for (const [key, messages] of Object.entries(e.errors)) {
        const path = formErrorPath(key);
        if (path && messages[0]) {
          setError(path as keyof GatewayFormValues, { type: "server", message: messages[0] });
          placed = true;
        }
      }
    }
    if (!placed) setFormError(errorMessage(e));
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync({ id: gateway?.id, input: toSaveRequest(values) });
      enqueueSnackbar(answer.message, { variant: "success" });
      onClose();
    } catch (e) {
      showError(e);
    }
  });

  const runTest = handleSubmit(async (values) => {
    setFormError(null);
    setResult(null);
    try {
      setResult(await test.mutateAsync({ ...toSaveRequest(values), ...(gateway ? { id: gateway.id } : {}) }));
    } catch (e) {
      showError(e);
    }
  });

  const busy = save.isPending;
  return (
    <FormDialog
      open={open}
      title={t(editing ? "integrations.editTitle" : "integrations.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={busy}
      error={formError}
      extraActions={
        <Button
          onClick={() => void runTest()}
          disabled={busy || test.isPending}
          startIcon={test.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ mr: "auto" }}
        >
          {t(test.isPending ? "integrations.testing" : "integrations.testConnection")}
        </Button>
      }
    >
      <GatewayKindFields form={form} editing={!!editing} disabled={busy} onChange={() => setResult(null)} />
      <FormTextField
        name="name"
        control={control}
        label={t("integrations.name")}
        placeholder={t("integrations.namePlaceholder")}
        required
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 120, autoComplete: "off" } }}
      />
      <GatewaySettingsFields form={form} masks={masks} disabled={busy} />
      {result && (
        <Alert severity={result.ok ? "success" : "error"} onClose={() => setResult(null)}>
          {result.message}
        </Alert>
      )}
    </FormDialog>
  );
}
