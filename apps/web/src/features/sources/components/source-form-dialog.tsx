import { CreateSource, type Source, SourceStatuses } from "@leadflow/contracts";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { nameField } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { useCreateSource, useUpdateSource } from "../api/sources.api";

export interface SourceFormDialogProps {
  open: boolean;
  /** The source to edit; without it the dialog creates one. */
  source?: Source;
  onClose: () => void;
  onSaved?: (source: Source) => void;
}

/** Create/Edit Source: a name, and the status when editing. */
export function SourceFormDialog({ open, source, onClose, onSaved }: SourceFormDialogProps) {
  return (
    <EntityFormDialog open={open} entity={source} onClose={onClose}>
      {(shown) => <SourceForm source={shown} onSaved={onSaved} />}
    </EntityFormDialog>
  );
}

function SourceForm({ source, onSaved }: Pick<SourceFormDialogProps, "source" | "onSaved">) {
  const t = useT();
  const create = useCreateSource();
  const update = useUpdateSource();
  const form = useEntityForm({
    schema: CreateSource,
    defaults: source ? { name: source.name, status: source.status } : { name: "" },
    submit: (values) => (source ? update.mutateAsync({ id: source.id, ...values }) : create.mutateAsync(values)),
    success: t(source ? "sources.updated" : "sources.created"),
    onSaved,
  });
  const statuses = SourceStatuses.map((s) => ({ value: s, label: t(`sources.status.${s}`) }));
  return (
    <EntityForm
      form={form}
      title={t(source ? "sources.editTitle" : "sources.createTitle")}
      submitLabel={source ? undefined : t("sources.create")}
      fields={[
        nameField(t("sources.name"), t("sources.namePlaceholder")),
        { name: "status", kind: "select", label: t("sources.status"), options: statuses, hidden: !source },
      ]}
    />
  );
}
