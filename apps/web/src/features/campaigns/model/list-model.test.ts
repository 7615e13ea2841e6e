import { campaignProgress } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { batchResultToasts, bulkStatusChoices, statusChoices } from "./bulk-status";
import { formatMoney, formatShare } from "./format";
import { customRangeProblem, periodParams, readPeriod, writePeriod } from "./period";
import { parseStoredTypes, readStoredTypes, TYPE_FILTER_STORAGE_KEY, writeStoredTypes } from "./type-filter";

describe("periodParams", () => {
  it.each([
    [{ choice: "today", from: "", to: "" }, { period: "today" }],
    [{ choice: "last_month", from: "2026-01-01", to: "2026-01-31" }, { period: "last_month" }],
    [{ choice: "all_time", from: "", to: "" }, { period: "all_time" }],
    [
      { choice: "custom", from: "2026-01-01", to: "2026-01-31" },
      { stat_from: "2026-01-01", stat_to: "2026-01-31" },
    ],
    [{ choice: "custom", from: "2026-01-01", to: "" }, { period: "today" }],
    [{ choice: "custom", from: "2026-02-01", to: "2026-01-01" }, { period: "today" }],
    [{ choice: "custom", from: "2026-13-45", to: "2026-14-01" }, { period: "today" }],
  ] as const)("%j → %j", (state, expected) => {
    expect(periodParams(state)).toEqual(expected);
  });

  it("names why a custom range is not used", () => {
    expect(customRangeProblem({ choice: "custom", from: "2026-01-01", to: "" })).toBe("incomplete");
    expect(customRangeProblem({ choice: "custom", from: "2026-02-01", to: "2026-01-01" })).toBe("order");
    expect(customRangeProblem({ choice: "custom", from: "2026-01-01", to: "2026-01-01" })).toBeNull();
    expect(customRangeProblem({ choice: "today", from: "x", to: "" })).toBeNull();
  });
});

describe("progress", () => {
  it.each([
    [0, 100, 1, 0],
    [50, 100, 1, 50],
    [150, 100, 2, 75],
    [500, 100, 2, 100],
    [5, 0, 1, 0],
    [1, 3, 1, 33.33],
  ])("processed %d of %d records × %d steps → %d%%", (processed, records, steps, expected) => {
    expect(campaignProgress(processed, records, steps)).toBe(expected);
  });
});

describe("formatMoney / formatShare", () => {
  it.each([
    [0, "$0.00"],
    [1234.5, "$1,234.50"],
    [0.0075, "$0.0075"],
    [-2.5, "-$2.50"],
    [0.01, "$0.0100"],
    [6 * 0.0079, "$0.0474"],
    [0.9999, "$0.9999"],
    [Number.NaN, "—"],
  ])("%d → %s", (n, text) => {
    expect(formatMoney(n)).toBe(text);
  });

  it("shows shares as given, two decimals at most", () => {
    expect(formatShare(42.5)).toBe("42.5%");
    expect(formatShare(33.333)).toBe("33.33%");
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(undefined)).toBe("—");
  });
});

describe("type filter storage", () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      data,
    };
  };

  it("keeps known types in the contract's order and drops the rest", () => {
    expect(parseStoredTypes('["email","bogus","sms"]')).toEqual(["sms", "email"]);
    expect(parseStoredTypes("not json")).toEqual([]);
    expect(parseStoredTypes('{"a":1}')).toEqual([]);
    expect(parseStoredTypes(null)).toEqual([]);
  });

  it("writes, reads back and forgets an empty filter", () => {
    const store = memory();
    writeStoredTypes(["automation", "email_automation"], store);
    expect(readStoredTypes(store)).toEqual(["automation", "email_automation"]);
    writeStoredTypes([], store);
    expect(store.data.has(TYPE_FILTER_STORAGE_KEY)).toBe(false);
    expect(readStoredTypes(store)).toEqual([]);
  });
});

describe("Set status", () => {
  const manual = [
    { key: "draft", label: "Draft" },
    { key: "active", label: "Active" },
    { key: "paused", label: "Paused" },
    { key: "stop", label: "Stop" },
  ];

  it("offers the manual list minus the current status", () => {
    expect(statusChoices(manual, ["active"]).map((o) => o.key)).toEqual(["draft", "paused", "stop"]);
    expect(statusChoices(manual, ["paused", "paused"]).map((o) => o.key)).toEqual(["draft", "active", "stop"]);
  });

  it("offers every status when the selection is mixed or off this page", () => {
    expect(statusChoices(manual, ["active", "draft"])).toHaveLength(4);
    expect(statusChoices(manual, [])).toHaveLength(4);
  });

  it("offers the list's selection only the moves every selected campaign may make", () => {
    const keys = (selected: Parameters<typeof bulkStatusChoices>[1]) => bulkStatusChoices(manual, selected).map((o) => o.key);
    // A Completed campaign may go Active again, never back to Draft, Paused or Stop.
    expect(keys([{ status: "completed" }])).toEqual(["active"]);
    expect(keys([{ status: "active" }])).toEqual(["paused", "stop"]);
    expect(keys([{ status: "draft" }])).toEqual(["active", "stop"]);
    expect(keys([{ status: "stop" }])).toEqual([]);
    // Mixed: what all of them allow.
    expect(keys([{ status: "completed" }, { status: "paused" }])).toEqual(["active"]);
    expect(keys([{ status: "active" }, { status: "draft" }])).toEqual(["stop"]);
    // Active with a start ahead is Scheduled: allowed from Completed, and from Draft.
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    expect(keys([{ status: "draft", started_at: ahead }])).toEqual(["active", "stop"]);
    // Nothing known of the selection: the whole list, the server answers per campaign.
    expect(keys([])).toHaveLength(4);
  });

  it("makes one toast per info and per error", () => {
    expect(batchResultToasts({ info: ["A is active."], errors: ["B has no audience.", "C has no step."] })).toEqual([
      { message: "A is active.", variant: "info" },
      { message: "B has no audience.", variant: "error" },
      { message: "C has no step.", variant: "error" },
    ]);
  });
});

describe("the period in the URL", () => {
  it("reads today when absent or unknown, a named period, and a custom range with its days", () => {
    expect(readPeriod(new URLSearchParams(""))).toEqual({ choice: "today", from: "", to: "" });
    expect(readPeriod(new URLSearchParams("period=forever"))).toEqual({ choice: "today", from: "", to: "" });
    expect(readPeriod(new URLSearchParams("period=all_time&from=2026-01-01"))).toEqual({ choice: "all_time", from: "", to: "" });
    expect(readPeriod(new URLSearchParams("period=custom&from=2026-03-01&to=2026-03-10"))).toEqual({
      choice: "custom",
      from: "2026-03-01",
      to: "2026-03-10",
    });
  });

  it("writes beside the table's parameters, leaving nothing for today, and reads back what it wrote", () => {
    const base = new URLSearchParams("page=2&limit=50&period=this_week");
    expect(writePeriod(base, { choice: "today", from: "", to: "" }).toString()).toBe("page=2&limit=50");
    const custom = writePeriod(base, { choice: "custom", from: "2026-03-01", to: "2026-03-10" });
    expect(custom.toString()).toBe("page=2&limit=50&period=custom&from=2026-03-01&to=2026-03-10");
    expect(readPeriod(custom)).toEqual({ choice: "custom", from: "2026-03-01", to: "2026-03-10" });
    expect(writePeriod(custom, { choice: "last_month", from: "2026-03-01", to: "" }).toString()).toBe("page=2&limit=50&period=last_month");
  });
});
