import type { LiveEventPayload, LookupJob, LookupJobPage } from "@leadflow/contracts";

export type LookupData = LiveEventPayload<"LookupData">;

/** The job with the event's live fields, or the same object when the event changes nothing. */
export function patchLookupJob(job: LookupJob, e: LookupData): LookupJob {
  if (job.id !== e.id) return job;
  const total = e.total_count ?? job.total_count;
  const cost = e.cost ?? job.cost;
  if (
    job.status === e.status &&
    job.percent === e.percent &&
    job.count === e.count &&
    job.time_left === e.time_left &&
    job.total_count === total &&
    job.cost === cost
  )
    return job;
  return { ...job, status: e.status, percent: e.percent, count: e.count, time_left: e.time_left, total_count: total, cost, paid: cost > 0 };
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
