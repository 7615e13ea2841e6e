import type { TabRoute } from "../../../components/route-tabs/route-tabs";
import { lazyPage } from "../../../lib/lazy-page";

export const leadsTab: TabRoute = {
  path: "leads",
  label: "audiences.tabs.leads",
  ...lazyPage(() => import("../pages/segment-leads-tab"), "SegmentLeadsTab"),
};

export const segmentsTab: TabRoute = {
  path: "segments",
  label: "audiences.tabs.segments",
  ...lazyPage(() => import("../pages/segment-children-tab"), "SegmentChildrenTab"),
};

/** An audience's tabs; a child segment has its leads only. */
export const audienceTabs = [leadsTab, segmentsTab];
