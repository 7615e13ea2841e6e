import { describe, expect, it } from "vitest";
import { formatNumber, formatPercent } from "./format";

describe("format", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1234567, "1,234,567"],
    [null, "—"],
    [Number.NaN, "—"],
  ])("formatNumber(%j) → %s", (n, s) => {
    expect(formatNumber(n)).toBe(s);
  });

  it.each([
    [0, "0%"],
    [42.456, "42.5%"],
    [100, "100%"],
    [100.2, "100%"],
    [-1, "0%"],
    [undefined, "—"],
  ])("formatPercent(%j) → %s", (p, s) => {
    expect(formatPercent(p)).toBe(s);
  });
});
