import { describe, expect, it } from "vitest";
import { readRuleFilters, ruleFilterParams, writeRuleFilters } from "./rule-filters";

describe("rule filters", () => {
  it("reads only values the list knows", () => {
    expect(readRuleFilters(new URLSearchParams("type=4&active=0"))).toEqual({ type: 4, active: false });
    expect(readRuleFilters(new URLSearchParams("type=9&active=yes"))).toEqual({});
  });

  it("writes them back to page 1 and keeps the table's own params", () => {
    const out = writeRuleFilters(new URLSearchParams("page=3&search=cool&type=1"), { active: true });
    expect(out.toString()).toBe("search=cool&active=1");
  });

  it("sends is_active, not the URL's name", () => {
    expect(ruleFilterParams({ type: 2, active: false })).toEqual({ type: 2, is_active: false });
    expect(ruleFilterParams({})).toEqual({});
  });
});
