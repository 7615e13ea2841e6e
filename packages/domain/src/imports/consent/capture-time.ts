/*
 * When a person consented, as lead files and form vendors write it: an ISO 8601 instant (with or without a zone,
 * `T` or a space), a US date with an optional 12- or 24-hour time, or Unix time in seconds or milliseconds. A time
 * without a zone is taken as UTC. Anything else is not a capture time: guessing (is 03/04 March or April?) would
 * put a wrong date on a consent record, which is worse than none.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?$/i;
const EPOCH_SECONDS = /^\d{10}$/;
const EPOCH_MS = /^\d{13}$/;

/** Milliseconds since the epoch, or null when the text is not a capture time this reads. */
export function parseCaptureTime(text: string): number | null {
  const v = text.trim();
  if (EPOCH_SECONDS.test(v)) return Number(v) * 1000;
  if (EPOCH_MS.test(v)) return Number(v);
  const iso = ISO.exec(v);
  if (iso) {
    const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "0", zone] = iso;
    const ms = Number(frac.padEnd(3, "0").slice(0, 3));
    const at = utc(+y!, +mo!, +d!, +h, +mi, +s, ms);
    return at === null ? null : at - zoneOffsetMs(zone);
  }
  const us = US.exec(v);
  if (us) {
    const [, mo, d, y, h = "0", mi = "0", s = "0", half] = us;
    let hour = +h;
    if (half) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (half.toUpperCase() === "PM" ? 12 : 0);
    }
    return utc(+y!, +mo!, +d!, hour, +mi, +s, 0);
  }
  return null;
}

/** The instant of a wall-clock time in UTC, or null for a date or time that does not exist (Feb 30, 25:00). */
function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const at = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const back = new Date(at);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? at : null;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  return sign * (hours * 60 + minutes) * 60_000;
}
