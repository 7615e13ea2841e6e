import type { LookupJob } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import type { LivePublisher } from "../shared/live";
import { getLookupJob } from "./lookup-jobs.queries";

/*
 * `LookupData` goes to every member of the team: Lookup Management, the source and list pages and the account
 * menu's balance are the team's, whoever started the lookup. Progress is throttled to a few events a second.
 */

const PROGRESS_EVERY_MS = 400;

export async function sendLookupData(live: LivePublisher, teamId: number, job: LookupJob) {
  const payload = {
    id: job.id,
    status: job.status,
    percent: job.percent,
    count: job.count,
    time_left: job.time_left,
    total_count: job.total_count,
    cost: job.cost,
    reused_count: job.reused_count,
    failed_count: job.failed_count,
    service_items_count: job.service_items_count,
    service_cost: job.service_cost,
  };
  await live.toTeam(teamId, "LookupData", payload).catch(() => {});
}

export function publishLookup(deps: { db: Db; live: LivePublisher }, teamId: number, jobId: number) {
  let last = 0;
  const send = async () => {
    last = Date.now();
    await sendLookupData(deps.live, teamId, await getLookupJob(deps.db, teamId, jobId));
  };
  return {
    async progress() {
      if (Date.now() - last >= PROGRESS_EVERY_MS) await send();
    },
    flush: send,
    async message(message: string, level: "info" | "success" | "warning" | "error") {
      await deps.live.toTeam(teamId, "UserMessage", { message, level }).catch(() => {});
    },
  };
}
