import { type RevenueTracking, SaveRevenueTracking } from "@leadflow/contracts";
import { useCrudSave } from "../../../components/crud/crud-api";
import type { CrudFormProps } from "../../../components/crud/crud-settings-config";
import { EntityForm } from "../../../components/form/entity-form";
import { nameField } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { revenueTrackingsApi } from "../api/revenue-trackings.api";

/** Add/Edit Tracking: a name; the URL and secret are made by the server. */
export function RevenueForm({ entity: tracking }: CrudFormProps<RevenueTracking>) {
  const t = useT();
  const save = useCrudSave(revenueTrackingsApi);
  const form = useEntityForm({
    schema: SaveRevenueTracking,
    defaults: { name: tracking?.name ?? "" },
    submit: (input) => save.mutateAsync({ id: tracking?.id, input }),
    success: t(tracking ? "revenue.updated" : "revenue.created"),
  });
  return (
    <EntityForm
      form={form}
      title={t(tracking ? "revenue.editTitle" : "revenue.createTitle")}
      submitLabel={tracking ? undefined : t("revenue.create")}
      fields={[{ ...nameField(t("revenue.name"), t("revenue.namePlaceholder")), hint: tracking ? t("revenue.nameHint") : undefined }]}
    />
  );
}
