import { describe, expect, it } from "vitest";
import { lookupJob } from "./fixtures";
import { formatBalance, formatMoney, itemsLeft, progressText, showsProgress } from "./lookup-format";

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [1.5, "$1.50"],
    [12.345, "$12.345"],
    [0.0045, "$0.0045"],
    [0.00451, "$0.0045"],
    [1234.5, "$1,234.50"],
    [Number.NaN, "$0.00"],
  ])("%s → %s", (n, text) => expect(formatMoney(n)).toBe(text));
});

describe("formatBalance", () => {
  it.each([
    [10, "$10.00"],
    [8.295, "$8.29"],
    [0.29, "$0.29"],
    [1234.5, "$1,234.50"],
    [0, "$0.00"],
  ])("%s → %s", (n, text) => expect(formatBalance(n)).toBe(text));
});

describe("progress text", () => {
  it.each<[{ type: 1 | 2 | 3; total_count: number; count: number }, string]>([
    [{ type: 1, total_count: 10, count: 9 }, "1 phone left"],
    [{ type: 1, total_count: 10, count: 7 }, "3 phones left"],
    [{ type: 3, total_count: 10, count: 9 }, "1 phone left"],
    [{ type: 2, total_count: 2, count: 1 }, "1 email left"],
    [{ type: 2, total_count: 5, count: 0 }, "5 emails left"],
    [{ type: 1, total_count: 1500, count: 266 }, "1,234 phones left"],
    [{ type: 1, total_count: 10, count: 10 }, "0 phones left"],
  ])("%o → %s", (job, text) => expect(progressText(lookupJob({ status: 1, ...job }))).toBe(text));

  it("says Completed once the lookup completed", () => {
    expect(progressText(lookupJob({ status: 3, total_count: 10, count: 10 }))).toBe("Completed");
  });

  it("says Counting… while a running lookup has not counted its scope yet", () => {
    expect(progressText(lookupJob({ status: 1, total_count: 0, count: 0 }))).toBe("Counting…");
  });

  it("never counts below zero", () => {
    expect(itemsLeft({ total_count: 5, count: 8 })).toBe(0);
  });
});

describe("showsProgress: nothing when the count is 0 and no lookup runs", () => {
  it.each([
    [1, 0, true], // running, even before its items are counted
    [3, 0, true], // just completed: 'Completed'
    [0, 10, true],
    [0, 0, false],
    [2, 10, true],
    [2, 0, false],
    [4, 10, true],
    [4, 0, false],
  ])("status %i with %i left → %s", (status, left, shown) => {
    expect(showsProgress(lookupJob({ status, total_count: 100, count: 100 - left }))).toBe(shown);
  });
});
