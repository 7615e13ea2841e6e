import { describe, expect, it } from "vitest";
import { toQueryString } from "./api-client";

describe("toQueryString", () => {
  it.each([
    [undefined, ""],
    [{}, ""],
    [{ page: 2, limit: 50 }, "?page=2&limit=50"],
    [{ ids: [1, 2] }, "?ids%5B0%5D=1&ids%5B1%5D=2"],
    [{ search: "a b&c" }, "?search=a%20b%26c"],
    [{ search: "", sort: undefined, order: null, page: 1 }, "?page=1"],
    [{ order: { key: "name", direction: "asc" } }, "?order%5Bkey%5D=name&order%5Bdirection%5D=asc"],
    [{ active: false }, "?active=false"],
  ])("%j → %s", (params, expected) => {
    expect(toQueryString(params as Record<string, unknown> | undefined)).toBe(expected);
  });
});
