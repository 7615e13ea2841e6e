import { z } from "zod";
import { providerOptionsFromEnv } from "../../providers";
import { defineJob } from "../../shared/jobs";
import { sendSpamTests } from "./spam-tests";

/*
 * Every minute: the Active email campaigns whose spam-test interval came round copy their current message to their
 * seed inboxes (spam-tests.ts). A run that outlasts the minute is harmless: the next finds its intervals recorded.
 */
export const spamTestsJob = defineJob({
  name: "sending.spam-tests",
  payload: z.object({}).passthrough(),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireSeconds: 60 * 60,
  cron: "* * * * *",
  handler: async (deps) => {
    if (!deps.appUrl) throw new Error("Test spam emails need the app's public URL (JobDeps.appUrl).");
    const run = await sendSpamTests({
      db: deps.database.db,
      publicUrl: deps.appUrl,
      providerOptions: providerOptionsFromEnv(process.env),
      log: deps.log,
    });
    if (run.sent) deps.log(`test spam emails: ${run.sent} sent for ${run.campaigns} campaign(s)`);
  },
});
