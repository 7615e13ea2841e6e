import type { BulkLookupStatus, LookupJob, RelookupLead, SaveLookup, SetLookupStatus, StartLeadsLookup } from "@leadflow/contracts";
import { LookupStatuses, type LookupType } from "@leadflow/contracts";
import type { TeamCtx } from "../shared/context";
import type { JobSender } from "../shared/jobs";
import type { LivePublisher } from "../shared/live";
import type { DbOrTx } from "../shared/rows";
import { sendLookupData } from "./lookup-events";
import { getLookupJob } from "./lookup-jobs.queries";
import { startLeadsLookup } from "./lookup-selection";
import { enqueueLookups } from "./lookups.jobs";
import {
  bulkStartLookups,
  bulkStopLookups,
  createLookup,
  relookupLead,
  type ScopeKind,
  setLookupStatus,
  startScopeLookups,
  updateLookup,
} from "./lookups.service";

/*
 * The lookup commands as the routes make them: each leaves its jobs running or not (lookups.service.ts), then
 * gives every job left running its runner and pushes each job's new state as `LookupData` to the team, so every
 * open page moves without waiting for the runner. The runner is queued after the commit; a job whose runner never
 * got queued is running without a lease, which the sweep (lookups.jobs.ts) finds within a minute.
 */

/** What the commands need besides the database. */
export interface LookupDeps {
  jobs: JobSender;
  live: LivePublisher;
}

/** Pushes the jobs' state to the team, after queueing their runners when `run`; answers the jobs as pushed. */
async function announce(db: DbOrTx, deps: LookupDeps, teamId: number, ids: number[], run: boolean): Promise<LookupJob[]> {
  if (run) await enqueueLookups(deps.jobs, teamId, ids);
  const data: LookupJob[] = [];
  for (const id of ids) {
    const job = await getLookupJob(db, teamId, id);
    await sendLookupData(deps.live, teamId, job);
    data.push(job);
  }
  return data;
}

const isRunning = (job: LookupJob) => job.status === LookupStatuses.running;

/** POST /api/lookup: created pending, or started. */
export async function addLookup(db: DbOrTx, deps: LookupDeps, ctx: TeamCtx, input: SaveLookup) {
  const job = await createLookup(db, ctx, input);
  if (isRunning(job)) await announce(db, deps, ctx.teamId, [job.id], true);
  return { message: isRunning(job) ? "Lookup has been started" : "Lookup has been created.", data: job };
}

/** PUT /api/lookup/{id}. */
export async function editLookup(db: DbOrTx, deps: LookupDeps, ctx: TeamCtx, id: number, input: SaveLookup) {
  const job = await updateLookup(db, ctx, id, input);
  if (isRunning(job)) await announce(db, deps, ctx.teamId, [job.id], true);
  return { message: "Lookup has been updated.", data: job };
}

/** POST /api/lookup/{id}/status: start, pause or stop. */
export async function changeLookupStatus(db: DbOrTx, deps: LookupDeps, ctx: TeamCtx, id: number, input: SetLookupStatus) {
  const r = await setLookupStatus(db, ctx, id, input);
  if (r.run) await announce(db, deps, ctx.teamId, [r.job.id], true);
  else await sendLookupData(deps.live, ctx.teamId, r.job);
  return { message: r.message, data: r.job };
}

/** POST /api/lookup-start. */
export async function startLookups(db: DbOrTx, deps: LookupDeps, ctx: TeamCtx, input: BulkLookupStatus): Promise<void> {
  await announce(db, deps, ctx.teamId, await bulkStartLookups(db, ctx, input), true);
}

/** POST /api/lookup-stop: the selected lookups pause. */
export async function pauseLookups(db: DbOrTx, deps: LookupDeps, ctx: TeamCtx, ids: number[]): Promise<void> {
  await bulkStopLookups(db, ctx, ids);
  await announce(db, deps, ctx.teamId, ids, false);
}

/** Run Lookup on sources, lists or audiences: the jobs started. */
export async function runScopeLookups(
  db: DbOrTx,
  deps: LookupDeps,
  ctx: TeamCtx,
  kind: ScopeKind,
  input: { ids: number[]; type: LookupType; setting_gateway_id: number; campaign_id?: number },
): Promise<LookupJob[]> {
  return announce(db, deps, ctx.teamId, await startScopeLookups(db, ctx, kind, input), true);
}

/** Run Lookup on the leads table's selection: the job started. */
export async function runLeadsLookup(db: DbOrTx, deps: LookupDeps, ctx: TeamCtx, input: StartLeadsLookup): Promise<LookupJob> {
  const [job] = await announce(db, deps, ctx.teamId, [await startLeadsLookup(db, ctx, input)], true);
  return job!;
}

/** A lead's Relookup: the job started. */
export async function runRelookup(db: DbOrTx, deps: LookupDeps, ctx: TeamCtx, leadId: number, input: RelookupLead): Promise<LookupJob> {
  const [job] = await announce(db, deps, ctx.teamId, [await relookupLead(db, ctx, leadId, input)], true);
  return job!;
}
