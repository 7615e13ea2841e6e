import { IdParam, MessagePreview, MessagePreviewRequest, TestEmail, TestSendResult, TestSms } from "@leadflow/contracts";
import { previewMessage, providerOptionsFromEnv, type SendEnv, sendTestEmail, sendTestSms, wakeDispatchers } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Campaigns"];

/**
 * Test SMS / Test Email of a step: sent for real by the campaign gateway's dispatcher, answered as an alert. The
 * editor's phone preview: the draft rendered for an audience lead, nothing sent.
 */
export async function campaignTestsRoutes(app: App, { database, config, jobs }: AppDeps) {
  const db = database.db;
  const env: SendEnv = {
    publicUrl: config.appUrl.replace(/\/+$/, ""),
    providerOptions: providerOptionsFromEnv(process.env),
    wake: (gatewayId) => wakeDispatchers(jobs, [gatewayId]),
  };
  app.post(
    "/api/campaigns/test-sms",
    {
      schema: {
        tags,
        summary: "Send a step's message as a test SMS through the campaign's gateway (a capped number a day per team)",
        body: TestSms,
        response: { 200: TestSendResult },
      },
    },
    (req) => sendTestSms(db, req.auth, req.body, env),
  );
  app.post(
    "/api/campaigns/test-email",
    {
      schema: {
        tags,
        summary: "Send a step's message as a test email through the campaign's gateway (draft campaigns; capped per team a day)",
        body: TestEmail,
        response: { 200: TestSendResult },
      },
    },
    (req) => sendTestEmail(db, req.auth, req.body, env),
  );
  app.post(
    "/api/campaigns/:id/message-preview",
    {
      schema: {
        tags,
        summary: "Render a draft SMS for a lead of the campaign's audience (the step editor's phone preview; nothing is sent)",
        params: IdParam,
        body: MessagePreviewRequest,
        response: { 200: MessagePreview },
      },
    },
    (req) => previewMessage(db, req.auth, req.params.id, req.body, env),
  );
}
