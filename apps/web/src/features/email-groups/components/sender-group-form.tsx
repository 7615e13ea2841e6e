import { SaveSenderEmailGroup, type SenderEmailGroup } from "@leadflow/contracts";
import { useCrudSave } from "../../../components/crud/crud-api";
import type { CrudFormProps } from "../../../components/crud/crud-settings-config";
import { EntityForm } from "../../../components/form/entity-form";
import { nameField } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { senderEmailGroupsApi } from "../api/email-groups.api";
import { emptyUsername, type SenderGroupValues, UsernamesEditor } from "./usernames-editor";

/** Each row's fields as they are; the list's own error (none, too many) under the list. */
function serverField(key: string): string | null {
  if (key === "name" || /^usernames\.\d+\.(from_name|user_name)$/.test(key)) return key;
  return key === "usernames" ? "usernames.root" : null;
}

/** Add/Edit a sender email group: its name and its rows of from name and user name. */
export function SenderGroupForm({ entity: group }: CrudFormProps<SenderEmailGroup>) {
  const t = useT();
  const save = useCrudSave(senderEmailGroupsApi);
  const defaults: SenderGroupValues = {
    name: group?.name ?? "",
    usernames: group ? group.usernames.map(({ from_name, user_name }) => ({ from_name, user_name })) : [emptyUsername()],
  };
  const entityForm = useEntityForm({
    schema: SaveSenderEmailGroup,
    defaults,
    submit: (input) => save.mutateAsync({ id: group?.id, input }),
    success: t(group ? "emailGroups.sender.updated" : "emailGroups.sender.created"),
    serverFields: serverField,
  });
  return (
    <EntityForm
      form={entityForm}
      title={t(group ? "emailGroups.sender.editTitle" : "emailGroups.sender.createTitle")}
      submitLabel={group ? undefined : t("emailGroups.create")}
      fields={[nameField(t("emailGroups.name"), t("emailGroups.sender.namePlaceholder"))]}
    >
      <UsernamesEditor form={entityForm.form} disabled={entityForm.pending} />
    </EntityForm>
  );
}
