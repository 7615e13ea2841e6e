import { hasFixedCoverage, type Rule, RuleParamUnits, type RuleType, SaveRule, type SaveRuleInput } from "@leadflow/contracts";
import type { FieldErrors, Resolver } from "react-hook-form";

/** Every type's param, typed as text: the dialog keeps what was typed for each while the type changes. */
export interface RuleParamValues {
  period: string;
  frequency_count: string;
  frequency_period: string;
  reset_time: string;
  profit_percent: string;
  increase_percent: string;
  max_frequency: string;
}
export type RuleParamKey = keyof RuleParamValues;

export interface RuleFormValues {
  type: RuleType;
  name: string;
  is_active: boolean;
  coverage: number;
  params: RuleParamValues;
}

/** The params a type has, in the dialog's order (docs/product/audiences-lookups-settings.md). */
export const paramsOfType = (type: RuleType): RuleParamKey[] => Object.keys(RuleParamUnits[type]) as RuleParamKey[];

const NO_PARAMS: RuleParamValues = {
  period: "",
  frequency_count: "",
  frequency_period: "1",
  reset_time: "",
  profit_percent: "",
  increase_percent: "",
  max_frequency: "",
};

export const EMPTY_RULE_FORM: RuleFormValues = { type: 1, name: "", is_active: true, coverage: 1, params: NO_PARAMS };

export function ruleFormFromRecord(rule: Rule): RuleFormValues {
  const params = { ...NO_PARAMS };
  for (const [key, value] of Object.entries(rule.params)) params[key as RuleParamKey] = String(value);
  return { type: rule.type, name: rule.name, is_active: rule.is_active, coverage: rule.coverage, params };
}

/** The request: the chosen type's params only; Reset and Increase Frequency always go with coverage 1. */
export function toSaveRequest(v: RuleFormValues): SaveRuleInput {
  const params = Object.fromEntries(paramsOfType(v.type).map((key) => [key, v.params[key]]));
  return {
    type: v.type,
    name: v.name,
    is_active: v.is_active,
    coverage: hasFixedCoverage(v.type) ? 1 : v.coverage,
    params,
  } as SaveRuleInput;
}

/** A saved rule sent back as it is but for its active state (the table's switch). */
export const toggledRequest = (rule: Rule): SaveRuleInput =>
  ({ type: rule.type, name: rule.name, coverage: rule.coverage, params: rule.params, is_active: !rule.is_active }) as SaveRuleInput;

/** Where a 422's field error goes: the request's paths are the form's (`params.period`). */
const FORM_PATHS = new Set(["type", "name", "is_active", "coverage", ...Object.keys(NO_PARAMS).map((k) => `params.${k}`)]);
export const formErrorPath = (serverKey: string): string | null => (FORM_PATHS.has(serverKey) ? serverKey : null);

/** `{ "params.period": "…" }` → react-hook-form's nested errors. */
function nestedErrors(flat: Record<string, string>): FieldErrors<RuleFormValues> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const [head, tail] = path.split(".", 2) as [string, string | undefined];
    if (tail === undefined) out[head] = { type: "validate", message };
    else out[head] = { ...(out[head] as object), [tail]: { type: "validate", message } };
  }
  return out as FieldErrors<RuleFormValues>;
}

/** The contract's own check on the request the form would send, its messages on the form's fields. */
export const ruleFormResolver: Resolver<RuleFormValues, unknown, SaveRuleInput> = async (values) => {
  const request = toSaveRequest(values);
  const result = SaveRule.safeParse(request);
  if (result.success) return { values: request, errors: {} };
  const flat: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = formErrorPath(issue.path.join("."));
    if (path) flat[path] ??= issue.message;
  }
  return { values: {}, errors: nestedErrors(flat) };
};
