import type { Rule } from "@leadflow/contracts";
import type { CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { rulesApi } from "../api/rules.api";
import { type RuleToggle, useRuleToggle } from "../components/rule-active-switch";
import { ruleColumns } from "../components/rule-columns";
import { useRuleFilters } from "../components/rule-filters";
import { RuleForm } from "../components/rule-form";

interface RuleExtras {
  toggle: RuleToggle;
}

function useRuleExtras(): RuleExtras {
  return { toggle: useRuleToggle() };
}

const settings: CrudSettingsConfig<Rule, RuleExtras> = {
  title: "settings.rules",
  subtitle: "settings.rules.text",
  add: "rules.add",
  api: rulesApi,
  useExtras: useRuleExtras,
  table: {
    columns: ruleColumns,
    limit: 50,
    sort: { key: "created_at", direction: "desc" },
    search: "rules.search",
    empty: "rules.empty",
    useFilters: useRuleFilters,
  },
  Form: RuleForm,
  remove: { error: "rules.removeError", deleted: "rules.deleted" },
};

/** Settings → Rules: cool-offs and frequency rules campaigns follow, with type and active filters. */
export function RulesPage() {
  return <CrudSettingsPage config={settings} />;
}
