import type { Segment } from "@leadflow/contracts";
import { useOutletContext } from "react-router";

/** What a segment page hands its tabs: the segment, and the one Create Segment dialog of the page. */
export interface SegmentOutlet {
  segment: Segment;
  createSegment: () => void;
}

export const useSegmentOutlet = () => useOutletContext<SegmentOutlet>();
