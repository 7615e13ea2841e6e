import { DNC_RULE_DEFAULT_DAYS, DncRule } from "@leadflow/contracts";
import { Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { FormFields } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { dncRuleQuery, useSaveDncRule } from "../api/dnc-rule.api";

export const DEFAULT_DNC_RULE: DncRule = { enabled: true, days: DNC_RULE_DEFAULT_DAYS };

/** DNC freshness: marketing texts wait for a Do Not Call check no older than N days. */
export function DncRuleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = useQuery({ ...dncRuleQuery(), enabled: open });
  return (
    <EntityFormDialog open={open} onClose={onClose} entity={current.data} entityKey={(rule) => (rule ? "loaded" : "loading")}>
      {(rule) => <DncRuleForm rule={rule} loadError={current.error} />}
    </EntityFormDialog>
  );
}

function DncRuleForm({ rule, loadError }: { rule: DncRule | undefined; loadError: unknown }) {
  const t = useT();
  const save = useSaveDncRule();
  const form = useEntityForm({
    schema: DncRule,
    defaults: rule ?? DEFAULT_DNC_RULE,
    submit: (values) => save.mutateAsync(values),
    success: (answer) => answer.message || t("compliance.dncRule.saved"),
  });
  const enabled = form.form.watch("enabled");
  return (
    <EntityForm form={form} title={t("compliance.dncRule.title")} submitDisabled={!rule} error={loadError ? errorMessage(loadError) : null}>
      <Typography variant="body2" color="text.secondary">
        {t("compliance.dncRule.text")}
      </Typography>
      {rule ? (
        <FormFields
          control={form.form.control}
          disabled={form.pending}
          fields={[
            { kind: "switch", name: "enabled", label: t("compliance.dncRule.enabled") },
            {
              name: "days",
              type: "number",
              required: true,
              label: t("compliance.dncRule.days"),
              min: 1,
              max: 365,
              unit: t("compliance.dncRule.unit"),
              disabled: !enabled,
              hint: t("compliance.dncRule.daysHint", { days: DNC_RULE_DEFAULT_DAYS }),
            },
          ]}
        />
      ) : (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={38} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      )}
    </EntityForm>
  );
}
