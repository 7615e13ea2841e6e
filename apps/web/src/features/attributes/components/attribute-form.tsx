import { AttributeName, type LeadAttribute } from "@leadflow/contracts";
import { z } from "zod";
import { useCrudCreate, useCrudUpdate } from "../../../components/crud/crud-api";
import type { CrudFormProps } from "../../../components/crud/crud-settings-config";
import { EntityForm } from "../../../components/form/entity-form";
import { nameField } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { attributesApi } from "../api/attributes.api";

/** The contract's name rule; the sort order is typed as text and must be a whole number from 0. */
const AttributeFields = z.object({
  name: AttributeName,
  sort_order: z.coerce
    .number({ error: "The sort order must be a number." })
    .int("The sort order must be a whole number.")
    .min(0)
    .max(1_000_000),
});

export interface AttributeExtras {
  /** The sort order a new attribute gets unless changed. */
  nextSortOrder: number;
}

/** Create/Edit attribute: a name and the sort order. */
export function AttributeForm({ entity: attribute, extras: { nextSortOrder } }: CrudFormProps<LeadAttribute, AttributeExtras>) {
  const t = useT();
  const create = useCrudCreate(attributesApi);
  const update = useCrudUpdate(attributesApi);
  const form = useEntityForm({
    schema: AttributeFields,
    defaults: attribute ? { name: attribute.name, sort_order: attribute.sort_order } : { name: "", sort_order: nextSortOrder },
    submit: (values) => (attribute ? update.mutateAsync({ id: attribute.id, input: values }) : create.mutateAsync(values)),
    success: t(attribute ? "attributes.updated" : "attributes.created"),
  });
  return (
    <EntityForm
      form={form}
      title={t(attribute ? "attributes.editTitle" : "attributes.createTitle")}
      submitLabel={attribute ? undefined : t("attributes.create")}
      fields={[
        nameField(t("attributes.name"), t("attributes.namePlaceholder"), 100),
        { name: "sort_order", type: "number", label: t("attributes.sortOrder"), hint: t("attributes.sortOrderHint"), min: 0 },
      ]}
    />
  );
}
