import { TestEmail, TestSendResult, TestSms } from "@leadflow/contracts";
import { type SendEnv, sendTestEmail, sendTestSms } from "@leadflow/domain";
import { providerOptionsFromEnv } from "@leadflow/domain/providers/provider-factory";
import type { App, AppDeps } from "../types";

const tags = ["Campaigns"];

/** Test SMS / Test Email of a step (issue 15 §3): sent for real through the campaign's sender, answered as an alert. */
export async function campaignTestsRoutes(app: App, { database, config }: AppDeps) {
  const db = database.db;
  const env: SendEnv = { publicUrl: config.appUrl.replace(/\/+$/, ""), providerOptions: providerOptionsFromEnv(process.env) };
  app.post(
    "/api/campaigns/test-sms",
    {
      schema: {
        tags,
        summary: "Send a step's message as a test SMS (at most 10 a day per campaign)",
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
        summary: "Send a step's message as a test email (draft campaigns)",
        body: TestEmail,
        response: { 200: TestSendResult },
      },
    },
    (req) => sendTestEmail(db, req.auth, req.body, env),
  );
}
