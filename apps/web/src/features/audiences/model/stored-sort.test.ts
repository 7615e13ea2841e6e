import { SegmentSortKeys } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { readStoredSort } from "./stored-sort";

const fallback = { key: "created_at", direction: "desc" } as const;

describe("readStoredSort", () => {
  it.each([
    [null, fallback],
    ["", fallback],
    ["name,asc", { key: "name", direction: "asc" }],
    ["total_leads,desc", { key: "total_leads", direction: "desc" }],
    ["name", { key: "name", direction: "asc" }],
    // A key the table does not sort by (an old version's, or edited by hand) is not sent to the server.
    ["password,asc", fallback],
    ["name,sideways", fallback],
    ["name,asc,extra", fallback],
  ])("%j → %j", (raw, expected) => {
    expect(readStoredSort(raw, SegmentSortKeys, fallback)).toEqual(expected);
  });
});
