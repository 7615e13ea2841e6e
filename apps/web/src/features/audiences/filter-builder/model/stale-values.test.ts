import { EmptySegmentFilters, type SegmentFilters } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { pruneStaleValues } from "./stale-values";

const draft: SegmentFilters = {
  ...EmptySegmentFilters,
  data: [
    { field: "source", expression: "equals", values: [1, 2] },
    { field: "list", expression: "equals", values: [10, 11] },
  ],
  attributes: [
    { attribute_id: 5, expression: "equals", values: ["a"] },
    { attribute_id: 6, expression: "equals", values: ["b"] },
  ],
  system_attributes: [{ field: "lead_status", expression: "in", values: [1, "2", 99] }],
  campaigns: [{ field: "campaign", expression: "clicked", values: [100, 101], period: "all_time", statuses: ["sent"] }],
};

describe("pruneStaleValues", () => {
  it("removes deleted sources, lists, campaigns and unknown options; a deleted attribute resets its row", () => {
    const pruned = pruneStaleValues(draft, {
      source: new Set([1]),
      list: new Set([11]),
      campaign: new Set([101]),
      attribute: new Set([5]),
    });
    expect(pruned.data.map((r) => r.values)).toEqual([[1], [11]]);
    expect(pruned.attributes).toEqual([draft.attributes[0], { expression: "", values: [] }]);
    expect(pruned.system_attributes[0]!.values).toEqual([1, "2"]);
    expect(pruned.campaigns[0]!.values).toEqual([101]);
  });

  it("leaves kinds whose full set is unknown alone (a cut list, an endpoint that is not there)", () => {
    const pruned = pruneStaleValues(draft, {});
    expect(pruned.data).toEqual(draft.data);
    expect(pruned.attributes).toEqual(draft.attributes);
    expect(pruned.campaigns).toEqual(draft.campaigns);
  });

  it("answers the same tree when nothing is stale, so the builder does not loop on its own change", () => {
    const clean: SegmentFilters = { ...draft, system_attributes: [{ field: "lead_status", expression: "in", values: [1] }] };
    const known = { source: new Set([1, 2]), list: new Set([10, 11]), campaign: new Set([100, 101]), attribute: new Set([5, 6]) };
    expect(pruneStaleValues(clean, known)).toBe(clean);
    expect(pruneStaleValues(draft, known)).not.toBe(draft);
  });
});
