import type { SenderEmailGroup } from "@leadflow/contracts";
import type { CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { senderEmailGroupsApi } from "../api/email-groups.api";
import { senderGroupColumns } from "../components/sender-group-columns";
import { SenderGroupForm } from "../components/sender-group-form";

const settings: CrudSettingsConfig<SenderEmailGroup> = {
  title: "settings.senderEmailGroups",
  subtitle: "settings.senderEmailGroups.text",
  add: "emailGroups.add",
  api: senderEmailGroupsApi,
  table: { columns: senderGroupColumns, limit: 50, search: "emailGroups.search", empty: "emailGroups.empty" },
  Form: SenderGroupForm,
  remove: { error: "emailGroups.removeError", deleted: "emailGroups.sender.deleted", serverText: false },
};

/** Settings → Sender Email Groups: the from names and mailboxes email campaigns rotate through. */
export function SenderEmailGroupsPage() {
  return <CrudSettingsPage config={settings} />;
}
