import {
  CampaignChangePage,
  CampaignChangeQuery,
  type CampaignLogKind,
  CampaignLogQuery,
  campaignLogPage,
  IdParam,
} from "@leadflow/contracts";
import { campaignChangePage, campaignLogPage as readLog } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Campaign logs"];

/** Each log's address (docs/product/campaigns.md) and what it lists. */
const LOGS: { path: string; kind: CampaignLogKind; summary: string }[] = [
  { path: "message-logs", kind: "message-logs", summary: "Messages sent (Message Logs), newest first" },
  { path: "queued-logs", kind: "queued-logs", summary: "Messages waiting to be sent (Queued Logs), soonest first" },
  { path: "skipped-logs", kind: "skipped-logs", summary: "Messages skipped or cancelled, with why (Skipped Logs)" },
  { path: "incoming-messages", kind: "incoming-messages", summary: "Replies to the campaign's messages and the answers sent" },
  { path: "welcome-messages", kind: "welcome-messages", summary: "Welcome messages sent to the campaign's leads" },
  { path: "statistic/clicks", kind: "clicks", summary: "Counted clicks on the campaign's links, with where they came from" },
  { path: "statistic/opens", kind: "opens", summary: "Counted opens of the campaign's emails" },
  { path: "redirect-logs", kind: "redirect-logs", summary: "Link hits sent elsewhere or not counted (bots, expiry, filters), with why" },
];

/** A campaign's log tabs: one registry of log kinds (packages/domain/src/campaign-logs), one route each. */
export async function campaignLogsRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  for (const log of LOGS) {
    app.get(
      `/api/campaigns/:id/${log.path}`,
      {
        schema: {
          tags,
          summary: log.summary,
          params: IdParam,
          querystring: CampaignLogQuery,
          response: { 200: campaignLogPage(log.kind) },
        },
      },
      (req) => readLog(db, req.auth, req.params.id, log.kind, req.query),
    );
  }
  app.get(
    "/api/campaigns/:id/campaign-logs",
    {
      schema: {
        tags,
        summary: "What changed on the campaign and who changed it (the Logs tab), newest first",
        params: IdParam,
        querystring: CampaignChangeQuery,
        response: { 200: CampaignChangePage },
      },
    },
    (req) => campaignChangePage(db, req.auth, req.params.id, req.query),
  );
}
