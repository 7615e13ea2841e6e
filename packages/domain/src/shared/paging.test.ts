import { describe, expect, it } from "vitest";
import { likePattern, pageMeta, parseSort } from "./paging";

const keys = ["name", "total_leads", "created_at"] as const;
const fallback = { key: "created_at", direction: "desc" } as const;

describe("parseSort", () => {
  it.each([
    [{ sort: "name,desc" }, { key: "name", direction: "desc" }],
    [{ sort: "name" }, { key: "name", direction: "asc" }],
    [{ sort: "-total_leads" }, { key: "total_leads", direction: "desc" }],
    [
      { sort: "name", order: "DESC" },
      { key: "name", direction: "desc" },
    ],
    [{ order: "total_leads,asc" }, { key: "total_leads", direction: "asc" }],
    [{ sort: "-" }, fallback],
    [{}, fallback],
  ])("%j → %j", (q, expected) => {
    expect(parseSort(q, keys, fallback)).toEqual(expected);
  });

  it.each([
    [{ sort: "password_hash,desc" }, "Sort by one of: name, total_leads, created_at."],
    [{ sort: "name; DROP TABLE sources" }, "Sort by one of: name, total_leads, created_at."],
    [{ sort: "name,sideways" }, "Sort direction must be asc or desc."],
  ])("%j is a 422: %s", (q, message) => {
    expect(() => parseSort(q, keys, fallback)).toThrow(message);
    expect(parseSort(q, keys, fallback, { lenient: true })).toEqual(fallback);
  });
});

describe("pageMeta", () => {
  it.each([
    [0, 1, 50, { current_page: 1, last_page: 1, per_page: 50, total: 0 }],
    [101, 2, 50, { current_page: 2, last_page: 3, per_page: 50, total: 101 }],
    [15, 1, 15, { current_page: 1, last_page: 1, per_page: 15, total: 15 }],
  ])("total %i page %i limit %i", (total, page, limit, expected) => {
    expect(pageMeta(total, page, limit)).toEqual(expected);
  });
});

describe("likePattern", () => {
  it("escapes LIKE wildcards so a search for 50% finds the text, not everything", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
