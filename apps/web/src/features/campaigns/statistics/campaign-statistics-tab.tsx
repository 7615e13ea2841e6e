import { type Campaign, CampaignChannel, StatisticUnavailableStatuses } from "@leadflow/contracts";
import InsightsOutlinedIcon from "@mui/icons-material/InsightsOutlined";
import { Alert, Box, Button } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useCampaignOutlet } from "../detail/model/campaign-outlet";
import { useWaitingSentence } from "../waiting/waiting-card";
import { ByStepTable } from "./by-step-table";
import {
  statisticByStepQuery,
  statisticChartQuery,
  statisticKeys,
  statisticLeadsQuery,
  statisticQuery,
  useStatisticLiveReload,
} from "./campaign-statistics.api";
import { LeadEngagement } from "./lead-engagement";
import { SplitComparisonCard } from "./split-comparison";
import { StatisticsChart } from "./statistics-chart";
import { StatisticsHeader } from "./statistics-header";
import { useStatisticsState } from "./statistics-state";
import { SummaryCards } from "./summary-cards";

const notStarted = (c: Campaign) => (StatisticUnavailableStatuses as readonly string[]).includes(c.status);

function Unavailable() {
  const t = useT();
  return (
    <EmptyState icon={<InsightsOutlinedIcon />} title={t("campaigns.statistics.unavailable")} text={t("campaigns.statistics.notStarted")} />
  );
}

/**
 * The Statistics tab: 'Statistic is unavailable.' until the campaign starts; then the date range, the
 * General / By Step switch (more than one step) and Refresh over the chart, the Lead Engagement Statistic and the
 * summary, or the By Step table with each split's A/B comparison. It reloads, throttled, as the campaign sends.
 */
export function CampaignStatisticsTab() {
  const t = useT();
  const { campaign } = useCampaignOutlet();
  return (
    <section aria-label={t("campaigns.detail.tabs.statistics")}>
      <SectionTitle title={t("campaigns.detail.tabs.statistics")} />
      {notStarted(campaign) ? <Unavailable /> : <Statistics campaign={campaign} />}
    </section>
  );
}

function Statistics({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const qc = useQueryClient();
  const state = useStatisticsState();
  useStatisticLiveReload(campaign.id);
  // A range the server would refuse is not asked for: the field says why.
  const enabled = state.problem === null;
  const byStep = useQuery({ ...statisticByStepQuery(campaign.id, state.range), enabled });
  const showSwitch = byStep.data?.show_switch ?? false;
  const general = state.view === "general" || !showSwitch;
  const summary = useQuery({ ...statisticQuery(campaign.id, state.range), enabled: enabled && general });
  const chart = useQuery({ ...statisticChartQuery(campaign.id, state.range), enabled: enabled && general });
  const leads = useQuery({ ...statisticLeadsQuery(campaign.id, state.range, state.leadStep), enabled: enabled && general });
  const channel = CampaignChannel[campaign.type];
  const failed = [summary, chart, byStep].find((q) => q.isError);
  const refreshing = [summary, chart, byStep, leads].some((q) => q.isFetching);
  // Nothing sent while messages wait: the empty chart says why (the card above the tabs has the details).
  const waiting = useWaitingSentence(campaign);

  // The page's copy of the campaign may lag its status: the server's word wins.
  if (summary.data?.available === false || byStep.data?.available === false) return <Unavailable />;
  return (
    <>
      <StatisticsHeader
        state={state}
        showSwitch={showSwitch}
        refreshing={refreshing}
        onRefresh={() => void qc.invalidateQueries({ queryKey: statisticKeys.all(campaign.id) })}
      />
      {!enabled ? null : failed ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => failed.refetch()}>
              {t("campaigns.statistics.refresh")}
            </Button>
          }
        >
          {t("campaigns.statistics.loadError")} {errorMessage(failed.error)}
        </Alert>
      ) : general ? (
        <>
          <StatisticsChart chart={chart.data} loading={chart.isPending} emptyText={waiting} />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 2fr) minmax(0, 1fr)" } }}>
            <SummaryCards statistic={summary.data} channel={channel} />
            <LeadEngagement query={leads} stepId={state.leadStep} onStep={state.setLeadStep} />
          </Box>
        </>
      ) : (
        <>
          <ByStepTable rows={byStep.data?.data} />
          {byStep.data?.splits.map((split) => (
            <SplitComparisonCard key={split.step_id} split={split} />
          ))}
        </>
      )}
    </>
  );
}
