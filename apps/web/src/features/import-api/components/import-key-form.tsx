import type { ImportListRecord } from "@leadflow/contracts";
import { Divider, FormHelperText, Stack } from "@mui/material";
import { Controller } from "react-hook-form";
import { useCrudSave } from "../../../components/crud/crud-api";
import { EntityForm } from "../../../components/form/entity-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { LookupToggles } from "../../../components/lookup-toggles/lookup-toggles";
import { useT } from "../../../lib/i18n";
import { useLookupToggleGateways } from "../../lookups";
import { importListsApi } from "../api/import-lists.api";
import { EMPTY_KEY_FORM, KEY_FORM_ERROR_FIELDS, keyFormFromRecord, keyFormSchema, toSaveRequest } from "../model/key-form";
import { SourceListFields } from "./source-list-fields";
import { StatusSelects } from "./status-selects";

/** Add/Edit API Key: name, source and list, lookups with their gateways, and the statuses of imported leads. */
export function ImportKeyForm({ entity: importKey }: { entity: ImportListRecord | undefined }) {
  const t = useT();
  const save = useCrudSave(importListsApi);
  const gateways = useLookupToggleGateways(true);
  const form = useEntityForm({
    schema: keyFormSchema({ sourceRequired: t("importApi.sourceRequired"), listRequired: t("importApi.listRequired") }),
    defaults: importKey ? keyFormFromRecord(importKey) : EMPTY_KEY_FORM,
    submit: (values) => save.mutateAsync({ id: importKey?.id, input: toSaveRequest(values) }),
    success: (answer) => answer.message,
    serverFields: KEY_FORM_ERROR_FIELDS,
  });
  const { control } = form.form;
  const busy = form.pending;
  return (
    <EntityForm form={form} title={t(importKey ? "importApi.editTitle" : "importApi.createTitle")}>
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
    </EntityForm>
  );
}
