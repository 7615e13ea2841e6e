import { z } from "zod";
import { providerOptionsFromEnv } from "../../providers";
import { defineJob } from "../../shared/jobs";
import { wakeDispatchers } from "./dispatch.jobs";
import { planSpamTests } from "./spam-tests";

/*
 * Every minute: the Active email campaigns whose spam-test interval came round plan copies of their current message to
 * their seed inboxes (spam-tests.ts), and their gateways' dispatchers are woken to send them. A run that outlasts the
 * minute is harmless: the next finds its intervals recorded.
 */
export const spamTestsJob = defineJob({
  name: "sending.spam-tests",
  payload: z.object({}).passthrough(),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireSeconds: 60 * 60,
  cron: "* * * * *",
  handler: async (deps) => {
    if (!deps.appUrl) throw new Error("Test spam emails need the app's public URL (JobDeps.appUrl).");
    const run = await planSpamTests({
      db: deps.database.db,
      publicUrl: deps.appUrl,
      providerOptions: providerOptionsFromEnv(process.env),
      log: deps.log,
    });
    if (run.planned && deps.jobs) await wakeDispatchers(deps.jobs, run.gatewayIds);
  },
});
