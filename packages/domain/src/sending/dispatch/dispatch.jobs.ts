import { z } from "zod";
import { providerOptionsFromEnv } from "../../providers";
import { defineJob, type JobDeps, type JobSender } from "../../shared/jobs";
import { suppressionWatchOf } from "../suppressions";
import { type DispatchDeps, runDispatcher } from "./dispatcher";

/*
 * A gateway's dispatcher as a job: woken by a plan, a reply's answer, a test send, a callback that planned a next step,
 * the minute's tick, or another process that stopped or died holding the gateway. One runs per gateway at a time: a
 * second finds the lease taken and ends.
 */

export const dispatchJob = defineJob({
  name: "sending.dispatch",
  payload: z.object({ gatewayId: z.number().int().positive() }),
  // The first message of a campaign set Active leaves within two seconds.
  pollSeconds: 0.5,
  retry: { limit: 20, delaySeconds: 15, backoff: true },
  expireSeconds: 6 * 3600,
  heartbeatSeconds: 30,
  handler: async (deps, p) => {
    const outcome = await runDispatcher(dispatchDeps(deps), p.gatewayId);
    deps.log(`dispatcher of gateway ${p.gatewayId}: ${outcome}`);
  },
});

/** What a dispatcher run in a job takes from the worker. */
export function dispatchDeps(deps: JobDeps): DispatchDeps {
  if (!deps.appUrl) throw new Error("The sending jobs need the app's public URL (JobDeps.appUrl).");
  return {
    db: deps.database.db,
    publicUrl: deps.appUrl,
    providerOptions: providerOptionsFromEnv(process.env),
    live: deps.live,
    log: deps.log,
    suppressionWatch: suppressionWatchOf(deps.database),
    ...(deps.jobs ? { wake: (ids: readonly number[]) => wakeDispatchers(deps.jobs!, ids) } : {}),
    ...(deps.livenessKey ? { livenessKey: deps.livenessKey } : {}),
    ...(deps.stopping ? { stopping: deps.stopping } : {}),
  };
}

/** Wakes each gateway's dispatcher; while one runs, the singleton key keeps a second from queueing behind it. */
export async function wakeDispatchers(jobs: JobSender, gatewayIds: readonly number[]): Promise<void> {
  for (const gatewayId of new Set(gatewayIds)) await jobs.send(dispatchJob, { gatewayId }, { singletonKey: `dispatch:${gatewayId}` });
}
