import type { CampaignPage, CampaignRow } from "@leadflow/contracts";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { campaignFixture } from "../model/fixtures";
import type { PeriodParams } from "../model/period";
import { campaignKeys } from "./campaigns.api";
import {
  applyCampaignProgress,
  applyCampaignStatus,
  type CampaignProgressEvent,
  figureSource,
  patchCampaignStatus,
  patchPage,
  patchRowProgress,
} from "./campaigns-live";

const DAY = "2026-03-10";

const row = (over: Partial<CampaignRow> = {}): CampaignRow => ({
  id: 41,
  started_at: null,
  created_at: "2026-01-02T10:00:00.000Z",
  name: "Spring promo",
  type: "sms",
  type_label: "Sms",
  gateway_label: "Sandbox",
  from_label: null,
  pool_label: null,
  records: 1200,
  steps: 2,
  processed_count: 600,
  progress: 25,
  cost: 12.5,
  revenue: 30,
  profit: 17.5,
  sent: 600,
  delivered: 540,
  delivered_percent: 90,
  opened: 0,
  clicked: 60,
  clicked_percent: 10,
  errors: 3,
  spam: 0,
  unsubscribed: 6,
  unsubscribed_percent: 1,
  cool_offs: 0,
  cool_offs_inactive_device: 0,
  daily_limit: 0,
  status: "active",
  status_label: "Active",
  archived: false,
  ...over,
});

const progress = (over: Partial<CampaignProgressEvent> = {}): CampaignProgressEvent => ({
  id: 41,
  records: 1200,
  processed_count: 1200,
  progress: 50,
  sent: 1000,
  delivered: 800,
  failed: 20,
  cost: 20,
  today: { day: DAY, sent: 400, delivered: 260, failed: 17, cost: 8 },
  ...over,
});

const page = (...rows: CampaignRow[]): CampaignPage => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 50, total: rows.length },
});

describe("figureSource", () => {
  it.each<[PeriodParams, string | undefined, string]>([
    [{ period: "all_time" }, DAY, "all_time"],
    [{ period: "all_time" }, undefined, "all_time"],
    [{ period: "today" }, DAY, "today"],
    [{ period: "today" }, undefined, "reload"],
    [{ period: "yesterday" }, DAY, "fixed"],
    [{ period: "last_week" }, DAY, "fixed"],
    [{ period: "last_month" }, DAY, "fixed"],
    [{ period: "this_week" }, DAY, "reload"],
    [{ period: "this_month" }, DAY, "reload"],
    [{ period: "this_year" }, DAY, "reload"],
    [{ stat_from: DAY, stat_to: DAY }, DAY, "today"],
    [{ stat_from: "2026-03-01", stat_to: DAY }, DAY, "reload"],
    [{ stat_from: "2026-03-01", stat_to: "2026-03-09" }, DAY, "fixed"],
    [{ stat_from: "2026-03-11", stat_to: "2026-03-20" }, DAY, "fixed"],
  ])("%j on %s → %s", (period, day, expected) => {
    expect(figureSource(period, day)).toBe(expected);
  });
});

describe("patchRowProgress", () => {
  it("takes the all-time figures and recomputes the shares and the profit from them", () => {
    expect(patchRowProgress(row(), progress(), "all_time")).toEqual(
      row({
        processed_count: 1200,
        progress: 50,
        sent: 1000,
        delivered: 800,
        delivered_percent: 80,
        errors: 20,
        cost: 20,
        profit: 10,
        clicked_percent: 6,
        unsubscribed_percent: 0.6,
      }),
    );
  });

  it("moves Revenue and Profit with a conversion's revenue", () => {
    expect(patchRowProgress(row(), progress({ cost: 12.5, revenue: 55.5 }), "all_time")).toMatchObject({ revenue: 55.5, profit: 43 });
    expect(
      patchRowProgress(row(), progress({ today: { day: DAY, sent: 400, delivered: 260, failed: 17, cost: 8, revenue: 4 } }), "today"),
    ).toMatchObject({
      revenue: 4,
      profit: 17.5 - (8 - 12.5) + (4 - 30),
    });
  });

  it("takes today's figures for a list of today", () => {
    expect(patchRowProgress(row(), progress(), "today")).toMatchObject({
      sent: 400,
      delivered: 260,
      delivered_percent: 65,
      errors: 17,
      cost: 8,
    });
  });

  it("moves only progress where the period's figures cannot move or are not in the event", () => {
    for (const source of ["fixed", "reload"] as const)
      expect(patchRowProgress(row(), progress(), source)).toEqual(row({ processed_count: 1200, progress: 50 }));
  });

  it("answers the same row when nothing changes or the row is another campaign's", () => {
    const r = row();
    expect(patchRowProgress(r, progress({ id: 7 }), "all_time")).toBe(r);
    const same = progress({ processed_count: 600, progress: 25 });
    expect(patchRowProgress(r, same, "fixed")).toBe(r);
  });
});

describe("patchPage", () => {
  it("patches the campaign's row only, and answers the same page when it does not hold it", () => {
    const p = page(row({ id: 1 }), row());
    const patched = patchPage(p, 41, (r) => patchRowProgress(r, progress(), "all_time"));
    expect(patched.found).toBe(true);
    expect(patched.page.data[0]).toBe(p.data[0]);
    expect(patched.page.data[1]?.sent).toBe(1000);
    expect(patchPage(p, 99, (r) => r)).toEqual({ page: p, found: false });
  });
});

describe("patchCampaignStatus", () => {
  it("sets the status, its label and reason, and marks a campaign set Active as started", () => {
    const draft = campaignFixture({ id: 41 });
    const active = patchCampaignStatus(draft, { id: 41, status: "active", status_label: "Active", status_reason: null });
    expect(active).toMatchObject({ status: "active", status_label: "Active", is_started: true });
    const failed = patchCampaignStatus(active, {
      id: 41,
      status: "failed",
      status_label: "Failed",
      status_reason: "Failed automatically.",
    });
    expect(failed).toMatchObject({ status: "failed", is_started: true, status_reason: "Failed automatically." });
    expect(patchCampaignStatus(failed, { id: 41, status: "failed", status_label: "Failed" })).toBe(failed);
  });
});

describe("the campaigns cache, live", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date(`${DAY}T12:00:00Z`) }));
  afterEach(() => vi.useRealTimers());

  const today = { page: 1, limit: 50, period: "today" as const };
  const allTime = { page: 1, limit: 50, period: "all_time" as const };
  const month = { page: 1, limit: 50, period: "this_month" as const };
  function client() {
    const qc = new QueryClient();
    for (const params of [today, allTime, month]) qc.setQueryData(campaignKeys.page(params), page(row()));
    qc.setQueryData(campaignKeys.detail(41), campaignFixture({ id: 41, status: "active", status_label: "Active", records: 1000 }));
    for (const period of cardPeriods) qc.setQueryData(campaignKeys.countersOf(period), { data: {} });
    return qc;
  }
  const cardPeriods: PeriodParams[] = [
    { period: "today" },
    { period: "this_month" },
    { period: "yesterday" },
    { stat_from: "2026-02-01", stat_to: "2026-02-28" },
    { stat_from: "2026-03-01", stat_to: DAY },
  ];
  const todaysCards = campaignKeys.countersOf({ period: "today" });
  /** Which cards reloaded: those of a period that includes today. */
  const staleCards = (qc: QueryClient) => cardPeriods.map((p) => stale(qc, campaignKeys.countersOf(p)));
  const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
  const rowOf = (qc: QueryClient, params: object) => qc.getQueryData<CampaignPage>(campaignKeys.page(params as never))?.data[0];

  it("patches every list page by its period and the campaign page, reloading only what the event cannot give", () => {
    const qc = client();
    applyCampaignProgress(qc, progress());
    expect(rowOf(qc, today)).toMatchObject({ sent: 400, progress: 50 });
    expect(rowOf(qc, allTime)).toMatchObject({ sent: 1000, progress: 50 });
    expect(rowOf(qc, month)).toMatchObject({ sent: 600, progress: 50 });
    expect(qc.getQueryData(campaignKeys.detail(41))).toMatchObject({ records: 1200, processed_count: 1200 });
    expect(stale(qc, campaignKeys.page(today))).toBe(false);
    expect(stale(qc, campaignKeys.page(allTime))).toBe(false);
    expect(stale(qc, campaignKeys.detail(41))).toBe(false);
    expect(stale(qc, campaignKeys.page(month))).toBe(true);
    expect(staleCards(qc)).toEqual([true, true, false, false, true]);
  });

  it("moves the status chip on every page and reloads today's cards at most once a second", () => {
    const qc = client();
    applyCampaignStatus(qc, { id: 41, status: "paused", status_label: "Paused" });
    expect(rowOf(qc, today)).toMatchObject({ status: "paused", status_label: "Paused" });
    expect(qc.getQueryData(campaignKeys.detail(41))).toMatchObject({ status: "paused" });
    expect(stale(qc, campaignKeys.page(today))).toBe(false);
    expect(stale(qc, todaysCards)).toBe(true);

    qc.setQueryData(todaysCards, { data: {} });
    applyCampaignStatus(qc, { id: 41, status: "active", status_label: "Active" });
    expect(stale(qc, todaysCards)).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(stale(qc, todaysCards)).toBe(true);
  });

  it("leaves the cards of a period that ended before today alone once the server's day is known", () => {
    const qc = client();
    applyCampaignProgress(qc, progress());
    for (const period of cardPeriods) qc.setQueryData(campaignKeys.countersOf(period), { data: {} });
    vi.advanceTimersByTime(1_000);
    applyCampaignStatus(qc, { id: 41, status: "paused", status_label: "Paused" });
    expect(staleCards(qc)).toEqual([true, true, false, false, true]);
  });

  it("leaves campaigns it does not hold alone, and applies one event once however many screens listen", () => {
    const qc = client();
    const before = rowOf(qc, today);
    applyCampaignProgress(qc, progress({ id: 99 }));
    expect(rowOf(qc, today)).toBe(before);
    expect(qc.getQueryData(campaignKeys.detail(99))).toBeUndefined();

    const e = progress();
    applyCampaignProgress(qc, e);
    qc.setQueryData(campaignKeys.page(today), page(row()));
    applyCampaignProgress(qc, e);
    expect(rowOf(qc, today)?.sent).toBe(600);
  });
});
