import { type LookupJob, LookupStatuses, SaveLookup } from "@leadflow/contracts";
import { Button, FormControlLabel, MenuItem, Switch, TextField } from "@mui/material";
import { Controller, useController } from "react-hook-form";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { useSaveLookup } from "../api/lookups.api";
import { EMPTY_LOOKUP_FORM, type LookupFormValues, lookupFormFromJob, lookupFormResolver, toSaveLookupInput } from "../model/lookup-form";
import { isLookupFinished } from "../model/lookup-status";
import { GatewayPicker } from "./gateway-picker";
import { SourceListSelect } from "./source-list-select";

/** The request's field names → the dialog's fields. */
const SERVER_FIELDS: Record<string, keyof LookupFormValues> = {
  lead_type: "lead_type",
  setting_gateway_id: "setting_gateway_id",
  source_id: "source",
  list_id: "list_id",
  status: "start",
};

export interface LookupFormDialogProps {
  open: boolean;
  /** The lookup to edit; without it the dialog creates one. */
  job?: LookupJob;
  onClose: () => void;
  onDelete?: (job: LookupJob) => void;
}

/** Add / Edit Lookup (docs/product/audiences-lookups-settings.md). */
export function LookupFormDialog({ open, job, onClose, onDelete }: LookupFormDialogProps) {
  return (
    <EntityFormDialog open={open} entity={job} onClose={onClose}>
      {(shown) => <LookupForm job={shown} onDelete={onDelete} />}
    </EntityFormDialog>
  );
}

function LookupForm({ job, onDelete }: Pick<LookupFormDialogProps, "job" | "onDelete">) {
  const t = useT();
  const save = useSaveLookup();
  const entityForm = useEntityForm({
    resolver: lookupFormResolver,
    defaults: job ? lookupFormFromJob(job) : EMPTY_LOOKUP_FORM,
    submit: (values) => save.mutateAsync({ id: job?.id, input: SaveLookup.parse(toSaveLookupInput(values)) }),
    success: (answer) => answer.message || t(job ? "lookups.form.updated" : "lookups.form.created"),
    serverFields: SERVER_FIELDS,
  });
  const { control, setValue, watch } = entityForm.form;
  const source = useController({ control, name: "source" });
  const list = useController({ control, name: "list_id" });
  const busy = entityForm.pending;
  const type = watch("lead_type");
  const running = job?.status === LookupStatuses.running;
  const finished = job ? isLookupFinished(job.status) : false;
  // The server keeps a started lookup's type, source and list: its items were taken from them.
  const locked = !!job?.started_at;
  return (
    <EntityForm
      form={entityForm}
      title={job ? t("lookups.form.editTitle", { id: job.id }) : t("lookups.form.createTitle")}
      submitLabel={job ? undefined : t("lookups.form.create")}
      extraActions={
        job && onDelete ? (
          <Button color="error" onClick={() => onDelete(job)} disabled={busy} sx={{ mr: "auto" }}>
            {t("common.delete")}
          </Button>
        ) : undefined
      }
    >
      <Controller
        name="lead_type"
        control={control}
        render={({ field }) => (
          <TextField
            select
            required
            label={t("lookups.form.type")}
            value={field.value}
            disabled={busy || locked}
            helperText={locked ? t("lookups.form.locked") : undefined}
            onChange={(e) => {
              field.onChange(Number(e.target.value));
              // Gateways are of one kind: an SMS lookup gateway cannot verify emails.
              setValue("setting_gateway_id", null);
            }}
          >
            <MenuItem value={1}>{t("lookups.form.typeSms")}</MenuItem>
            <MenuItem value={2}>{t("lookups.form.typeEmail")}</MenuItem>
          </TextField>
        )}
      />
      <Controller
        name="setting_gateway_id"
        control={control}
        render={({ field, fieldState }) => (
          <GatewayPicker
            kind={type === 2 ? "email_lookup" : "sms_lookup"}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            disabled={busy}
            autoSelectOnly={!job}
          />
        )}
      />
      <SourceListSelect
        source={source.field.value}
        listId={list.field.value}
        knownList={job?.list}
        onSourceChange={source.field.onChange}
        onListChange={list.field.onChange}
        onSourceBlur={source.field.onBlur}
        sourceError={source.fieldState.error?.message}
        disabled={busy || locked}
      />
      <Controller
        name="start"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} disabled={busy || running} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t(running ? "lookups.form.running" : finished ? "lookups.form.runAgain" : "lookups.form.startNow")}
          />
        )}
      />
    </EntityForm>
  );
}
