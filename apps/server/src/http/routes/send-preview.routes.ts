import { IdParam, SendPreview } from "@leadflow/contracts";
import { campaignSendPreview } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Campaigns"];

/** What setting a campaign Active would do: asked by the Send preview dialog before the status changes. */
export async function sendPreviewRoutes(app: App, { database, config }: AppDeps) {
  const db = database.db;
  const env = { publicUrl: config.appUrl.replace(/\/+$/, "") };
  app.get(
    "/api/campaigns/:id/send-preview",
    {
      schema: {
        tags,
        summary:
          "Before setting the campaign Active: its recipients, how many go now and how many wait and why, the SMS parts, cost and funds it needs",
        params: IdParam,
        response: { 200: SendPreview },
      },
    },
    (req) => campaignSendPreview(db, req.auth, req.params.id, env),
  );
}
