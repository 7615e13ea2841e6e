import { describe, expect, it } from "vitest";
import { formatDollars } from "./money";

describe("formatDollars", () => {
  it.each([
    [0, "$0.00"],
    [6 * 0.0079, "$0.0474"],
    [0.0022, "$0.0022"],
    [0.5, "$0.5000"],
    [0.99996, "$1.00"],
    [1, "$1.00"],
    [12.5, "$12.50"],
    [1234.567, "$1,234.57"],
    [-0.0474, "-$0.0474"],
    [-1.5, "-$1.50"],
    [0.00004, "$0.00"],
  ])("%s reads %s", (n, text) => {
    expect(formatDollars(n)).toBe(text);
  });
});
