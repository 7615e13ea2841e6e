import { describe, expect, it } from "vitest";
import { filterRowProblems, isCalendarDate } from "./segments";

describe("filterRowProblems: what the builder refuses before the server does", () => {
  it.each([
    ["2026-01-31", true],
    ["2026-01-31 23:59:59", true],
    ["2026-01-31 23:59", true],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["2026-01-31 24:00:00", false],
    ["31/01/2026", false],
  ])("%s is a calendar date: %s", (v, ok) => {
    expect(isCalendarDate(v)).toBe(ok);
  });

  it("wants whole days, real dates, ordered custom dates and offered options", () => {
    const sys = (field: string, expression: string, values: (string | number)[]) =>
      filterRowProblems("system_attributes", { field, expression, values });
    expect(sys("created_at", "within_last_days", ["1.5"])).toEqual({ values: "Enter a whole number of days." });
    expect(sys("created_at", "within_last_days", ["30"])).toEqual({});
    expect(sys("created_at", "before", ["2026-02-30"])).toEqual({ values: expect.stringMatching(/^Enter a date/) });
    expect(sys("lead_status", "in", [9])).toEqual({ values: "Choose from the list." });
    expect(sys("lead_status", "in", ["2"])).toEqual({});
    const range = (date_from: string, date_to: string) =>
      filterRowProblems("data", { field: "created_at", expression: "custom_dates", values: [], date_from, date_to });
    expect(range("2026-03-10 00:00:00", "2026-03-01 23:59:59")).toEqual({ date_to: "The end date is before the start date." });
    expect(range("2026-03-01 00:00:00", "2026-03-10 23:59:59")).toEqual({});
  });
});
