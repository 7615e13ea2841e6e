export { campaignStatistic } from "./campaign-statistic";
export { campaignWaiting, campaignWaitingBriefs } from "./campaign-waiting";
export { campaignSendPreview, PREVIEW_SAMPLE } from "./send-preview/send-preview";
export { campaignStepStatistics } from "./statistic-by-step";
export { campaignStatisticChart } from "./statistic-chart";
export { campaignLeadEngagement } from "./statistic-leads";
export { normalCdf, winProbabilities, winProbability } from "./win-probability";
