import type { LeadAttribute } from "@leadflow/contracts";
import type { CrudPageState, CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { attributesApi } from "../api/attributes.api";
import { attributeColumns } from "../components/attribute-columns";
import { AttributeDeleteMessage } from "../components/attribute-delete-message";
import { type AttributeExtras, AttributeForm } from "../components/attribute-form";

/** New attributes go after the last one; the total is a floor when the page does not show the largest order. */
const nextSortOrder = ({ rows = [], total = 0 }: CrudPageState<LeadAttribute>) => Math.max(total, ...rows.map((a) => a.sort_order + 1));

const settings: CrudSettingsConfig<LeadAttribute, AttributeExtras> = {
  title: "settings.systemAttributes",
  subtitle: "settings.systemAttributes.text",
  add: "attributes.add",
  api: attributesApi,
  useExtras: (page) => ({ nextSortOrder: nextSortOrder(page) }),
  // 50 attributes per page.
  table: {
    columns: attributeColumns,
    limit: 50,
    sort: { key: "sort_order", direction: "asc" },
    search: "attributes.search",
    empty: "attributes.empty",
  },
  Form: AttributeForm,
  remove: { Message: AttributeDeleteMessage, error: "attributes.removeError", deleted: "attributes.deleted", serverText: false },
};

/** Settings (index tab) → System Attributes: the team's lead attributes with create, edit and delete. */
export function SystemAttributesPage() {
  return <CrudSettingsPage config={settings} />;
}
