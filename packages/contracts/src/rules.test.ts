import { describe, expect, it } from "vitest";
import { normalizeResetTime, SaveRule } from "./rules";

describe("reset time", () => {
  it.each([
    ["09:00 AM", "09:00 AM"],
    ["9:05 pm", "09:05 PM"],
    [" 12:59AM ", "12:59 AM"],
    ["13:00 PM", null],
    ["00:30 AM", null],
    ["9:5 AM", null],
    ["09:00", null],
    ["21:00", null],
  ])("%j → %j", (raw, expected) => {
    expect(normalizeResetTime(raw)).toBe(expected);
  });
});

describe("SaveRule", () => {
  const parse = (v: object) => SaveRule.safeParse(v);

  it("keeps each type's own params, empty numbers 0", () => {
    const r = parse({ type: 3, name: "Email", params: { period: "", frequency_count: 9 } });
    expect(r.success && r.data).toEqual({ type: 3, name: "Email", is_active: true, coverage: 1, params: { period: 0 } });
  });

  it("stores Reset and Increase Frequency with coverage 1 whatever is sent", () => {
    for (const type of [4, 5]) {
      const r = parse({ type, name: "F", coverage: 9, params: { reset_time: "08:00 AM" } });
      expect(r.success && r.data.coverage).toBe(1);
    }
    expect(parse({ type: 1, name: "C", coverage: 9 }).success).toBe(false);
  });

  it("refuses fractions, negatives and numbers past the limit", () => {
    for (const period of [1.5, -1, 525_601, "ten"]) expect(parse({ type: 1, name: "C", params: { period } }).success).toBe(false);
    expect(parse({ type: 1, name: "C", params: { period: "525600" } }).success).toBe(true);
  });
});
