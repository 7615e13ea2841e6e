import { describe, expect, it } from "vitest";
import { segmentLeadPath, segmentLeadsPath, segmentPath } from "./segment-paths";

describe("segment paths", () => {
  const audience = { id: 4, parent_id: null };
  const child = { id: 9, parent_id: 4 };

  it("an audience lives at audiences/{id}, a child under its parent", () => {
    expect(segmentPath(audience)).toBe("audiences/4");
    expect(segmentPath(child)).toBe("audiences/4/segments/9");
  });

  it("rows open the leads tab, and a lead under it", () => {
    expect(segmentLeadsPath(audience)).toBe("audiences/4/leads");
    expect(segmentLeadsPath(child)).toBe("audiences/4/segments/9/leads");
    expect(segmentLeadPath(audience, 55)).toBe("audiences/4/leads/55");
    expect(segmentLeadPath(child, 55)).toBe("audiences/4/segments/9/leads/55");
  });
});
