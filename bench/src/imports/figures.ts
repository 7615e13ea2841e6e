import { median } from "../report";
import type { StatementTime } from "../shared/statement-timer";
import type { FileImportResult } from "./file-import";

/** The medians (and the worst memory) of several runs of one import. */
export interface ImportFigures {
  runs: number;
  ms: number;
  rowsPerSecond: number;
  firstEventMs: number | null;
  firstRowsMs: number | null;
  peakRssMb: number;
  rssBeforeMb: number;
  /** The median run's three slowest statements. */
  slowest: StatementTime[];
  each: Pick<FileImportResult, "ms" | "firstEventMs" | "firstRowsMs" | "peakRssMb" | "rssBeforeMb">[];
}

export function importFigures(rows: number, results: FileImportResult[]): ImportFigures {
  const ms = median(results.map((r) => r.ms));
  const maybe = (xs: (number | null)[]) => (xs.every((x) => x !== null) ? median(xs as number[]) : null);
  return {
    runs: results.length,
    ms,
    rowsPerSecond: (rows / ms) * 1000,
    firstEventMs: maybe(results.map((r) => r.firstEventMs)),
    firstRowsMs: maybe(results.map((r) => r.firstRowsMs)),
    peakRssMb: Math.max(...results.map((r) => r.peakRssMb)),
    rssBeforeMb: Math.max(...results.map((r) => r.rssBeforeMb)),
    slowest: results.reduce((a, b) => (Math.abs(b.ms - ms) < Math.abs(a.ms - ms) ? b : a)).statements.slice(0, 3),
    each: results.map(({ ms, firstEventMs, firstRowsMs, peakRssMb, rssBeforeMb }) => ({
      ms,
      firstEventMs,
      firstRowsMs,
      peakRssMb,
      rssBeforeMb,
    })),
  };
}

/** "peak RSS 420 MB (310 MB before)": the process's peak during the import, and what it already held. */
export const rss = (f: Pick<ImportFigures, "peakRssMb" | "rssBeforeMb">) => `peak RSS ${f.peakRssMb} MB (${f.rssBeforeMb} MB before)`;
/** "slowest: WITH r AS MATERIALIZED (… 29.7 s × 50; …": where the job's time went. */
export const slowest = (f: Pick<ImportFigures, "slowest">) =>
  `slowest: ${f.slowest.map((t) => `${t.statement.slice(0, 40)}… ${seconds(t.ms)} × ${t.n}`).join("; ")}`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
export const perSecond = (n: number) => `${n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : Math.round(n)} rows/s`;
export const millis = (ms: number | null) => (ms === null ? "—" : `${Math.round(ms)} ms`);
export const verdict = (checks: Record<string, boolean>) => {
  const missed = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([k]) => k);
  return missed.length ? `misses: ${missed.join(", ")}` : "meets the goal";
};
