import { describe, expect, it } from "vitest";
import { leadPath, leadReturnPath } from "./return-path";

describe("leadReturnPath", () => {
  it.each([
    [{}, "leads"],
    [{ sourceId: "3", listId: "12" }, "sources/3/12"],
    [{ sourceId: "3" }, "leads"],
    [{ sourceId: "x", listId: "12" }, "leads"],
    [{ sourceId: "0", listId: "12" }, "leads"],
    [{ segmentId: "4" }, "audiences/4/leads"],
    [{ segmentId: "9", parentSegmentId: "4" }, "audiences/4/segments/9/leads"],
    [{ campaignId: "8" }, "campaigns/8/leads"],
    [{ campaignId: "x" }, "leads"],
  ])("%j → %s", (params, expected) => {
    expect(leadReturnPath(params)).toBe(expected);
  });

  it("builds a row's link in the same context", () => {
    expect(leadPath(55, { sourceId: "3", listId: "12" })).toBe("sources/3/12/55");
    expect(leadPath(55, {})).toBe("leads/55");
    expect(leadPath(55, { segmentId: "9", parentSegmentId: "4" })).toBe("audiences/4/segments/9/leads/55");
    expect(leadPath(55, { campaignId: "8" })).toBe("campaigns/8/leads/55");
  });
});
