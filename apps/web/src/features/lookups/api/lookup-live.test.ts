import type { LookupJobPage } from "@leadflow/contracts";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { lookupJob } from "../model/fixtures";
import { applyLookupEvent } from "./lookup-live";
import { lookupKeys } from "./lookups.api";

const page = (...jobs: ReturnType<typeof lookupJob>[]): LookupJobPage => ({
  data: jobs,
  meta: { current_page: 1, last_page: 1, per_page: 50, total: jobs.length },
});

function client() {
  const qc = new QueryClient();
  qc.setQueryData(lookupKeys.page({ page: 1, limit: 50 }), page(lookupJob(), lookupJob({ id: 2 })));
  qc.setQueryData(lookupKeys.active({ source_id: 3 }), page(lookupJob()));
  qc.setQueryData(lookupKeys.detail(1), lookupJob());
  return qc;
}

const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe("LookupData in the cache", () => {
  it("patches the job wherever it is cached, without marking anything stale", () => {
    const qc = client();
    applyLookupEvent(qc, { id: 1, status: 1, percent: 70, count: 70, time_left: "12s" });
    expect(qc.getQueryData<LookupJobPage>(lookupKeys.page({ page: 1, limit: 50 }))?.data[0]).toMatchObject({ percent: 70, count: 70 });
    expect(qc.getQueryData<LookupJobPage>(lookupKeys.active({ source_id: 3 }))?.data[0]?.time_left).toBe("12s");
    expect(qc.getQueryData(lookupKeys.detail(1))).toMatchObject({ percent: 70 });
    expect(stale(qc, lookupKeys.page({ page: 1, limit: 50 }))).toBe(false);
    expect(stale(qc, lookupKeys.active({ source_id: 3 }))).toBe(false);
  });

  it("reloads the lists (not the job) when the status changes, and the sources when it completed", () => {
    const qc = client();
    qc.setQueryData(["sources", "page", {}], { data: [] });
    applyLookupEvent(qc, { id: 1, status: 3, percent: 100, count: 100, time_left: null });
    expect(stale(qc, lookupKeys.page({ page: 1, limit: 50 }))).toBe(true);
    expect(stale(qc, lookupKeys.detail(1))).toBe(false);
    expect(qc.getQueryData(lookupKeys.detail(1))).toMatchObject({ status: 3 });
    expect(stale(qc, ["sources", "page", {}])).toBe(true);
  });

  it("reloads the lists for a lookup it does not hold yet", () => {
    const qc = client();
    applyLookupEvent(qc, { id: 42, status: 1, percent: 1, count: 1, time_left: null });
    expect(stale(qc, lookupKeys.active({ source_id: 3 }))).toBe(true);
  });

  it("applies one event once, however many screens listen", () => {
    const qc = client();
    const e = { id: 1, status: 1, percent: 70, count: 70, time_left: "12s" };
    applyLookupEvent(qc, e);
    expect(qc.getQueryData(lookupKeys.detail(1))).toMatchObject({ percent: 70 });
    qc.setQueryData(lookupKeys.detail(1), lookupJob());
    applyLookupEvent(qc, e);
    expect(qc.getQueryData(lookupKeys.detail(1))).toMatchObject({ percent: 40 });
  });
});
