import { LookupStatuses } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { releaseHolds } from "../billing";
import { providerOptionsFromEnv } from "../providers";
import { type AnyJobDefinition, defineJob, type JobSender } from "../shared/jobs";
import { rows } from "../shared/rows";
import { runLookupJob } from "./lookup-runner";

/**
 * Runs one lookup job until it completes, pauses, stops or runs out of money. A provider that is down fails the
 * attempt (the job stays running, its unanswered items pending) and pg-boss retries it after a while; a killed
 * worker's attempt is retried once its heartbeat goes stale, and the runner's lease keeps two from working at once.
 */
export const runLookupJobDef = defineJob({
  name: "lookups.run",
  payload: z.object({ teamId: z.number().int().positive(), jobId: z.number().int().positive() }),
  retry: { limit: 500, delaySeconds: 30, backoff: false },
  expireSeconds: 24 * 3600,
  heartbeatSeconds: 30,
  handler: async (deps, p) => {
    const outcome = await runLookupJob(
      { db: deps.database.db, live: deps.live, providerOptions: providerOptionsFromEnv(process.env), log: deps.log },
      p.teamId,
      p.jobId,
    );
    deps.log(`lookup ${p.teamId}/${p.jobId}: ${outcome}`);
  },
});

/** Queues the runner of each job; a duplicate only finds the lease taken and ends. */
export async function enqueueLookups(jobs: JobSender, teamId: number, jobIds: number[]): Promise<void> {
  for (const jobId of jobIds) await jobs.send(runLookupJobDef, { teamId, jobId });
}

/**
 * Every minute: running jobs whose runner is gone (no lease, or a lapsed one) get a runner again — after a
 * restart of everything, or when an attempt's retries ran out while a provider was down.
 */
export const lookupSweepJob = defineJob({
  name: "lookups.sweep",
  payload: z.object({}).passthrough(),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  cron: "* * * * *",
  handler: async (deps) => {
    await releaseStaleHolds(deps.database.db);
    const orphans = await rows<{ team_id: number; id: number }>(
      deps.database.db,
      sql`SELECT team_id, id FROM lookup_jobs WHERE status = ${LookupStatuses.running} AND (lease_until IS NULL OR lease_until < now() - interval '30 seconds')
          AND updated_at < now() - interval '1 minute' LIMIT 100`,
    );
    const sender = deps.jobs;
    if (!sender) return;
    for (const o of orphans) await sender.send(runLookupJobDef, { teamId: o.team_id, jobId: o.id });
  },
});

/**
 * Holds of jobs that are no longer running and have no live runner (a worker died mid-batch, then the job was
 * paused or stopped): the money goes back. A running job's hold is given back by its next runner instead.
 */
async function releaseStaleHolds(db: Db): Promise<void> {
  const stale = await rows<{ team_id: number; ref_id: number }>(
    db,
    sql`SELECT DISTINCT h.team_id, h.ref_id FROM balance_holds h
        LEFT JOIN lookup_jobs j ON j.team_id = h.team_id AND j.id = h.ref_id
        WHERE h.kind = 'lookup' AND (j.id IS NULL OR (j.status <> ${LookupStatuses.running} AND (j.lease_until IS NULL OR j.lease_until < now())))
        LIMIT 100`,
  );
  for (const h of stale) await db.transaction((tx) => releaseHolds(tx, h.team_id, { kind: "lookup", refId: h.ref_id }));
}

export const lookupJobs: readonly AnyJobDefinition[] = [runLookupJobDef, lookupSweepJob];
