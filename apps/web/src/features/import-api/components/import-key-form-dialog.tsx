import { zodResolver } from "@hookform/resolvers/zod";
import type { ImportListRecord } from "@leadflow/contracts";
import { Divider, FormHelperText, Stack } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { FormTextField } from "../../../components/form-dialog/form-text-field";
import { LookupToggles } from "../../../components/lookup-toggles/lookup-toggles";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useLookupToggleGateways } from "../../lookups/api/gateway-options";
import { useSaveImportList } from "../api/import-lists.api";
import { EMPTY_KEY_FORM, fieldErrors, type KeyFormValues, keyFormFromRecord, keyFormSchema, toSaveRequest } from "../model/key-form";
import { SourceListFields } from "./source-list-fields";
import { StatusSelects } from "./status-selects";

export interface ImportKeyFormDialogProps {
  open: boolean;
  /** The key to edit; without it the dialog creates one. */
  importKey?: ImportListRecord;
  onClose: () => void;
}

/** Add/Edit API Key: name, source and list, lookups with their gateways, and the statuses of imported leads. */
export function ImportKeyFormDialog({ open, importKey, onClose }: ImportKeyFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveImportList();
  const gateways = useLookupToggleGateways(open);
  // While the dialog fades out the page has let go of the key: keep its title until then.
  const shown = useRef(importKey);
  if (open) shown.current = importKey;
  const editing = shown.current;
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => keyFormSchema({ sourceRequired: t("importApi.sourceRequired"), listRequired: t("importApi.listRequired") }),
    [t],
  );
  const { control, handleSubmit, reset, setError } = useForm<KeyFormValues>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: EMPTY_KEY_FORM,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening (and per key)
  useEffect(() => {
    if (!open) return;
    reset(importKey ? keyFormFromRecord(importKey) : EMPTY_KEY_FORM);
    setFormError(null);
    save.reset();
  }, [open, importKey?.id, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync({ id: importKey?.id, input: toSaveRequest(values) });
      enqueueSnackbar(answer.message, { variant: "success" });
      onClose();
    } catch (e) {
      const { fields, rest } = fieldErrors(e instanceof ApiError ? e.errors : undefined);
      for (const [field, message] of Object.entries(fields)) setError(field as keyof KeyFormValues, { type: "server", message });
      if (Object.keys(fields).length === 0 || rest.length > 0) setFormError(rest.length ? rest.join(" ") : errorMessage(e));
    }
  });

  const busy = save.isPending;
  return (
    <FormDialog
      open={open}
      title={t(editing ? "importApi.editTitle" : "importApi.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={busy}
      error={formError}
    >
      <FormTextField
        name="name"
        control={control}
        label={t("importApi.name")}
        placeholder={t("importApi.namePlaceholder")}
        autoFocus
        required
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
      />
      <SourceListFields control={control} disabled={busy} />
      <Divider />
      <Controller
        name="lookups"
        control={control}
        render={({ field, fieldState }) => (
          <Stack>
            <LookupToggles value={field.value} onChange={field.onChange} gateways={gateways} disabled={busy} />
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </Stack>
        )}
      />
      <Divider />
      <StatusSelects control={control} disabled={busy} />
    </FormDialog>
  );
}
