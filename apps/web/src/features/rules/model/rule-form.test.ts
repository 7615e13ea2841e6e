import type { Rule } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import {
  EMPTY_RULE_FORM,
  formErrorPath,
  paramsOfType,
  ruleFormFromRecord,
  ruleFormResolver,
  toggledRequest,
  toSaveRequest,
} from "./rule-form";

const resolve = (values: typeof EMPTY_RULE_FORM) =>
  ruleFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false, criteriaMode: "firstError" });

describe("rule form", () => {
  it("sends the chosen type's params only, and coverage 1 for the frequency rules", () => {
    const values = {
      ...EMPTY_RULE_FORM,
      type: 5 as const,
      name: "Scale",
      coverage: 3,
      params: { ...EMPTY_RULE_FORM.params, period: "9", profit_percent: "20", increase_percent: "10", max_frequency: "300" },
    };
    expect(toSaveRequest(values)).toEqual({
      type: 5,
      name: "Scale",
      is_active: true,
      coverage: 1,
      params: { profit_percent: "20", increase_percent: "10", max_frequency: "300" },
    });
    expect(paramsOfType(4)).toEqual(["frequency_count", "frequency_period", "reset_time"]);
  });

  it("fills a saved rule's fields and leaves the others empty", () => {
    const rule: Rule = {
      id: 3,
      name: "Reset",
      type: 4,
      type_label: "Reset Frequency",
      is_active: false,
      coverage: 1,
      params: { frequency_count: 100, frequency_period: 5, reset_time: "09:00 AM" },
      created_at: "2026-01-01T00:00:00Z",
    };
    expect(toggledRequest(rule)).toEqual({ type: 4, name: "Reset", coverage: 1, params: rule.params, is_active: true });
    expect(ruleFormFromRecord(rule)).toMatchObject({
      type: 4,
      is_active: false,
      params: { frequency_count: "100", frequency_period: "5", reset_time: "09:00 AM", period: "" },
    });
  });

  it("checks with the contract and puts its messages on the fields", async () => {
    const bad = await resolve({ ...EMPTY_RULE_FORM, params: { ...EMPTY_RULE_FORM.params, period: "1.5" } });
    expect(bad.errors).toEqual({
      name: { type: "validate", message: "The name field is required." },
      params: { period: { type: "validate", message: "The period must be a whole number." } },
    });
    const good = await resolve({ ...EMPTY_RULE_FORM, name: "Cool", params: { ...EMPTY_RULE_FORM.params, period: "" } });
    expect(good.errors).toEqual({});
    expect(formErrorPath("params.reset_time")).toBe("params.reset_time");
    expect(formErrorPath("params.other")).toBeNull();
  });
});
