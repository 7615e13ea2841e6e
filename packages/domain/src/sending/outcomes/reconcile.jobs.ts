import { z } from "zod";
import { providerOptionsFromEnv } from "../../providers";
import { defineJob } from "../../shared/jobs";
import { applyInbox } from "./apply-events.jobs";
import { reconcileOpenMessages, settleWaitingHolds } from "./reconcile";

/*
 * Every minute: messages waiting for the provider's word are asked about (reconcile.ts), and what the providers
 * answered is applied as their callbacks are — with the same follow-ups (auto-fail, completion, live progress).
 */
export const reconcileJob = defineJob({
  name: "sending.reconcile",
  payload: z.object({}).passthrough(),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireSeconds: 15 * 60,
  cron: "* * * * *",
  handler: async (deps) => {
    if (!deps.appUrl) throw new Error("Reconciliation needs the app's public URL (JobDeps.appUrl).");
    const done = await reconcileOpenMessages({
      db: deps.database.db,
      publicUrl: deps.appUrl,
      providerOptions: providerOptionsFromEnv(process.env),
      log: deps.log,
    });
    if (done.asked + done.closed > 0)
      deps.log(
        `reconciliation: ${done.asked} asked, ${done.answered} answered, ${done.replanned} never taken (sent again), ${done.closed} closed without receipt`,
      );
    await applyInbox(deps, done.campaigns);
    if (done.answered > 0) await settleWaitingHolds(deps.database.db);
  },
});
