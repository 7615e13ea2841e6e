import { z } from "zod";
import { type AnyJobDefinition, defineJob, type JobDeps } from "../../shared/jobs";
import { publishCampaigns } from "../counters/campaign-events";
import { wakeDispatchers } from "../dispatch/dispatch.jobs";
import { applyStatusEventsUntilIdle } from "./apply-events";
import { failCampaignsOverThreshold } from "./auto-fail";
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
  // A callback reaches the ledger (and the open campaign page) within a second or two of its arrival (B14, B16).
  pollSeconds: 0.5,
  handler: (deps) => applyInbox(deps),
});

/**
 * Applies the inbox until idle, then what follows from the moves: sender health, auto-fail, completion (the last word
 * on a campaign's last messages completes it) and live progress — for the moved campaigns and any `touched` besides.
 */
export async function applyInbox(deps: JobDeps, touched: readonly number[] = []): Promise<void> {
  const db = deps.database.db;
  const done = await applyStatusEventsUntilIdle(db);
  // What the moves planned goes out now, not at the next minute's tick.
  if (deps.jobs && done.wake.length) await wakeDispatchers(deps.jobs, done.wake);
  const campaigns = [...new Set([...done.campaigns, ...touched])].sort((a, b) => a - b);
  const paused = await checkSenderHealth(db, deps.live, done.senders);
  const out = [...paused.senders.map((s) => `${s.gatewayId}/${s.sender}`), ...paused.gateways.map((g) => `${g}/*`)];
  if (out.length) deps.log(`out of rotation: ${out.join(", ")}`);
  const failed = await failCampaignsOverThreshold(db, campaigns);
  if (failed.length) deps.log(`campaigns failed automatically: ${failed.join(", ")}`);
  const completed = await completeFinishedCampaigns(db, campaigns);
  if (completed.length) deps.log(`campaigns completed: ${completed.join(", ")}`);
  await publishCampaigns({ db, live: deps.live, log: deps.log }, campaigns);
  if (done.applied + done.ignored > 0) {
    deps.log(`provider events: ${done.applied} applied, ${done.ignored} ignored, ${done.moved} messages moved`, { campaigns });
  }
}

export const applyEventsJobs: readonly AnyJobDefinition[] = [applyEventsJob];
