import { RouteTabs } from "../../../components/route-tabs/route-tabs";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { audienceTabs } from "../model/audience-tabs";

/** An audience's tabs, Leads and Segments, each a child route (see audiences.routes). */
export function SegmentTabs({ segmentId }: { segmentId: number }) {
  const t = useT();
  const p = useAccountPath();
  return <RouteTabs tabs={audienceTabs} base={p(`audiences/${segmentId}`)} label={t("audiences.title")} />;
}
