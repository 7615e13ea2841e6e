import { zodResolver } from "@hookform/resolvers/zod";
import { ExportSegment, type SegmentExport } from "@leadflow/contracts";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { FormTextField } from "../../../components/form-dialog/form-text-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useExportSegment } from "../api/exports.api";

export interface ExportSegmentDialogProps {
  open: boolean;
  onClose(): void;
  segmentId: number;
  /** The name the field starts with. */
  segmentName: string;
  /** The table's visible attribute columns, in their order. */
  attributes: number[];
  /** The table's search and order ('key,direction'), so the file shows what the table shows. */
  search?: string;
  order?: string;
  /** The table's status filter. */
  status?: number;
  /** After the export is queued (e.g. to refresh the audience's 'Generating file...' notice). */
  onExported?(created: SegmentExport): void;
}

const NameForm = ExportSegment.pick({ name: true });
type Values = z.input<typeof NameForm>;

/** Export as CSV: a file name (required), then the export is queued and Settings → Export Files has it. */
export function ExportSegmentDialog({
  open,
  onClose,
  segmentId,
  segmentName,
  attributes,
  search,
  order,
  status,
  onExported,
}: ExportSegmentDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const exportSegment = useExportSegment();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, z.infer<typeof NameForm>>({
    resolver: zodResolver(NameForm),
    mode: "onTouched",
    defaultValues: { name: segmentName },
  });

  useEffect(() => {
    if (!open) return;
    reset({ name: segmentName });
    setFormError(null);
  }, [open, segmentName, reset]);

  const submit = handleSubmit(async ({ name }) => {
    setFormError(null);
    try {
      const res = await exportSegment.mutateAsync({
        segmentId,
        name,
        attributes,
        search: search || undefined,
        order: order || undefined,
        status,
      });
      enqueueSnackbar(t("exports.queued"), { variant: "success" });
      onExported?.(res.data);
      onClose();
    } catch (e) {
      if (!applyFieldErrors(e, setError, ["name"])) setFormError(errorMessage(e));
    }
  });

  return (
    <FormDialog
      open={open}
      title={t("exports.dialogTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={exportSegment.isPending}
      error={formError}
      submitLabel={t("exports.export")}
    >
      <FormTextField
        name="name"
        control={control}
        label={t("exports.name")}
        hint={t("exports.nameHint")}
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
      />
    </FormDialog>
  );
}
