import type { LiveEventPayload, LookupJob, LookupJobPage } from "@leadflow/contracts";

export type LookupData = LiveEventPayload<"LookupData">;

/** The job with the event's live fields, or the same object when the event changes nothing. */
export function patchLookupJob(job: LookupJob, e: LookupData): LookupJob {
  if (job.id !== e.id) return job;
  const next: LookupJob = {
    ...job,
    status: e.status,
    percent: e.percent,
    count: e.count,
    time_left: e.time_left,
    // Beyond the four basic fields (status, time_left, percent, count), when the server sends them: the scope's size
    // once counted, and the money.
    total_count: e.total_count ?? job.total_count,
    cost: e.cost ?? job.cost,
    reused_count: e.reused_count ?? job.reused_count,
    failed_count: e.failed_count ?? job.failed_count,
    service_items_count: e.service_items_count ?? job.service_items_count,
    service_cost: e.service_cost ?? job.service_cost,
  };
  next.paid = next.cost > 0;
  const same = (Object.keys(next) as (keyof LookupJob)[]).every((k) => next[k] === job[k]);
  return same ? job : next;
}

export interface PatchResult<D> {
  data: D;
  /** The cached data holds the event's job. */
  found: boolean;
  /** …and the event moved it to another status (the row's cost, error and control change with it). */
  statusChanged: boolean;
}

const isJob = (d: unknown): d is LookupJob => typeof d === "object" && d !== null && "id" in d && "total_count" in d;
const isPage = (d: unknown): d is LookupJobPage =>
  typeof d === "object" && d !== null && Array.isArray((d as { data?: unknown }).data) && "meta" in d;

/**
 * Applies a `LookupData` event to whatever a lookups query caches: one job (GET /lookup/{id}) or a page of them
 * (the table, the progress items). Anything else is left alone.
 */
export function patchCachedLookups<D>(data: D, e: LookupData): PatchResult<D> {
  if (isJob(data)) {
    if (data.id !== e.id) return { data, found: false, statusChanged: false };
    return { data: patchLookupJob(data, e) as D, found: true, statusChanged: data.status !== e.status };
  }
  if (isPage(data)) {
    const old = data.data.find((j) => j.id === e.id);
    if (!old) return { data, found: false, statusChanged: false };
    const rows = data.data.map((j) => patchLookupJob(j, e));
    return { data: { ...data, data: rows } as D, found: true, statusChanged: old.status !== e.status };
  }
  return { data, found: false, statusChanged: false };
}
