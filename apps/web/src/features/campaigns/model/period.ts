import { type StatPeriod, StatPeriods } from "@leadflow/contracts";

/** The period selector's choices: the server's named periods plus a custom range of two days. */
export const PeriodChoices = [...StatPeriods, "custom"] as const;
export type PeriodChoice = (typeof PeriodChoices)[number];

export interface PeriodState {
  choice: PeriodChoice;
  /** YYYY-MM-DD, used only by the custom choice. */
  from: string;
  to: string;
}

export const defaultPeriod: PeriodState = { choice: "today", from: "", to: "" };

export type PeriodParams = { period: StatPeriod } | { stat_from: string; stat_to: string };

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

/**
 * The list query's period part. A custom range goes out only when both days are valid and in order; until then the
 * list keeps today's figures rather than asking for a range the server rejects with a 422.
 */
export function periodParams(p: PeriodState): PeriodParams {
  if (p.choice !== "custom") return { period: p.choice };
  if (isDay(p.from) && isDay(p.to) && p.from <= p.to) return { stat_from: p.from, stat_to: p.to };
  return { period: "today" };
}

/** Why the custom range is not used yet, for the date field's helper text; null when it is fine. */
export function customRangeProblem(p: PeriodState): "incomplete" | "order" | null {
  if (p.choice !== "custom") return null;
  if (!isDay(p.from) || !isDay(p.to)) return "incomplete";
  return p.from > p.to ? "order" : null;
}

/** The period as the list's URL keeps it: `period` (absent: today), and `from`/`to` for a custom range. */
export function readPeriod(params: URLSearchParams): PeriodState {
  const raw = params.get("period");
  const choice = (PeriodChoices as readonly string[]).includes(raw ?? "") ? (raw as PeriodChoice) : defaultPeriod.choice;
  return choice === "custom" ? { choice, from: params.get("from") ?? "", to: params.get("to") ?? "" } : { ...defaultPeriod, choice };
}

/** `params` with the period written in (today, the default, leaves no trace); other parameters kept. */
export function writePeriod(params: URLSearchParams, p: PeriodState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ["period", "from", "to"]) next.delete(key);
  if (p.choice !== defaultPeriod.choice) next.set("period", p.choice);
  if (p.choice === "custom") {
    if (p.from) next.set("from", p.from);
    if (p.to) next.set("to", p.to);
  }
  return next;
}
