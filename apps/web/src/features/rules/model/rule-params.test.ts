import type { Rule } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { ruleParamsText } from "./rule-params";

const base = { id: 1, name: "R", type_label: "", is_active: true, coverage: 1, created_at: "2026-01-01T00:00:00Z" };

describe("ruleParamsText", () => {
  it.each<[Rule, string]>([
    [{ ...base, type: 1, params: { period: 30 } }, "30 minutes"],
    [{ ...base, type: 1, params: { period: 1 } }, "1 minute"],
    [{ ...base, type: 2, params: { period: 7 } }, "7 days"],
    [{ ...base, type: 3, params: { period: 1500 } }, "1,500 hours"],
    [{ ...base, type: 4, params: { frequency_count: 100, frequency_period: 1, reset_time: "09:00 AM" } }, "100 / min at 09:00 AM"],
    [{ ...base, type: 4, params: { frequency_count: 100, frequency_period: 5, reset_time: "06:30 PM" } }, "100 / 5 min at 06:30 PM"],
    [
      { ...base, type: 5, params: { profit_percent: 20, increase_percent: 10, max_frequency: 300 } },
      "+10% while profit ≥ 20%, up to 300 / min",
    ],
  ])("%#: %s", (rule, text) => {
    expect(ruleParamsText(rule)).toBe(text);
  });
});
