import type { Database } from "@leadflow/db";

/*
 * The bench's stand-in for the job queue's wake (`wakeDispatchers` queues a `sending.dispatch` job any worker may
 * take): a NOTIFY on one channel that every dispatch worker (dispatch-child.ts) listens on. Sent by a worker's
 * dispatcher that stops (its gateway is another process's at once), by a worker's leadership watch that found a dead
 * holder, and by the parent where the product would wake a gateway (a reply's answer or a test written, callbacks
 * that planned next steps, the minute's tick after a lease lapsed).
 */

export const WAKE_CHANNEL = "leadflow_bench_dispatch_wake";

/** Wakes each gateway's dispatcher in every worker process. */
export async function wakeGateways(database: Database, gatewayIds: readonly number[]): Promise<void> {
  for (const id of new Set(gatewayIds)) await database.notify(WAKE_CHANNEL, String(id));
}
