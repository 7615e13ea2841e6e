import { CreateList, type LeadList } from "@leadflow/contracts";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { nameField } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
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

/** Create/Edit List: a name and the active switch. */
export function ListFormDialog({ open, sourceId, list, onClose, onSaved }: ListFormDialogProps) {
  return (
    <EntityFormDialog open={open} entity={list} onClose={onClose}>
      {(shown) => <ListForm sourceId={sourceId} list={shown} onSaved={onSaved} />}
    </EntityFormDialog>
  );
}

function ListForm({ sourceId, list, onSaved }: Pick<ListFormDialogProps, "sourceId" | "list" | "onSaved">) {
  const t = useT();
  const create = useCreateList(sourceId);
  const update = useUpdateList();
  const form = useEntityForm({
    schema: CreateList,
    defaults: list ? { name: list.name, status: list.status } : { name: "", status: "active" },
    submit: (values) => (list ? update.mutateAsync({ id: list.id, ...values }) : create.mutateAsync(values)),
    success: t(list ? "lists.updated" : "lists.created"),
    onSaved,
  });
  return (
    <EntityForm
      form={form}
      title={t(list ? "lists.editTitle" : "lists.createTitle")}
      submitLabel={list ? undefined : t("lists.create")}
      fields={[
        nameField(t("lists.name"), t("lists.namePlaceholder")),
        { name: "status", kind: "switch", label: t("lists.active"), hint: t("lists.activeHint"), values: ["active", "inactive"] },
      ]}
    />
  );
}
