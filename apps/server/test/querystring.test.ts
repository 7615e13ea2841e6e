import { describe, expect, it } from "vitest";
import { parseQuery } from "../src/http/querystring";

describe("parseQuery", () => {
  it.each([
    ["ids[0]=1&ids[1]=2", { ids: ["1", "2"] }],
    ["ids[]=3&ids[]=4", { ids: ["3", "4"] }],
    ["ids=5&ids=6", { ids: ["5", "6"] }],
    ["ids[1]=b&ids[0]=a", { ids: ["a", "b"] }],
    ["page=2&search=acme%20inc", { page: "2", search: "acme inc" }],
    ["__proto__[polluted]=1&constructor=x", {}],
  ])("%s", (qs, expected) => {
    expect(parseQuery(qs)).toEqual(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
