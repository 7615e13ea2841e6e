import { SaveSpamEmailGroup, type SpamEmailGroup } from "@leadflow/contracts";
import { Controller } from "react-hook-form";
import { useCrudSave } from "../../../components/crud/crud-api";
import type { CrudFormProps } from "../../../components/crud/crud-settings-config";
import { EntityForm } from "../../../components/form/entity-form";
import { nameField } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { spamEmailGroupsApi } from "../api/email-groups.api";
import { EmailChipsInput } from "./email-chips-input";

/** The server names a bad address on `emails.N`: it marks that chip. */
const serverField = (key: string) => (key === "name" || key === "emails" || /^emails\.\d+$/.test(key) ? key : null);

/** Add/Edit a spam email group: its name and its addresses as chips. */
export function SpamGroupForm({ entity: group }: CrudFormProps<SpamEmailGroup>) {
  const t = useT();
  const save = useCrudSave(spamEmailGroupsApi);
  const entityForm = useEntityForm({
    schema: SaveSpamEmailGroup,
    defaults: { name: group?.name ?? "", emails: group?.emails.map((e) => e.email) ?? [] },
    submit: (input) => save.mutateAsync({ id: group?.id, input }),
    success: t(group ? "emailGroups.spam.updated" : "emailGroups.spam.created"),
    serverFields: serverField,
  });
  const { form, pending } = entityForm;
  const errors = form.formState.errors.emails;
  const itemErrors = Array.isArray(errors) ? errors.map((e: { message?: string } | undefined) => e?.message) : [];
  return (
    <EntityForm
      form={entityForm}
      title={t(group ? "emailGroups.spam.editTitle" : "emailGroups.spam.createTitle")}
      submitLabel={group ? undefined : t("emailGroups.create")}
      fields={[nameField(t("emailGroups.name"), t("emailGroups.spam.namePlaceholder"))]}
    >
      <Controller
        name="emails"
        control={form.control}
        render={({ field }) => (
          <EmailChipsInput
            value={field.value}
            onChange={(emails) => {
              // The server's marks point at positions that no longer hold the same address.
              form.clearErrors("emails");
              field.onChange(emails);
            }}
            onBlur={field.onBlur}
            label={t("emailGroups.spam.emails")}
            placeholder={t("emailGroups.spam.emailsPlaceholder")}
            hint={`${t("emailGroups.spam.emailsHint")} ${t("emailGroups.spam.emailsCount", { count: field.value.length })}`}
            error={errors?.message ?? errors?.root?.message}
            itemErrors={itemErrors}
            disabled={pending}
          />
        )}
      />
    </EntityForm>
  );
}
