import { zodResolver } from "@hookform/resolvers/zod";
import { CreateSource, type Source, SourceStatuses } from "@leadflow/contracts";
import { MenuItem, TextField } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { FormTextField } from "../../../components/form-dialog/form-text-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useCreateSource, useUpdateSource } from "../api/sources.api";

export interface SourceFormDialogProps {
  open: boolean;
  /** The source to edit; without it the dialog creates one. */
  source?: Source;
  onClose: () => void;
  onSaved?: (source: Source) => void;
}

type Values = z.input<typeof CreateSource>;

/** Create/Edit Source: a name, and the status when editing. */
export function SourceFormDialog({ open, source, onClose, onSaved }: SourceFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateSource();
  const update = useUpdateSource();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, CreateSource>({
    resolver: zodResolver(CreateSource),
    mode: "onTouched",
    defaultValues: { name: "" },
  });

  useEffect(() => {
    if (!open) return;
    reset(source ? { name: source.name, status: source.status } : { name: "" });
    setFormError(null);
  }, [open, source, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = source ? await update.mutateAsync({ id: source.id, ...values }) : await create.mutateAsync(values);
      enqueueSnackbar(t(source ? "sources.updated" : "sources.created"), { variant: "success" });
      onSaved?.(saved);
      onClose();
    } catch (e) {
      if (!applyFieldErrors(e, setError, ["name", "status"])) setFormError(errorMessage(e));
    }
  });

  const busy = create.isPending || update.isPending;
  return (
    <FormDialog
      open={open}
      title={t(source ? "sources.editTitle" : "sources.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={busy}
      error={formError}
      submitLabel={source ? undefined : t("sources.create")}
    >
      <FormTextField
        name="name"
        control={control}
        label={t("sources.name")}
        placeholder={t("sources.namePlaceholder")}
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
      />
      {source && (
        <Controller
          name="status"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t("sources.status")}
              value={field.value ?? ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {SourceStatuses.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`sources.status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </FormDialog>
  );
}
