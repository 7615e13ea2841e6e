import { zodResolver } from "@hookform/resolvers/zod";
import { AttributeName, type LeadAttribute } from "@leadflow/contracts";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { FormTextField } from "../../../components/form-dialog/form-text-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useCreateAttribute, useUpdateAttribute } from "../api/attributes.api";

/** The contract's name rule; the sort order is typed as text and must be a whole number from 0. */
const AttributeForm = z.object({
  name: AttributeName,
  sort_order: z.coerce
    .number({ error: "The sort order must be a number." })
    .int("The sort order must be a whole number.")
    .min(0)
    .max(1_000_000),
});
type Values = z.input<typeof AttributeForm>;
type Output = z.output<typeof AttributeForm>;

export interface AttributeFormDialogProps {
  open: boolean;
  /** The attribute to edit; without it the dialog creates one. */
  attribute?: LeadAttribute;
  /** The sort order a new attribute gets unless changed. */
  nextSortOrder: number;
  onClose: () => void;
}

export function AttributeFormDialog({ open, attribute, nextSortOrder, onClose }: AttributeFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateAttribute();
  const update = useUpdateAttribute();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, Output>({
    resolver: zodResolver(AttributeForm),
    mode: "onTouched",
    defaultValues: { name: "", sort_order: nextSortOrder },
  });

  useEffect(() => {
    if (!open) return;
    reset(attribute ? { name: attribute.name, sort_order: attribute.sort_order } : { name: "", sort_order: nextSortOrder });
    setFormError(null);
  }, [open, attribute, nextSortOrder, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (attribute) await update.mutateAsync({ id: attribute.id, ...values });
      else await create.mutateAsync(values);
      enqueueSnackbar(t(attribute ? "attributes.updated" : "attributes.created"), { variant: "success" });
      onClose();
    } catch (e) {
      if (!applyFieldErrors(e, setError, ["name", "sort_order"])) setFormError(errorMessage(e));
    }
  });

  return (
    <FormDialog
      open={open}
      title={t(attribute ? "attributes.editTitle" : "attributes.createTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={create.isPending || update.isPending}
      error={formError}
      submitLabel={attribute ? undefined : t("attributes.create")}
    >
      <FormTextField
        name="name"
        control={control}
        label={t("attributes.name")}
        placeholder={t("attributes.namePlaceholder")}
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: "off" } }}
      />
      <FormTextField
        name="sort_order"
        control={control}
        label={t("attributes.sortOrder")}
        type="number"
        hint={t("attributes.sortOrderHint")}
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: "numeric" } }}
      />
    </FormDialog>
  );
}
