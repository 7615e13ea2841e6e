import {
  CampaignLeadEngagement,
  CampaignStatistic,
  CampaignStatisticChart,
  CampaignStepStatistics,
  IdParam,
  StatisticLeadsQuery,
  StatisticQuery,
} from "@leadflow/contracts";
import { campaignLeadEngagement, campaignStatistic, campaignStatisticChart, campaignStepStatistics } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Campaign statistics"];

/** A campaign's Statistics tab: the summary, the chart, By Step and the lead engagement block. */
export async function campaignStatisticsRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  app.get(
    "/api/campaigns/:id/statistic",
    {
      schema: {
        tags,
        summary: "The campaign's figures over a range of UTC days (all time without one)",
        params: IdParam,
        querystring: StatisticQuery,
        response: { 200: CampaignStatistic },
      },
    },
    (req) => campaignStatistic(db, req.auth, req.params.id, req.query),
  );
  app.get(
    "/api/campaigns/:id/statistic/chart",
    {
      schema: {
        tags,
        summary: "What happened to the campaign's messages per hour (spans up to 72 hours) or per day, zero-filled",
        params: IdParam,
        querystring: StatisticQuery,
        response: { 200: CampaignStatisticChart },
      },
    },
    (req) => campaignStatisticChart(db, req.auth, req.params.id, req.query),
  );
  app.get(
    "/api/campaigns/:id/statistic-by-step",
    {
      schema: {
        tags,
        summary: "The By Step table (each step and split part) and each split's A/B comparison",
        params: IdParam,
        querystring: StatisticQuery,
        response: { 200: CampaignStepStatistics },
      },
    },
    (req) => campaignStepStatistics(db, req.auth, req.params.id, req.query),
  );
  app.get(
    "/api/campaigns/:id/statistic-leads",
    {
      schema: {
        tags,
        summary: "How many leads clicked, opened, replied, unsubscribed, converted or never engaged",
        params: IdParam,
        querystring: StatisticLeadsQuery,
        response: { 200: CampaignLeadEngagement },
      },
    },
    (req) => campaignLeadEngagement(db, req.auth, req.params.id, req.query),
  );
}
