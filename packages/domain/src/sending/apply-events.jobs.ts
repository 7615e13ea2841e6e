import { z } from "zod";
import { type AnyJobDefinition, defineJob } from "../shared/jobs";
import { applyStatusEventsUntilIdle } from "./apply-events";
import { failCampaignsOverThreshold } from "./auto-fail";
import { publishCampaigns } from "./campaign-events";
import { completeFinishedCampaigns } from "./campaign-progress";
import { checkSenderHealth } from "./sender-health";

/**
 * Applies the provider-event inbox until nothing is ready: every minute as a sweep, and sooner when the callback
 * hook queues a run. Any number may run at once in any number of processes: each batch locks its own events (SKIP
 * LOCKED), a run with nothing ready costs one query, and a run that dies leaves its batch pending for the next.
 */
export const applyEventsJob = defineJob({
  name: "sending.apply-events",
  payload: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireSeconds: 15 * 60,
  cron: "* * * * *",
  handler: async (deps) => {
    const done = await applyStatusEventsUntilIdle(deps.database.db);
    const paused = await checkSenderHealth(deps.database.db, deps.live, done.senders);
    if (paused.length) deps.log(`senders paused: ${paused.map((s) => `${s.gatewayId}/${s.sender}`).join(", ")}`);
    const failed = await failCampaignsOverThreshold(deps.database.db, done.campaigns);
    if (failed.length) deps.log(`campaigns failed automatically: ${failed.join(", ")}`);
    // The last word on a campaign's last messages is what completes it.
    const completed = await completeFinishedCampaigns(deps.database.db, done.campaigns);
    if (completed.length) deps.log(`campaigns completed: ${completed.join(", ")}`);
    await publishCampaigns({ db: deps.database.db, live: deps.live, log: deps.log }, done.campaigns);
    if (done.applied + done.ignored > 0) {
      deps.log(`provider events: ${done.applied} applied, ${done.ignored} ignored, ${done.moved} messages moved`, {
        campaigns: done.campaigns,
      });
    }
  },
});

export const applyEventsJobs: readonly AnyJobDefinition[] = [applyEventsJob];
