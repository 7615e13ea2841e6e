import type { StatisticQuery } from "@leadflow/contracts";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export type StatisticsView = "general" | "steps";

export interface StatisticsState {
  range: StatisticQuery;
  /** "order" when Date From is after Date To: shown on the field, and nothing is asked of the server. */
  problem: "order" | null;
  view: StatisticsView;
  /** The Lead Engagement block's step or part; null for every step. */
  leadStep: number | null;
  setDate: (field: "date_from" | "date_to", value: string) => void;
  setView: (view: StatisticsView) => void;
  setLeadStep: (id: number | null) => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the URL: a date that is not YYYY-MM-DD (a hand-edited link) is left out. */
export function readRange(params: URLSearchParams): StatisticQuery {
  const day = (k: string) => {
    const v = params.get(k) ?? "";
    return DAY.test(v) ? v : undefined;
  };
  const from = day("date_from");
  const to = day("date_to");
  return { ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}) };
}

/** The same rule as the server's (docs/product/campaigns.md): YYYY-MM-DD strings compare as dates. */
export const rangeProblem = (r: StatisticQuery): "order" | null => (r.date_from && r.date_to && r.date_from > r.date_to ? "order" : null);

/** The tab's dates, view and lead filter live in the URL: a reload or a shared link shows the same statistic. */
export function useStatisticsState(): StatisticsState {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const range = readRange(params);
  const view: StatisticsView = params.get("view") === "steps" ? "steps" : "general";
  const step = Number(params.get("lead_step"));
  const leadStep = Number.isInteger(step) && step > 0 ? step : null;
  const from = range.date_from;
  const to = range.date_to;
  return useMemo(
    () => ({
      range: { ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}) },
      problem: rangeProblem({ date_from: from, date_to: to }),
      view,
      leadStep,
      setDate: (field, value) => set(field, value),
      setView: (v) => set("view", v === "general" ? null : v),
      setLeadStep: (id) => set("lead_step", id === null ? null : String(id)),
    }),
    [from, to, view, leadStep, set],
  );
}
