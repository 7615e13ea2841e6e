export { campaignStatistic } from "./campaign-statistic";
export { campaignWaiting, campaignWaitingBriefs } from "./campaign-waiting";
export { campaignStepStatistics } from "./statistic-by-step";
export { campaignStatisticChart } from "./statistic-chart";
export { campaignLeadEngagement } from "./statistic-leads";
export { normalCdf, winProbabilities, winProbability } from "./win-probability";
