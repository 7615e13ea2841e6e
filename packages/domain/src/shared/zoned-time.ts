/*
 * Wall-clock time in IANA zones with Intl alone: what an instant shows in a zone, and the instant a wall time names.
 * Segment date filters and the sending windows (quiet hours) both read time this way.
 */

export const DAY_MS = 86_400_000;

/** A wall-clock time in some zone; month 1–12. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, or null when the zone is unknown (Intl knows the IANA names PostgreSQL knows). */
function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      return null;
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(timeZone: string): boolean {
  return timeZone.trim() !== "" && formatter(timeZone) !== null;
}

/** What Intl says the wall clock shows (whole seconds): the slow path, a few microseconds a call. */
function intlWallAt(instant: number, timeZone: string): Wall {
  const parts = Object.fromEntries(
    formatter(timeZone)!
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const asUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
/** Orders wall times (of one zone). */
export const wallOrder = asUtc;

const intlOffsetAt = (instant: number, timeZone: string) => asUtc(intlWallAt(instant, timeZone)) - Math.floor(instant / 1000) * 1000;

/**
 * Offsets by zone and UTC day, when the day has one offset throughout (every day but a clock change's): quiet-hours
 * checks read many instants of few zones and days, and arithmetic is far cheaper than Intl.
 */
const dayOffsets = new Map<string, number | null>();

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const day = Math.floor(instant / DAY_MS);
  const key = `${timeZone}|${day}`;
  let fixed = dayOffsets.get(key);
  if (fixed === undefined) {
    const first = intlOffsetAt(day * DAY_MS, timeZone);
    fixed = first === intlOffsetAt((day + 1) * DAY_MS - 1000, timeZone) ? first : null;
    if (dayOffsets.size > 100_000) dayOffsets.clear();
    dayOffsets.set(key, fixed);
  }
  return fixed ?? intlOffsetAt(instant, timeZone);
}

/** The wall-clock time an instant shows in a zone (whole seconds). */
export function wallAt(instant: number, timeZone: string): Wall {
  if (!formatter(timeZone)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  const d = new Date(Math.floor(instant / 1000) * 1000 + offsetAt(instant, timeZone));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The instant a wall time names in a zone. Around a clock change the two offsets in force that day are tried:
 * a repeated wall time (clocks going back) is its first occurrence; a skipped one (clocks going forward) moves
 * forward by the gap, as PostgreSQL reads it — so a day starting at a skipped midnight starts when it begins.
 */
export function zonedInstant(w: Wall, timeZone: string): Date {
  const local = asUtc(w);
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const fits = [local - before, local - after].filter((t) => offsetAt(t, timeZone) === local - t);
  return new Date(fits.length > 0 ? Math.min(...fits) : local - before);
}

/** Wall-time arithmetic (calendar fields, no zone): Date.UTC normalises overflowing days and months. */
export function shift(w: Wall, by: Partial<Wall>): Wall {
  const d = new Date(
    Date.UTC(
      w.year + (by.year ?? 0),
      w.month - 1 + (by.month ?? 0),
      w.day + (by.day ?? 0),
      w.hour + (by.hour ?? 0),
      w.minute + (by.minute ?? 0),
      w.second + (by.second ?? 0),
    ),
  );
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}
