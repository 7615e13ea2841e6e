import type { CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { type KeywordRow, keywordRowsQuery, keywordsApi } from "../api/keywords.api";
import { keywordColumns } from "../components/keyword-columns";
import { KeywordForm } from "../components/keyword-form";
import { MessagingCard } from "../components/messaging-card";

const settings: CrudSettingsConfig<KeywordRow> = {
  title: "settings.keywords",
  subtitle: "settings.keywords.text",
  add: "keywords.add",
  // The rows carry a name (their words) for the labels and the delete confirmation.
  api: { keys: keywordsApi.keys, listQuery: keywordRowsQuery, remove: keywordsApi.remove },
  table: { columns: keywordColumns, limit: 50, search: "keywords.search", empty: "keywords.empty" },
  // The brand and contact of the system answers, above the keywords that hold them.
  Body: MessagingCard,
  Form: KeywordForm,
  remove: { error: "keywords.removeError", deleted: "keywords.deleted" },
};

/** Settings → Keywords: the opt-out and help answers' brand and contact, the system STOP, START and HELP keywords (locked) and the team's own. */
export function KeywordsPage() {
  return <CrudSettingsPage config={settings} />;
}
