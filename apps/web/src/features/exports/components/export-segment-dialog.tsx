import { ExportSegment, type SegmentExport } from "@leadflow/contracts";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { useEntityForm } from "../../../components/form/use-entity-form";
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

/** Export as CSV: a file name (required), then the export is queued and Settings → Export Files has it. */
export function ExportSegmentDialog({ open, onClose, ...props }: ExportSegmentDialogProps) {
  return (
    <EntityFormDialog open={open} onClose={onClose} entityKey={() => props.segmentId}>
      {() => <ExportForm {...props} />}
    </EntityFormDialog>
  );
}

function ExportForm({
  segmentId,
  segmentName,
  attributes,
  search,
  order,
  status,
  onExported,
}: Omit<ExportSegmentDialogProps, "open" | "onClose">) {
  const t = useT();
  const exportSegment = useExportSegment();
  const form = useEntityForm({
    schema: NameForm,
    defaults: { name: segmentName },
    submit: ({ name }) =>
      exportSegment.mutateAsync({ segmentId, name, attributes, search: search || undefined, order: order || undefined, status }),
    success: t("exports.queued"),
    onSaved: (res) => onExported?.(res.data),
  });
  return (
    <EntityForm
      form={form}
      title={t("exports.dialogTitle")}
      submitLabel={t("exports.export")}
      fields={[{ name: "name", label: t("exports.name"), hint: t("exports.nameHint"), autoFocus: true, required: true, maxLength: 191 }]}
    />
  );
}
