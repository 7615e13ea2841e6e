import { describe, expect, it } from "vitest";
import { formatSort, nextSort, parseSort, readTableParams, shouldResetPage, toRequestParams, writeTableParams } from "./table-url-state";

const defaults = { limit: 50, limits: [15, 50, 100] } as const;
const sp = (q: string) => new URLSearchParams(q);

describe("parseSort / formatSort", () => {
  it.each([
    ["name,asc", { key: "name", direction: "asc" }],
    ["total_leads,desc", { key: "total_leads", direction: "desc" }],
    ["name,DESC", { key: "name", direction: "desc" }],
    ["name", { key: "name", direction: "asc" }],
    ["", null],
    ["name,up", null],
    ["name,asc,extra", null],
    ["na me,asc", null],
    [",asc", null],
  ])("%j → %j", (raw, expected) => {
    expect(parseSort(raw)).toEqual(expected);
  });

  it("round-trips", () => {
    expect(formatSort(parseSort("unique_today,desc"))).toBe("unique_today,desc");
    expect(formatSort(null)).toBeUndefined();
  });
});

describe("readTableParams", () => {
  it("falls back to the defaults on an empty URL", () => {
    expect(readTableParams(sp(""), defaults)).toEqual({ page: 1, limit: 50, search: "", sort: null });
  });

  it("reads every param", () => {
    expect(readTableParams(sp("page=3&limit=15&search=web&sort=name,desc"), defaults)).toEqual({
      page: 3,
      limit: 15,
      search: "web",
      sort: { key: "name", direction: "desc" },
    });
  });

  it.each(["page=0", "page=-2", "page=abc", "page=1.5", "page=99999999999999999999"])("ignores a bad page (%s)", (q) => {
    expect(readTableParams(sp(q), defaults).page).toBe(1);
  });

  it("refuses a limit outside the allowed sizes", () => {
    expect(readTableParams(sp("limit=1000"), defaults).limit).toBe(50);
    expect(readTableParams(sp("limit=100"), defaults).limit).toBe(100);
    expect(readTableParams(sp("limit=1000"), { limit: 50 }).limit).toBe(1000);
  });

  it("uses the default sort only when the URL has none", () => {
    const withSort = { ...defaults, sort: { key: "name", direction: "asc" as const } };
    expect(readTableParams(sp(""), withSort).sort).toEqual({ key: "name", direction: "asc" });
    expect(readTableParams(sp("sort="), withSort).sort).toBeNull();
  });

  it("reads prefixed names for a second table", () => {
    expect(readTableParams(sp("page=4&lists.page=2"), { ...defaults, prefix: "lists" }).page).toBe(2);
  });
});

describe("writeTableParams", () => {
  it("keeps defaults out of the URL and other params in it", () => {
    const out = writeTableParams(sp("tab=x&page=3"), { page: 1, limit: 50, search: "", sort: null }, defaults);
    expect(out.toString()).toBe("tab=x");
  });

  it("writes what differs from the defaults", () => {
    const out = writeTableParams(sp(""), { page: 2, limit: 100, search: "acme co", sort: { key: "name", direction: "desc" } }, defaults);
    expect(readTableParams(out, defaults)).toEqual({ page: 2, limit: 100, search: "acme co", sort: { key: "name", direction: "desc" } });
  });

  it("records a cleared sort when the default has one", () => {
    const withSort = { ...defaults, sort: { key: "name", direction: "asc" as const } };
    const out = writeTableParams(sp(""), { page: 1, limit: 50, search: "", sort: null }, withSort);
    expect(readTableParams(out, withSort).sort).toBeNull();
    expect(writeTableParams(sp(""), { page: 1, limit: 50, search: "", sort: { key: "name", direction: "asc" } }, withSort).toString()).toBe(
      "",
    );
  });
});

describe("toRequestParams", () => {
  it("trims the search and leaves out empty values", () => {
    expect(toRequestParams({ page: 1, limit: 50, search: "  ", sort: null })).toEqual({ page: 1, limit: 50 });
    expect(toRequestParams({ page: 2, limit: 15, search: " web ", sort: { key: "name", direction: "asc" } })).toEqual({
      page: 2,
      limit: 15,
      search: "web",
      sort: "name,asc",
    });
  });
});

describe("shouldResetPage", () => {
  it.each([
    [1, 1, false],
    [1, 0, false],
    [2, 1, true],
    [2, 0, true],
    [3, 3, false],
    [4, 3, true],
    [5, undefined, false],
  ])("page %i with last_page %j → %j", (page, last, expected) => {
    expect(shouldResetPage(page, last)).toBe(expected);
  });
});

describe("nextSort", () => {
  it("starts a new column at its first direction and flips the active one", () => {
    expect(nextSort(null, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort(null, "total_leads", "desc")).toEqual({ key: "total_leads", direction: "desc" });
    expect(nextSort({ key: "name", direction: "asc" }, "name")).toEqual({ key: "name", direction: "desc" });
    expect(nextSort({ key: "name", direction: "desc" }, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort({ key: "name", direction: "desc" }, "total_leads", "desc")).toEqual({ key: "total_leads", direction: "desc" });
  });
});
