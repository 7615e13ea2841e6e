import type { FilterGroup, SegmentFilter } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import {
  addTextValue,
  boundOf,
  clampDate,
  normalizeTextValues,
  type ValueEditor,
  valueEditor,
  withCustomDate,
  withDateValue,
  withExpression,
  withField,
  withPeriod,
} from "./filter-values";

describe("free-text values", () => {
  it.each([
    [["a"], "  b  ", ["a", "b"]],
    [["a"], "a", ["a"]],
    [["a"], " a ", ["a"]],
    [["a"], "   ", ["a"]],
    [[], "", []],
    [[5], "5", [5]],
  ] as const)("%j + %j → %j", (values, raw, expected) => {
    expect(addTextValue(values, raw)).toEqual(expected);
  });

  it("normalises the chip list MUI hands over (new text untrimmed, repeats)", () => {
    expect(normalizeTextValues(["Austin", "Dallas", " Austin ", "  ", "El Paso "])).toEqual(["Austin", "Dallas", "El Paso"]);
  });
});

describe("date clamping", () => {
  it.each([
    ["2026-01-31", "from", "2026-01-31 00:00:00"],
    ["2026-01-31", "to", "2026-01-31 23:59:59"],
    ["2026-01-31 12:30:00", "to", "2026-01-31 23:59:59"],
    ["", "from", ""],
    ["31/01/2026", "from", ""],
  ] as const)("%s as %s → %j", (day, bound, expected) => {
    expect(clampDate(day, bound)).toBe(expected);
  });

  it("custom dates clamp date_from to the day's start and date_to to its end; clearing sends null", () => {
    const row: SegmentFilter = { field: "created_at", expression: "custom_dates", values: [] };
    const both = withCustomDate(withCustomDate(row, "from", "2026-02-01"), "to", "2026-02-28");
    expect([both.date_from, both.date_to]).toEqual(["2026-02-01 00:00:00", "2026-02-28 23:59:59"]);
    expect(withCustomDate(both, "from", "").date_from).toBeNull();
  });

  it("date values are bounded by their expression: between from/to, before the day's start, after its end", () => {
    expect([boundOf("between", 0), boundOf("between", 1), boundOf("before", 0), boundOf("after", 0)]).toEqual(["from", "to", "from", "to"]);
    const between: SegmentFilter = { field: "updated_at", expression: "between", values: [] };
    expect(withDateValue(between, 1, 2, "2026-03-02").values).toEqual(["", "2026-03-02 23:59:59"]);
    expect(withDateValue({ ...between, expression: "after" }, 0, 1, "2026-03-02").values).toEqual(["2026-03-02 23:59:59"]);
  });
});

describe("field and expression changes", () => {
  it("a new field resets the expression, the values and custom dates", () => {
    const row: SegmentFilter = { field: "created_at", expression: "custom_dates", values: [], date_from: "2026-01-01 00:00:00" };
    expect(withField("data", row, "source")).toEqual({ field: "source", expression: "", values: [] });
    expect(withField("attributes", { attribute_id: 1, expression: "equals", values: ["a"] }, 2)).toEqual({
      attribute_id: 2,
      expression: "",
      values: [],
    });
  });

  it("a new expression keeps values that still fit and clears the rest", () => {
    const ids: SegmentFilter = { field: "source", expression: "equals", values: [1, 2] };
    expect(withExpression("data", ids, "not_equals").values).toEqual([1, 2]);
    expect(withExpression("data", ids, "empty").values).toEqual([]);
    const revenue: SegmentFilter = { field: "revenue", expression: "gt", values: [10] };
    expect(withExpression("system_attributes", revenue, "lt").values).toEqual([10]);
    expect(withExpression("system_attributes", revenue, "between").values).toEqual([]);
    const range: SegmentFilter = { field: "created_at", expression: "custom_dates", values: [], date_to: "2026-01-01 23:59:59" };
    expect(withExpression("data", range, "last_7_days")).toEqual({ field: "created_at", expression: "last_7_days", values: [] });
  });

  it("a campaign period other than custom drops the custom dates", () => {
    const row: SegmentFilter = {
      field: "campaign",
      expression: "sent",
      values: [],
      period: "custom_dates",
      date_from: "2026-01-01 00:00:00",
    };
    expect(withPeriod(row, "last_7_days")).toEqual({ field: "campaign", expression: "sent", values: [], period: "last_7_days" });
  });

  it.each<[FilterGroup, SegmentFilter, ValueEditor]>([
    ["data", { field: "list", expression: "first_appeared", values: [] }, "ids"],
    ["data", { field: "created_at", expression: "this_year", values: [] }, "none"],
    ["data", { field: "created_at", expression: "custom_dates", values: [] }, "custom_dates"],
    ["attributes", { attribute_id: 3, expression: "contains", values: [] }, "strings"],
    ["attributes", { attribute_id: 3, expression: "empty", values: [] }, "none"],
    ["system_attributes", { field: "phone_status", expression: "in", values: [] }, "options"],
    ["system_attributes", { field: "phone_lookup", expression: "looked_up", values: [] }, "none"],
    ["system_attributes", { field: "total_clicks", expression: "between", values: [] }, "numbers"],
    ["system_attributes", { field: "last_clicked_at", expression: "within_last_days", values: [] }, "days"],
    ["system_attributes", { field: "last_clicked_at", expression: "before", values: [] }, "date"],
    ["system_attributes", { field: "nope", expression: "in", values: [] }, "none"],
  ])("%s %j edits its values with %s", (group, row, editor) => {
    expect(valueEditor(group, row)).toBe(editor);
  });
});
