import type { Rule } from "@leadflow/contracts";
import { Switch } from "@mui/material";
import { useSnackbar } from "notistack";
import { useCrudUpdate } from "../../../components/crud/crud-api";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { rulesApi } from "../api/rules.api";
import { toggledRequest } from "../model/rule-form";

export interface RuleToggle {
  onToggle: (rule: Rule) => void;
  /** The rule whose switch is being saved. */
  togglingId: number | null;
}

/** Turning a rule on or off from its row saves the rule as it is with the other state. */
export function useRuleToggle(): RuleToggle {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const update = useCrudUpdate(rulesApi);
  return {
    togglingId: update.isPending ? (update.variables?.id ?? null) : null,
    onToggle: (rule) => {
      const is_active = !rule.is_active;
      update.mutate(
        { id: rule.id, input: toggledRequest(rule) },
        {
          onSuccess: () => enqueueSnackbar(t(is_active ? "rules.activated" : "rules.paused", { name: rule.name }), { variant: "success" }),
          onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
        },
      );
    },
  };
}

export function RuleActiveSwitch({ rule, toggle }: { rule: Rule; toggle: RuleToggle }) {
  const t = useT();
  return (
    <Switch
      size="small"
      checked={rule.is_active}
      disabled={toggle.togglingId !== null}
      onChange={() => toggle.onToggle(rule)}
      slotProps={{ input: { "aria-label": t("rules.toggle", { name: rule.name }) } }}
    />
  );
}
