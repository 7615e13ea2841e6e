import { describe, expect, it } from "vitest";
import { readStatusFilter, selectionScope, statusFilterOptions, writeStatusFilter } from "./status-filter";

describe("the lead tables' status filter", () => {
  it("offers every lead status after All", () => {
    expect(statusFilterOptions.map((o) => [o.status, o.label])).toEqual([
      [0, "Pending"],
      [1, "Imported"],
      [2, "Blacklisted"],
      [3, "Flagged"],
      [4, "DNC"],
    ]);
  });

  it("reads a lead status from the URL and ignores anything else", () => {
    expect(readStatusFilter(new URLSearchParams("status=0"))).toBe(0);
    expect(readStatusFilter(new URLSearchParams("search=ann&status=4"))).toBe(4);
    for (const raw of ["", "5", "-1", "2.0", "x", "12"]) expect(readStatusFilter(new URLSearchParams({ status: raw }))).toBeUndefined();
    expect(readStatusFilter(new URLSearchParams("search=ann"))).toBeUndefined();
  });

  it("writes the filter next to the search and goes back to the first page", () => {
    const sp = new URLSearchParams("search=ann&cursor=abc&limit=15");
    expect(writeStatusFilter(sp, 2, "cursor").toString()).toBe("search=ann&limit=15&status=2");
    expect(writeStatusFilter(new URLSearchParams("status=2&cursor=abc"), undefined, "cursor").toString()).toBe("");
    expect(sp.toString()).toBe("search=ann&cursor=abc&limit=15");
  });

  it("scopes a selection by search and status, not by page", () => {
    expect(selectionScope({ search: " ann ", status: 2 })).toBe(selectionScope({ search: "ann", status: 2 }));
    expect(selectionScope({ search: "ann" })).not.toBe(selectionScope({ search: "ann", status: 2 }));
    expect(selectionScope({ search: "ann", status: 0 })).not.toBe(selectionScope({ search: "ann" }));
    expect(selectionScope({ search: "ann" })).not.toBe(selectionScope({ search: "bob" }));
  });
});
