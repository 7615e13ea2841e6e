import { describe, expect, it } from "vitest";
import { leadKeys } from "../../leads";
import { belongsToSegment, isSegmentLeadsKey, segmentKeys } from "./segments.api";

describe("segment query keys", () => {
  const params = { limit: 50 };

  it("recognises a segment's lead table among the lead tables", () => {
    expect(isSegmentLeadsKey(leadKeys.table({ segmentId: 5 }, params))).toBe(true);
    expect(isSegmentLeadsKey(leadKeys.table({ segmentId: 5 }, params), 5)).toBe(true);
    expect(isSegmentLeadsKey(leadKeys.table({ segmentId: 5 }, params), 6)).toBe(false);
    expect(isSegmentLeadsKey(leadKeys.table({ listId: 5 }, params))).toBe(false);
    expect(isSegmentLeadsKey(leadKeys.table({}, params))).toBe(false);
    expect(isSegmentLeadsKey(leadKeys.detail(5))).toBe(false);
  });

  it("knows which queries go with a deleted segment", () => {
    expect(belongsToSegment(segmentKeys.detail(5), 5)).toBe(true);
    expect(belongsToSegment(segmentKeys.childPage(5, { page: 1, limit: 15 }), 5)).toBe(true);
    expect(belongsToSegment(leadKeys.table({ segmentId: 5 }, params), 5)).toBe(true);
    expect(belongsToSegment(segmentKeys.detail(6), 5)).toBe(false);
    expect(belongsToSegment(segmentKeys.page({ page: 1, limit: 100 }), 5)).toBe(false);
    expect(belongsToSegment(leadKeys.table({ listId: 5 }, params), 5)).toBe(false);
  });
});
