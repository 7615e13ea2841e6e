import type { Segment } from "@leadflow/contracts";

type SegmentRef = Pick<Segment, "id" | "parent_id">;

/** A segment's page, relative to the account root: an audience's, or a child's under its parent. */
export function segmentPath(s: SegmentRef): string {
  return s.parent_id ? `audiences/${s.parent_id}/segments/${s.id}` : `audiences/${s.id}`;
}

/** Its leads tab (the page itself redirects there). */
export function segmentLeadsPath(s: SegmentRef): string {
  return `${segmentPath(s)}/leads`;
}

/** A lead opened from a segment's table, so the lead page keeps the way back. */
export function segmentLeadPath(s: SegmentRef, leadId: number): string {
  return `${segmentLeadsPath(s)}/${leadId}`;
}
