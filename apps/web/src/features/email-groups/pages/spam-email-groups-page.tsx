import type { SpamEmailGroup } from "@leadflow/contracts";
import type { CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { spamEmailGroupsApi } from "../api/email-groups.api";
import { spamGroupColumns } from "../components/spam-group-columns";
import { SpamGroupForm } from "../components/spam-group-form";

const settings: CrudSettingsConfig<SpamEmailGroup> = {
  title: "settings.spamEmailGroups",
  subtitle: "settings.spamEmailGroups.text",
  add: "emailGroups.add",
  api: spamEmailGroupsApi,
  table: { columns: spamGroupColumns, limit: 50, search: "emailGroups.search", empty: "emailGroups.empty" },
  Form: SpamGroupForm,
  remove: { error: "emailGroups.removeError", deleted: "emailGroups.spam.deleted", serverText: false },
};

/** Settings → Spam Email Groups: seed addresses email campaigns copy their messages to. */
export function SpamEmailGroupsPage() {
  return <CrudSettingsPage config={settings} />;
}
