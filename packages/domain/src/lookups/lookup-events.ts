import type { LookupJob } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import type { LivePublisher } from "../shared/live";
import { type DbOrTx, rows } from "../shared/rows";
import { getLookupJob } from "./lookup-jobs.queries";

/*
 * `LookupData` goes to every member of the team: Lookup Management, the source and list pages and the account
 * menu's balance are the team's, whoever started the lookup. Progress is throttled to a few events a second.
 */

const PROGRESS_EVERY_MS = 400;

export async function teamUserIds(db: DbOrTx, teamId: number): Promise<number[]> {
  const r = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE team_id = ${teamId} AND blocked_at IS NULL`);
  return r.map((u) => u.id);
}

export async function sendLookupData(db: DbOrTx, live: LivePublisher, teamId: number, job: LookupJob, users?: number[]) {
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
  for (const id of users ?? (await teamUserIds(db, teamId))) await live.toUser(id, "LookupData", payload).catch(() => {});
}

export function publishLookup(deps: { db: Db; live: LivePublisher }, teamId: number, jobId: number) {
  let last = 0;
  let users: number[] | null = null;
  const send = async () => {
    last = Date.now();
    users ??= await teamUserIds(deps.db, teamId);
    await sendLookupData(deps.db, deps.live, teamId, await getLookupJob(deps.db, teamId, jobId), users);
  };
  return {
    async progress() {
      if (Date.now() - last >= PROGRESS_EVERY_MS) await send();
    },
    flush: send,
    async message(message: string, level: "info" | "success" | "warning" | "error") {
      users ??= await teamUserIds(deps.db, teamId);
      for (const id of users) await deps.live.toUser(id, "UserMessage", { message, level }).catch(() => {});
    },
  };
}
