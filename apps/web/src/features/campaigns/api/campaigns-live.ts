import { type Campaign, type CampaignPage, type CampaignRow, type LiveEventPayload, percentOf } from "@leadflow/contracts";
import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useLiveEvent } from "../../../lib/live";
import { throttle } from "../../../lib/throttle";
import type { PeriodParams } from "../model/period";
import { campaignKeys } from "./campaigns.api";

/*
 * Campaigns move live (docs/sending.md, "Live"): `CampaignProgress` and `CampaignStatus` patch the campaign wherever
 * the cache holds it — every list page and the campaign page — without a request. The cards are a team-wide sum the
 * event cannot patch: those of a period that includes today reload, at most once a second; a past period's stay.
 */

export type CampaignProgressEvent = LiveEventPayload<"CampaignProgress">;
export type CampaignStatusEvent = LiveEventPayload<"CampaignStatus">;

const COUNTERS_MS = 1_000;
/** A list over a period the event cannot give figures for (this week, a custom range) reloads at this pace at most. */
const SPANNING_MS = 5_000;

/**
 * Where a list page's Sent, Delivered, Errors and Cost come from, by its period: the event's all-time or today's
 * figures; nowhere for a period that ends before today or starts after it (sending counts only on today's UTC day,
 * so they do not move); a reload for a period spanning today and more (its sums are not in the event).
 */
export type FigureSource = "all_time" | "today" | "fixed" | "reload";

export function figureSource(period: PeriodParams, day: string | undefined): FigureSource {
  if ("period" in period) {
    if (period.period === "all_time") return "all_time";
    if (!day) return "reload";
    if (period.period === "today") return "today";
    return ["yesterday", "last_week", "last_month"].includes(period.period) ? "fixed" : "reload";
  }
  if (!day) return "reload";
  if (period.stat_to < day || period.stat_from > day) return "fixed";
  return period.stat_from === day && period.stat_to === day ? "today" : "reload";
}

const unchanged = <T extends object>(next: T, old: T) => (Object.keys(next) as (keyof T)[]).every((k) => next[k] === old[k]);

/** The row with the event's progress, and its figures from `source`; the same object when nothing changes. */
export function patchRowProgress(row: CampaignRow, e: CampaignProgressEvent, source: FigureSource): CampaignRow {
  if (row.id !== e.id) return row;
  const next: CampaignRow = { ...row, records: e.records, processed_count: e.processed_count, progress: e.progress };
  const figures = source === "all_time" ? e : source === "today" ? e.today : undefined;
  if (figures) {
    const { sent, cost } = figures;
    const revenue = figures.revenue ?? row.revenue;
    Object.assign(next, {
      sent,
      delivered: figures.delivered,
      errors: figures.failed,
      cost,
      delivered_percent: percentOf(figures.delivered, sent),
      clicked_percent: percentOf(row.clicked, sent),
      unsubscribed_percent: percentOf(row.unsubscribed, sent),
      revenue,
      // The event carries the messages' cost and the revenue: the profit moves by their changes (the lookups' part stays).
      profit: Math.round((row.profit - (cost - row.cost) + (revenue - row.revenue)) * 10_000) / 10_000,
    });
  }
  return unchanged(next, row) ? row : next;
}

export function patchRowStatus(row: CampaignRow, e: CampaignStatusEvent): CampaignRow {
  if (row.id !== e.id || (row.status === e.status && row.status_label === e.status_label)) return row;
  return { ...row, status: e.status, status_label: e.status_label };
}

export interface PagePatch {
  page: CampaignPage;
  /** The page holds the event's campaign. */
  found: boolean;
}

/** A cached list page with the campaign's row patched by `patch`; the same page when it does not hold it. */
export function patchPage(page: CampaignPage, id: number, patch: (row: CampaignRow) => CampaignRow): PagePatch {
  if (!page.data.some((r) => r.id === id)) return { page, found: false };
  const data = page.data.map((r) => (r.id === id ? patch(r) : r));
  return { page: data.every((r, i) => r === page.data[i]) ? page : { ...page, data }, found: true };
}

/** The campaign page's figures: the audience's records and what is processed (its status chip moves by status). */
export function patchCampaignProgress(c: Campaign, e: CampaignProgressEvent): Campaign {
  if (c.id !== e.id || (c.records === e.records && c.processed_count === e.processed_count)) return c;
  return { ...c, records: e.records, processed_count: e.processed_count };
}

export function patchCampaignStatus(c: Campaign, e: CampaignStatusEvent): Campaign {
  if (c.id !== e.id) return c;
  const next: Campaign = {
    ...c,
    status: e.status,
    status_label: e.status_label,
    status_reason: e.status_reason === undefined ? c.status_reason : e.status_reason,
    // Active is what starts a campaign, whoever set it (the server sets the flag in the same write).
    is_started: c.is_started || e.status === "active",
  };
  return unchanged(next, c) ? c : next;
}

interface ClientState {
  seen: WeakSet<object>;
  /** The server's UTC day, from the latest progress event: which list periods include today. */
  day: string | undefined;
  reloadCounters: () => void;
  reloadSpanning: () => void;
}
const clients = new WeakMap<QueryClient, ClientState>();

const isPage = (d: unknown): d is CampaignPage =>
  typeof d === "object" && d !== null && Array.isArray((d as { data?: unknown }).data) && "meta" in d;
/** The list params a page query is keyed by (`campaignKeys.page(params)`), or a cards query's period (`countersOf`). */
const periodOf = (q: Query) => q.queryKey[2] as PeriodParams;

/** Cards of a period that ended before today (or starts after it) do not move: sending counts on today's UTC day. */
const countersMove = (q: Query, day: string | undefined) => q.queryKey[2] === undefined || figureSource(periodOf(q), day) !== "fixed";

function stateOf(qc: QueryClient): ClientState {
  let s = clients.get(qc);
  if (!s) {
    const state: ClientState = {
      seen: new WeakSet(),
      day: undefined,
      reloadCounters: throttle(
        () =>
          void qc.invalidateQueries({
            queryKey: campaignKeys.counters(),
            predicate: (q) => countersMove(q, state.day),
          }),
        COUNTERS_MS,
      ),
      reloadSpanning: throttle(
        () =>
          void qc.invalidateQueries({
            queryKey: campaignKeys.pages(),
            predicate: (q) => figureSource(periodOf(q), state.day) === "reload",
          }),
        SPANNING_MS,
      ),
    };
    clients.set(qc, (s = state));
  }
  return s;
}

/** Applies each event once, however many screens listen. */
function firstTime(state: ClientState, e: object): boolean {
  if (state.seen.has(e)) return false;
  state.seen.add(e);
  return true;
}

/** The open campaign, when cached; never creates the entry, and leaves it alone when nothing changes. */
function patchDetail(qc: QueryClient, id: number, patch: (c: Campaign) => Campaign): void {
  const c = qc.getQueryData<Campaign>(campaignKeys.detail(id));
  if (!c) return;
  const next = patch(c);
  if (next !== c) qc.setQueryData(campaignKeys.detail(id), next);
}

export function applyCampaignProgress(qc: QueryClient, e: CampaignProgressEvent): void {
  const state = stateOf(qc);
  if (!firstTime(state, e)) return;
  if (e.today) state.day = e.today.day;
  let spanning = false;
  for (const query of qc.getQueryCache().findAll({ queryKey: campaignKeys.pages() })) {
    if (!isPage(query.state.data)) continue;
    const source = figureSource(periodOf(query), state.day);
    const result = patchPage(query.state.data, e.id, (r) => patchRowProgress(r, e, source));
    if (!result.found) continue;
    spanning ||= source === "reload";
    if (result.page !== query.state.data) qc.setQueryData(query.queryKey, result.page);
  }
  patchDetail(qc, e.id, (c) => patchCampaignProgress(c, e));
  if (spanning) state.reloadSpanning();
  state.reloadCounters();
}

export function applyCampaignStatus(qc: QueryClient, e: CampaignStatusEvent): void {
  const state = stateOf(qc);
  if (!firstTime(state, e)) return;
  for (const query of qc.getQueryCache().findAll({ queryKey: campaignKeys.pages() })) {
    if (!isPage(query.state.data)) continue;
    const result = patchPage(query.state.data, e.id, (r) => patchRowStatus(r, e));
    if (result.page !== query.state.data) qc.setQueryData(query.queryKey, result.page);
  }
  patchDetail(qc, e.id, (c) => patchCampaignStatus(c, e));
  state.reloadCounters();
}

/** Keeps the cached campaigns (list pages, the open campaign) live while the calling screen is open. */
export function useCampaignsLiveUpdates(): void {
  const qc = useQueryClient();
  useLiveEvent("CampaignProgress", (e) => applyCampaignProgress(qc, e));
  useLiveEvent("CampaignStatus", (e) => applyCampaignStatus(qc, e));
}
