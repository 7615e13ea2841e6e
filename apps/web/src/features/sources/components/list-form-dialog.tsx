import { zodResolver } from "@hookform/resolvers/zod";
import { CreateList, type LeadList } from "@leadflow/contracts";
import { FormControlLabel, FormHelperText, Stack, Switch } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { FormTextField } from "../../../components/form-dialog/form-text-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useCreateList, useUpdateList } from "../api/lists.api";

export interface ListFormDialogProps {
  open: boolean;
  sourceId: number;
  /** The list to edit; without it the dialog creates one in `sourceId`. */
  list?: LeadList;
  onClose: () => void;
  onSaved?: (list: LeadList) => void;
}

type Values = z.input<typeof CreateList>;

/** Create/Edit List: a name and the active switch. */
export function ListFormDialog({ open, sourceId, list, onClose, onSaved }: ListFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateList(sourceId);
  const update = useUpdateList();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, CreateList>({
    resolver: zodResolver(CreateList),
    mode: "onTouched",
    defaultValues: { name: "", status: "active" },
  });

  useEffect(() => {
    if (!open) return;
    reset(list ? { name: list.name, status: list.status } : { name: "", status: "active" });
    setFormError(null);
  }, [open, list, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = list ? await update.mutateAsync({ id: list.id, ...values }) : await create.mutateAsync(values);
      enqueueSnackbar(t(list ? "lists.updated" : "lists.created"), { variant: "success" });
      onSaved?.(saved);
      onClose();
    } catch (e) {
      if (!applyFieldErrors(e, setError, ["name", "status"])) setFormError(errorMessage(e));
    }
  });

  return (
    <FormDialog
      open={open}
      title={t(list ? "lists.editTitle" : "lists.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending || update.isPending}
      error={formError}
      submitLabel={list ? undefined : t("lists.create")}
    >
      <FormTextField
        name="name"
        control={control}
        label={t("lists.name")}
        placeholder={t("lists.namePlaceholder")}
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
      />
      <Controller
        name="status"
        control={control}
        render={({ field, fieldState }) => (
          <Stack>
            <FormControlLabel
              label={t("lists.active")}
              control={
                <Switch
                  checked={field.value !== "inactive"}
                  onChange={(e) => field.onChange(e.target.checked ? "active" : "inactive")}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              }
            />
            <FormHelperText error={!!fieldState.error} sx={{ mt: 0, mx: 0 }}>
              {fieldState.error?.message ?? t("lists.activeHint")}
            </FormHelperText>
          </Stack>
        )}
      />
    </FormDialog>
  );
}
