import { type LookupJob, LookupStatuses, SaveLookup } from "@leadflow/contracts";
import { Button, FormControlLabel, MenuItem, Switch, TextField } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useRef, useState } from "react";
import { Controller, useController, useForm } from "react-hook-form";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useSaveLookup } from "../api/lookups.api";
import { EMPTY_LOOKUP_FORM, type LookupFormValues, lookupFormFromJob, lookupFormResolver, toSaveLookupInput } from "../model/lookup-form";
import { isLookupFinished } from "../model/lookup-status";
import { GatewayPicker } from "./gateway-picker";
import { SourceListSelect } from "./source-list-select";

const FIELDS: Record<string, keyof LookupFormValues> = {
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

/** Add / Edit Lookup (spec 2 §2 Lookup list page, §3 Lookup form). */
export function LookupFormDialog({ open, job, onClose, onDelete }: LookupFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveLookup();
  // While the dialog fades out the page has let go of the job: keep its title until then.
  const shown = useRef(job);
  if (open) shown.current = job;
  const editing = shown.current;
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, setValue, watch } = useForm<LookupFormValues>({
    resolver: lookupFormResolver,
    mode: "onTouched",
    defaultValues: EMPTY_LOOKUP_FORM,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening (and per job)
  useEffect(() => {
    if (!open) return;
    reset(job ? lookupFormFromJob(job) : EMPTY_LOOKUP_FORM);
    setFormError(null);
    save.reset();
  }, [open, job?.id, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync({ id: job?.id, input: SaveLookup.parse(toSaveLookupInput(values)) });
      enqueueSnackbar(answer.message || t(job ? "lookups.form.updated" : "lookups.form.created"), { variant: "success" });
      onClose();
    } catch (e) {
      let applied = false;
      if (e instanceof ApiError && e.errors) {
        for (const [field, messages] of Object.entries(e.errors)) {
          const name = FIELDS[field];
          if (name && messages[0]) {
            setError(name, { type: "server", message: messages[0] });
            applied = true;
          }
        }
      }
      if (!applied) setFormError(errorMessage(e));
    }
  });

  const source = useController({ control, name: "source" });
  const list = useController({ control, name: "list_id" });
  const busy = save.isPending;
  const type = watch("lead_type");
  const running = editing?.status === LookupStatuses.running;
  const finished = editing ? isLookupFinished(editing.status) : false;
  // The server keeps a started lookup's type, source and list: its items were taken from them.
  const locked = !!editing?.started_at;
  return (
    <FormDialog
      open={open}
      title={editing ? t("lookups.form.editTitle", { id: editing.id }) : t("lookups.form.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={busy}
      error={formError}
      submitLabel={editing ? undefined : t("lookups.form.create")}
      extraActions={
        editing && onDelete ? (
          <Button color="error" onClick={() => onDelete(editing)} disabled={busy} sx={{ mr: "auto" }}>
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
            autoSelectOnly={!editing}
          />
        )}
      />
      <SourceListSelect
        source={source.field.value}
        listId={list.field.value}
        knownList={editing?.list}
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
    </FormDialog>
  );
}
