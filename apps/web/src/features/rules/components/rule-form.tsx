import { hasFixedCoverage, type Rule, RuleParamUnits, type RuleType, RuleTypeList } from "@leadflow/contracts";
import { FormHelperText, Stack } from "@mui/material";
import { useWatch } from "react-hook-form";
import { useCrudSave } from "../../../components/crud/crud-api";
import type { CrudFormProps } from "../../../components/crud/crud-settings-config";
import { EntityForm } from "../../../components/form/entity-form";
import { type FieldSpec, FormFields, nameField } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { type MessageKey, useT } from "../../../lib/i18n";
import { rulesApi } from "../api/rules.api";
import {
  EMPTY_RULE_FORM,
  formErrorPath,
  paramsOfType,
  type RuleFormValues,
  type RuleParamKey,
  ruleFormFromRecord,
  ruleFormResolver,
} from "../model/rule-form";

/** The unit after each param's value; the reset time has a placeholder instead. */
const UNIT_TEXT: Record<string, MessageKey | undefined> = {
  minutes: "rules.unit.minutes",
  days: "rules.unit.days",
  hours: "rules.unit.hours",
  "per minute": "rules.unit.perMinute",
  "%": "rules.unit.percent",
};

function paramField(type: RuleType, key: RuleParamKey, t: ReturnType<typeof useT>): FieldSpec<RuleFormValues> {
  const unit = (RuleParamUnits[type] as Record<string, string>)[key] ?? "";
  // Reset Frequency's count is per its period ("120 messages" every "5 minutes"): "per minute" beside a period of
  // 5 minutes would contradict it.
  const unitKey = type === 4 && key === "frequency_count" ? "rules.unit.messages" : UNIT_TEXT[unit];
  if (key === "reset_time") {
    return { name: "params.reset_time", label: t("rules.field.reset_time"), placeholder: t("rules.resetTimePlaceholder"), maxLength: 10 };
  }
  return { name: `params.${key}`, label: t(`rules.field.${key}`), type: "number", min: 0, ...(unitKey ? { unit: t(unitKey) } : {}) };
}

/** Add New Rule / Edit Rule: the type (fixed once saved), name, the type's params with units, coverage, active. */
export function RuleForm({ entity: rule }: CrudFormProps<Rule>) {
  const t = useT();
  const save = useCrudSave(rulesApi);
  const form = useEntityForm({
    resolver: ruleFormResolver,
    defaults: rule ? ruleFormFromRecord(rule) : EMPTY_RULE_FORM,
    submit: (input) => save.mutateAsync({ id: rule?.id, input }),
    success: t(rule ? "rules.updated" : "rules.created"),
    serverFields: formErrorPath,
  });
  const { control } = form.form;
  const type = useWatch({ control, name: "type" });
  const disabled = form.pending;

  const head: FieldSpec<RuleFormValues>[] = [
    {
      kind: "select",
      name: "type",
      label: t("rules.field.type"),
      required: true,
      disabled: !!rule,
      hint: rule ? t("rules.field.typeLocked") : undefined,
      options: RuleTypeList.map((value) => ({ value, label: t(`rules.type.${value}`) })),
    },
    { ...nameField(t("rules.field.name"), t("rules.field.namePlaceholder")), name: "name", autoFocus: !rule },
  ];
  const tail: FieldSpec<RuleFormValues>[] = [
    {
      kind: "select",
      name: "coverage",
      label: t("rules.field.coverage"),
      // Hidden for Reset and Increase Frequency, which always go with coverage 1.
      hidden: hasFixedCoverage(type),
      options: [{ value: 1, label: t("rules.coverage.1") }],
    },
    { kind: "switch", name: "is_active", label: t("rules.field.active") },
  ];
  return (
    <EntityForm form={form} title={t(rule ? "rules.editTitle" : "rules.createTitle")} submitLabel={rule ? undefined : t("rules.create")}>
      <FormFields fields={head} control={control} disabled={disabled} />
      <Stack spacing={1}>
        <Stack spacing={2}>
          <FormFields fields={paramsOfType(type).map((key) => paramField(type, key, t))} control={control} disabled={disabled} />
        </Stack>
        <FormHelperText sx={{ mx: 0 }}>{t(`rules.help.${type}`)}</FormHelperText>
      </Stack>
      <FormFields fields={tail} control={control} disabled={disabled} />
    </EntityForm>
  );
}
