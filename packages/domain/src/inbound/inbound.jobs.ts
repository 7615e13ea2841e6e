import { z } from "zod";
import { providerOptionsFromEnv } from "../providers";
import { type AnyJobDefinition, defineJob, type JobDeps } from "../shared/jobs";
import { sendPlannedAnswers } from "./inbound-answers";
import { sendPlannedWelcomes } from "./welcome-messages";

const senderDeps = (deps: JobDeps, job: string) => {
  if (!deps.appUrl) throw new Error(`The job ${job} needs the app's public URL (JobDeps.appUrl).`);
  return { db: deps.database.db, publicUrl: deps.appUrl, providerOptions: providerOptionsFromEnv(process.env) };
};

/**
 * Sends the answers replies earned: queued by the inbound hook when a reply plans one (a confirmation leaves within a
 * second or so), and every minute as a sweep for one whose job was lost. Safe anywhere and twice: each answer is taken
 * `FOR UPDATE SKIP LOCKED` and committed `submitting` before its provider call.
 */
export const inboundAnswersJob = defineJob({
  name: "inbound.answers",
  payload: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireSeconds: 15 * 60,
  cron: "* * * * *",
  pollSeconds: 0.5,
  handler: async (deps) => {
    const sent = await sendPlannedAnswers(senderDeps(deps, "inbound.answers"));
    if (sent) deps.log(`inbound answers sent: ${sent}`);
  },
});

/**
 * Sends the welcome messages the dispatchers planned (a lead's first accepted SMS of a step with the option), every
 * minute. Its own queue: a campaign's burst of welcomes never delays a STOP's confirmation. Safe twice, as the answers.
 */
export const inboundWelcomesJob = defineJob({
  name: "inbound.welcomes",
  payload: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireSeconds: 15 * 60,
  cron: "* * * * *",
  handler: async (deps) => {
    const sent = await sendPlannedWelcomes(senderDeps(deps, "inbound.welcomes"));
    if (sent) deps.log(`welcome messages sent: ${sent}`);
  },
});

export const inboundJobs: AnyJobDefinition[] = [inboundAnswersJob, inboundWelcomesJob];
