import { CampaignWaiting, CampaignWaitingBriefs, CampaignWaitingQuery, IdParam } from "@leadflow/contracts";
import { campaignWaiting, campaignWaitingBriefs } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Campaign statistics"];

/** What a campaign's planned messages wait for: the campaign page's figure, and the list's compact one per row. */
export async function campaignWaitingRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  app.get(
    "/api/campaigns/waiting",
    {
      schema: {
        tags,
        summary: "For a page of the list: how many messages wait, when the next may go and what it waits for",
        querystring: CampaignWaitingQuery,
        response: { 200: CampaignWaitingBriefs },
      },
    },
    (req) => campaignWaitingBriefs(db, req.auth, req.query.ids),
  );
  app.get(
    "/api/campaigns/:id/waiting",
    {
      schema: {
        tags,
        summary:
          "How many of the campaign's messages wait, grouped by why (quiet hours, daily window, limits…), each with its next send time",
        params: IdParam,
        response: { 200: CampaignWaiting },
      },
    },
    (req) => campaignWaiting(db, req.auth, req.params.id),
  );
}
