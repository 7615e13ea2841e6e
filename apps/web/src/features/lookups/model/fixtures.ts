import type { LookupJob } from "@leadflow/contracts";

/** A lookup job as the API answers it; tests override what they look at. */
export function lookupJob(over: Partial<LookupJob> = {}): LookupJob {
  return {
    id: 1,
    type: 1,
    lead_type: 1,
    source: { id: 3, name: "Web" },
    list: { id: 7, name: "March" },
    segment: null,
    lead: null,
    import: null,
    gateway: { id: 5, name: "Sandbox" },
    setting_gateway_id: 5,
    status: 1,
    total_count: 100,
    count: 40,
    reused_count: 0,
    failed_count: 0,
    cost: 0.16,
    service_items_count: 40,
    service_cost: 0,
    paid: true,
    percent: 40,
    time_left: "1m 10s",
    error: null,
    started_at: "2026-01-01T00:00:00Z",
    finished_at: null,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    ...over,
  };
}
