import type { DateRange } from "@leadflow/contracts";
import { DAY_MS, shift, type Wall, wallAt, zonedInstant } from "../shared/zoned-time";

/*
 * Dates in segment filters are wall-clock texts ('2026-01-31', '2026-01-31 23:59:59') read in the tree's IANA
 * zone (the browser's). They become instants here, in JavaScript, so the SQL compares a column with a constant
 * timestamptz: the planner can estimate it, and no zone conversion runs per lead.
 */

/**
 * A date value as the period it names: '2026-01-31' the whole day, '2026-01-31 10:00' that minute,
 * '2026-01-31 10:00:05' that second. Filters compare with its start (before) or its end (after, inclusive
 * upper bounds), so "to 2026-01-31" includes all of that day and "to 23:59:59" all of that second.
 */
export interface DatePeriod {
  start: Wall;
  /** The first wall time after the period. */
  end: Wall;
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A date value's period, or null when it is not a real date ('2026-02-30', '2026-01-31 24:00'). */
export function parseDatePeriod(text: unknown): DatePeriod | null {
  const m = typeof text === "string" ? DATE_TEXT.exec(text.trim()) : null;
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((p) => (p === undefined ? undefined : Number(p)));
  const start: Wall = { year: year!, month: month!, day: day!, hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0 };
  const real = shift(start, {});
  if (
    real.year !== start.year ||
    real.month !== start.month ||
    real.day !== start.day ||
    start.hour > 23 ||
    start.minute > 59 ||
    start.second > 59
  )
    return null;
  const end = shift(start, second !== undefined ? { second: 1 } : minute !== undefined ? { minute: 1 } : { day: 1 });
  return { start, end };
}

/** Instants bounding a date range: `from` inclusive, `to` exclusive; absent bounds are open. */
export interface Bounds {
  from?: Date;
  to?: Date;
}

const RELATIVE_DAYS = { last_24_hours: 1, last_7_days: 7, last_30_days: 30, last_90_days: 90 } as const;

/**
 * The instants of a date range (created date, campaign period): the last N days count back from now in
 * 24-hour days; this month and this year are the calendar's in the zone; custom dates are periods (see
 * DatePeriod). `null` for all time. The caller has checked custom dates with parseDatePeriod.
 */
export function rangeBounds(
  range: DateRange,
  dates: { from?: string | null; to?: string | null },
  timeZone: string,
  now: Date,
): Bounds | null {
  switch (range) {
    case "all_time":
      return null;
    case "last_24_hours":
    case "last_7_days":
    case "last_30_days":
    case "last_90_days":
      return { from: new Date(now.getTime() - RELATIVE_DAYS[range] * DAY_MS) };
    case "this_month":
    case "this_year": {
      const today = wallAt(now.getTime(), timeZone);
      const start: Wall = { year: today.year, month: range === "this_year" ? 1 : today.month, day: 1, hour: 0, minute: 0, second: 0 };
      const end = shift(start, range === "this_year" ? { year: 1 } : { month: 1 });
      return { from: zonedInstant(start, timeZone), to: zonedInstant(end, timeZone) };
    }
    case "custom_dates": {
      const from = dates.from ? parseDatePeriod(dates.from) : null;
      const to = dates.to ? parseDatePeriod(dates.to) : null;
      return {
        ...(from ? { from: zonedInstant(from.start, timeZone) } : {}),
        ...(to ? { to: zonedInstant(to.end, timeZone) } : {}),
      };
    }
  }
}

/** N days back from now (within_last_days), 24-hour days. */
export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
