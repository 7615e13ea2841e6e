import { describe, expect, it } from "vitest";
import { formatRevenue } from "./revenue-format";

describe("formatRevenue", () => {
  it.each([
    [0, "$0.00"],
    [12.5, "$12.50"],
    [1234.5678, "$1,234.57"],
    [0.004, "$0.00"],
    [-3.2, "-$3.20"],
    [null, "$0.00"],
    [Number.NaN, "$0.00"],
  ])("%s → %s", (n, text) => expect(formatRevenue(n)).toBe(text));
});
