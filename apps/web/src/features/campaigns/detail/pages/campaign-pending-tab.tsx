import type { CampaignStatus } from "@leadflow/contracts";
import InsightsOutlinedIcon from "@mui/icons-material/InsightsOutlined";
import ListAltOutlinedIcon from "@mui/icons-material/ListAltOutlined";
import { useLocation } from "react-router";
import { EmptyState } from "../../../../components/empty-state/empty-state";
import { SectionTitle } from "../../../../components/page-header/section-title";
import { useT } from "../../../../lib/i18n";
import { useCampaignOutlet } from "../model/campaign-outlet";
import { campaignTabs } from "../model/campaign-tabs";

/** Spec 3 §2 Statistics tab: a campaign that has not started has nothing to build a statistic from. */
const NOT_STARTED: readonly CampaignStatus[] = ["draft", "scheduled"];

/**
 * Statistics and the log tabs until the statistics issue builds them: the tab's title and its empty text from the
 * spec. One page for all of them; it knows which tab it is by the last part of the path.
 */
export function CampaignPendingTab() {
  const t = useT();
  const { campaign } = useCampaignOutlet();
  const { pathname } = useLocation();
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  const tab = campaignTabs.find((x) => x.path === last);
  if (!tab) return null;

  const statistics = tab.path === "statistics";
  const title = statistics ? t("campaigns.detail.statistics.unavailable") : t(tab.empty?.title ?? tab.label);
  const text = statistics
    ? t(NOT_STARTED.includes(campaign.status) ? "campaigns.detail.statistics.notStarted" : "campaigns.detail.statistics.arriving")
    : tab.empty && t(tab.empty.text);
  return (
    <section aria-label={t(tab.label)}>
      <SectionTitle title={t(tab.label)} />
      <EmptyState icon={statistics ? <InsightsOutlinedIcon /> : <ListAltOutlinedIcon />} title={title} text={text} />
    </section>
  );
}
