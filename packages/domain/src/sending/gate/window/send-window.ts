import { DAY_MS, shift, type Wall, wallAt, zonedInstant } from "../../../shared/zoned-time";
import { legalHoursOf, type MinuteSpan, type WeekRule } from "./legal-windows";
import { US_TIME_ZONES, zonesOfCountry } from "./zones/countries";

/*
 * Quiet hours (docs/sending.md): a message may reach a provider only inside the recipient's allowed window — the
 * campaign's daily window ∩ the legal window of the recipient's country and state, in the recipient's time zone. An
 * unknown zone means every zone of the recipient's country at once (every US zone when the country is unknown too):
 * the most restrictive window, never a dropped lead. A country whose legal hours the product does not know has only
 * the daily window. The planner moves `due_at` into the window and sets `not_after` before it closes; the claim and
 * the submit check again.
 */

export { US_TIME_ZONES };

export interface SendWindowInput {
  /** The recipient's IANA zone, or null when no source told it. */
  timeZone: string | null;
  /** The recipient's US state (two letters), or null. */
  state: string | null;
  /** The recipient's country (ISO alpha-2); null or absent: not known, read as the US. */
  country?: string | null;
  /**
   * The campaign's daily window in minutes after midnight (`from > to` runs past midnight; equal: all day), read in
   * `timeZone` — the campaign's zone — or, when null, the recipient's ("send by the lead's time zone").
   */
  daily: (MinuteSpan & { timeZone: string | null }) | null;
  /** The legal hours apply (texts); false for email, which only the daily window limits. Default true. */
  legal?: boolean;
}

/** An allowed stretch of time, epoch ms, [start, end). */
export interface Interval {
  start: number;
  end: number;
}

/** A zone and the weekly rule read in it: the law's or the campaign's daily window. */
interface Constraint {
  kind: "legal" | "daily";
  zone: string;
  rule: WeekRule;
}

const ALL_DAY: MinuteSpan = { from: 0, to: 1440 };
const dailyRule = ({ from, to }: MinuteSpan): WeekRule => {
  const spans: MinuteSpan[] =
    from === to
      ? [ALL_DAY]
      : from < to
        ? [{ from, to }]
        : [
            { from: 0, to },
            { from, to: 1440 },
          ];
  return Array.from({ length: 7 }, () => spans.filter((s) => s.from < s.to));
};

function constraintsOf(at: number, input: SendWindowInput): Constraint[] {
  const country = input.country ?? null;
  const zones = input.timeZone ? [input.timeZone] : zonesOfCountry(country, at);
  const law = input.legal === false ? null : legalHoursOf(country, input.state);
  const out: Constraint[] = law ? zones.map((zone) => ({ kind: "legal", zone, rule: law.rule })) : [];
  // A daily window of the whole day limits nothing (and would end a window at the search's horizon).
  if (input.daily && input.daily.from !== input.daily.to) {
    const rule = dailyRule(input.daily);
    for (const zone of input.daily.timeZone ? [input.daily.timeZone] : zones) out.push({ kind: "daily", zone, rule });
  }
  return out;
}

const weekday = (w: Wall) => new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
const atMinute = (date: Wall, minute: number): Wall => ({ ...date, hour: Math.floor(minute / 60), minute: minute % 60, second: 0 });

/** A rule's text names it in the day cache's keys, written once per rule (rules are memoised where built). */
const ruleKeys = new WeakMap<WeekRule, string>();
const ruleKey = (rule: WeekRule) => {
  let key = ruleKeys.get(rule);
  if (key === undefined) ruleKeys.set(rule, (key = JSON.stringify(rule)));
  return key;
};

/** A day's spans in a zone as instants; memoised, since a batch of messages shares a few zones and days. */
const dayCache = new Map<string, Interval[]>();
function dayIntervals(zone: string, rule: WeekRule, date: Wall): Interval[] {
  const key = `${zone}|${ruleKey(rule)}|${date.year}-${date.month}-${date.day}`;
  let found = dayCache.get(key);
  if (!found) {
    const next = shift(date, { day: 1 });
    found = rule[weekday(date)]!.map((s) => ({
      start: zonedInstant(atMinute(date, s.from), zone).getTime(),
      end: (s.to === 1440 ? zonedInstant(atMinute(next, 0), zone) : zonedInstant(atMinute(date, s.to), zone)).getTime(),
    }));
    if (dayCache.size > 50_000) dayCache.clear();
    dayCache.set(key, found);
  }
  return found;
}

/** A constraint's allowed intervals over local days from `from` for `days` days, merged where they touch. */
function intervalsOver(c: Constraint, from: number, days: number): Interval[] {
  const out: Interval[] = [];
  const first = wallAt(from, c.zone);
  for (let k = 0; k < days; k++) {
    for (const iv of dayIntervals(c.zone, c.rule, shift(first, { day: k }))) {
      const last = out.at(-1);
      if (last && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
      else out.push({ ...iv });
    }
  }
  return out;
}

function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (start < end) out.push({ start, end });
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return out;
}

/** Days searched ahead: a week covers every weekly rule; one more covers zones a day apart. */
const HORIZON_DAYS = 9;

/**
 * The first allowed stretch at or after `at`: `start` is `at` itself when sending is allowed now. Null when the
 * campaign's daily window never meets the legal one (the planner reports it rather than dropping leads).
 */
export function sendWindow(at: number, input: SendWindowInput): Interval | null {
  const from = at - DAY_MS;
  const constraints = constraintsOf(at, input);
  // Nothing limits it (an email without a daily window): any time.
  if (constraints.length === 0) return { start: at, end: Number.POSITIVE_INFINITY };
  const allowed = constraints.map((c) => intervalsOver(c, from, HORIZON_DAYS + 1)).reduce((acc, next) => intersect(acc, next));
  const hit = allowed.find((iv) => iv.end > at);
  return hit ? { start: Math.max(hit.start, at), end: hit.end } : null;
}

/** What holds a message at an instant: the law's window or the campaign's daily window, in `zone`. */
export interface WindowHold {
  kind: Constraint["kind"];
  zone: string;
  /** When that constraint opens again (epoch ms; Infinity: never within the horizon). */
  opens: number;
}

/**
 * Which constraint keeps `at` outside the window, or null when sending is allowed then. Of the constraints closed at
 * `at`, the one that opens last is the one holding the message (the law's first when two open together): at 6 am in
 * New York under a 9 am daily window, the daily window, though quiet hours are closed too.
 */
export function windowHold(at: number, input: SendWindowInput): WindowHold | null {
  let held: WindowHold | null = null;
  for (const c of constraintsOf(at, input)) {
    const next = intervalsOver(c, at - DAY_MS, HORIZON_DAYS + 1).find((iv) => iv.end > at);
    const opens = next ? next.start : Number.POSITIVE_INFINITY;
    if (opens > at && (!held || opens > held.opens)) held = { kind: c.kind, zone: c.zone, opens };
  }
  return held;
}

/** Whether a message may reach the provider at `at` (the claim's and the submit's check). */
export function isSendAllowed(at: number, input: SendWindowInput): boolean {
  return sendWindow(at, input)?.start === at;
}
