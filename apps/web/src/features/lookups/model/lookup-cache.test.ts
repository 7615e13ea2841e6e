import type { LookupJobPage } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { lookupJob } from "./fixtures";
import { patchCachedLookups, patchLookupJob } from "./lookup-cache";

const event = { id: 1, status: 1, percent: 55, count: 55, time_left: "40s" };
const page = (...jobs: ReturnType<typeof lookupJob>[]): LookupJobPage => ({
  data: jobs,
  meta: { current_page: 1, last_page: 1, per_page: 50, total: jobs.length },
});

describe("patching the cache from LookupData", () => {
  it("sets status, percent, count and time_left of the matching job only", () => {
    const other = lookupJob({ id: 2 });
    const result = patchCachedLookups(page(lookupJob(), other), event);
    expect(result.found).toBe(true);
    expect(result.statusChanged).toBe(false);
    expect(result.data.data[0]).toMatchObject({ status: 1, percent: 55, count: 55, time_left: "40s", cost: 0.16 });
    expect(result.data.data[1]).toBe(other);
  });

  it("reports a status change (cost, error and control change with it)", () => {
    const result = patchCachedLookups(page(lookupJob()), { ...event, status: 3, time_left: null });
    expect(result.statusChanged).toBe(true);
    expect(result.data.data[0]?.status).toBe(3);
  });

  it("patches a single cached job", () => {
    const result = patchCachedLookups(lookupJob(), event);
    expect(result).toMatchObject({ found: true, data: { percent: 55 } });
  });

  it("keeps the same objects when nothing changes or the job is not there", () => {
    const job = lookupJob({ percent: 55, count: 55, time_left: "40s" });
    expect(patchLookupJob(job, event)).toBe(job);
    const other = page(lookupJob({ id: 9 }));
    expect(patchCachedLookups(other, event)).toEqual({ data: other, found: false, statusChanged: false });
  });

  it("leaves data of other shapes alone", () => {
    const balance = { balance: 1, free_lookups: 0, prices: { 1: 0.004, 2: 0.003, 3: 0.002 } };
    expect(patchCachedLookups(balance, event).data).toBe(balance);
    expect(patchCachedLookups(undefined, event).found).toBe(false);
  });
});

describe("patching a job snapshotted after it was listed", () => {
  it("takes the scope's size and the cost from the event", () => {
    const job = lookupJob({ id: 1, total_count: 0, count: 0, cost: 0, paid: false });
    const patched = patchLookupJob(job, {
      id: 1,
      status: 1,
      percent: 60,
      count: 12,
      time_left: "8s",
      total_count: 20,
      cost: 0.06,
      reused_count: 0,
      service_items_count: 12,
      service_cost: 0.096,
    });
    expect(patched).toMatchObject({ total_count: 20, count: 12, cost: 0.06, paid: true, service_items_count: 12, service_cost: 0.096 });
    // The four basic fields alone still patch.
    expect(patchLookupJob(job, { id: 1, status: 2, percent: 5, count: 1, time_left: null })).toMatchObject({ status: 2, total_count: 0 });
  });
});
