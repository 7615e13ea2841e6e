import { describe, expect, it } from "vitest";
import { CanadaRule, legalRule, type MinuteSpan, StateRules, type WeekRule } from "./legal-windows";
import { isSendAllowed, type SendWindowInput, sendWindow, US_TIME_ZONES, windowHold } from "./send-window";

/** A seeded generator, so a failure names the case that broke. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clocks = new Map<string, Intl.DateTimeFormat>();
/** Intl's own reading of a wall clock, apart from the code under test (which caches offsets). */
function wallClock(at: number, zone: string) {
  let f = clocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    clocks.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** A country's zones as Intl lists them; the US by its seven clocks (what an unknown US zone always meant). */
function zonesOf(country: string | null | undefined): readonly string[] {
  if (!country || country === "US") return US_TIME_ZONES;
  const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & { getTimeZones(): string[] };
  return locale.getTimeZones();
}

/** The law by country: the US (and an unknown country) by state, Canada's CRTC hours, no legal hours elsewhere. */
function lawOf(input: SendWindowInput): WeekRule | null {
  if (!input.country || input.country === "US") return legalRule(input.state);
  return input.country === "CA" ? CanadaRule : null;
}

/** The oracle: wall clocks read directly, one zone at a time, with no conversion back to instants. */
function allowedByWallClock(at: number, input: SendWindowInput): boolean {
  const zones = input.timeZone ? [input.timeZone] : zonesOf(input.country);
  const within = (zone: string, spansOf: (day: number) => readonly MinuteSpan[]) => {
    const w = wallClock(at, zone);
    const minute = w.hour * 60 + w.minute + w.second / 60;
    const day = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
    return spansOf(day).some((s) => minute >= s.from && minute < s.to);
  };
  const legal = lawOf(input);
  if (legal && !zones.every((z) => within(z, (d) => legal[d]!))) return false;
  const daily = input.daily;
  if (!daily) return true;
  const spans: MinuteSpan[] =
    daily.from === daily.to
      ? [{ from: 0, to: 1440 }]
      : daily.from < daily.to
        ? [daily]
        : [
            { from: 0, to: daily.to },
            { from: daily.from, to: 1440 },
          ];
  return (daily.timeZone ? [daily.timeZone] : zones).every((z) => within(z, () => spans));
}

const ZONES = [
  ...US_TIME_ZONES,
  "America/Indiana/Indianapolis",
  "America/Puerto_Rico",
  "Europe/London",
  "Europe/Berlin",
  "America/Toronto",
  "America/St_Johns",
  "America/Sao_Paulo",
  "Australia/Sydney",
];
/** Countries with the law's hours (US, Canada), without (Germany), and spanning zones (Brazil, Australia, Canada). */
const COUNTRIES = ["US", "US", "CA", "DE", "BR", "AU", null];
const STATES = [...Object.keys(StateRules), "NY", "CA", "NV", null];
/** Instants near the clock changes of 2026 and 2027 (US, EU, Australia), where quiet hours go wrong first. */
const DST_EDGES = [
  Date.UTC(2026, 2, 8, 7),
  Date.UTC(2026, 10, 1, 6),
  Date.UTC(2027, 2, 14, 7),
  Date.UTC(2027, 10, 7, 6),
  Date.UTC(2026, 2, 29, 1),
  Date.UTC(2026, 9, 25, 1),
  Date.UTC(2026, 3, 4, 16),
  Date.UTC(2026, 9, 3, 16),
];
const HOUR = 3_600_000;

function randomCase(rnd: () => number): { at: number; input: SendWindowInput } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const at =
    rnd() < 0.4 ? pick(DST_EDGES) + Math.floor((rnd() - 0.5) * 72 * HOUR) : Date.UTC(2026, 0, 1) + Math.floor(rnd() * 730 * 24 * HOUR);
  // Daily windows avoid 01:00–03:00, the hours a spring-forward day skips (see the test below for those) and a
  // fall-back day repeats (London and the US repeat 01:00–02:00, Berlin 02:00–03:00: a window starting in the
  // repeated hour opens at its first occurrence).
  const minute = () => {
    const m = Math.floor(rnd() * 1440);
    return m >= 60 && m <= 180 ? m + 121 : m;
  };
  const daily = rnd() < 0.3 ? null : { from: minute(), to: minute(), timeZone: rnd() < 0.5 ? null : pick(ZONES) };
  return { at, input: { timeZone: rnd() < 0.15 ? null : pick(ZONES), state: pick(STATES), country: pick(COUNTRIES), daily } };
}

describe("sendWindow", () => {
  it("never allows an instant outside the window, and never makes a lead wait when it is allowed (10^5 cases)", () => {
    const rnd = mulberry32(20261126);
    let checked = 0;
    for (let n = 0; n < 100_000; n++) {
      const { at, input } = randomCase(rnd);
      const win = sendWindow(at, input);
      const fail = (what: string) => {
        throw new Error(`${what}: ${JSON.stringify({ n, at: new Date(at).toISOString(), input, win })}`);
      };
      if ((win !== null && win.start === at) !== allowedByWallClock(at, input)) fail("allowed now, or not, as the wall clock says");
      if (!win) continue;
      // Nothing limits it (no legal hours known, no daily window): open now and for good.
      if (!Number.isFinite(win.end)) {
        if (win.start !== at || windowHold(at, input) !== null) fail("always open");
        continue;
      }
      if (win.start < at || win.end <= win.start) fail("a window at or after the instant");
      for (const t of [win.start, win.end - 1000, Math.floor((win.start + win.end) / 2)])
        if (!allowedByWallClock(t, input)) fail(`allowed inside, at ${new Date(t).toISOString()}`);
      if (allowedByWallClock(win.end, input)) fail("closed at its end");
      if (n % 10 === 0 && (windowHold(at, input) === null) !== (win.start === at)) fail("held exactly when not allowed");
      checked++;
    }
    expect(checked).toBeGreaterThan(80_000);
  });

  it("makes a lead wait for the first allowed minute, never later (scanned minute by minute)", () => {
    const rnd = mulberry32(7);
    for (let n = 0; n < 300; n++) {
      const { at, input } = randomCase(rnd);
      const win = sendWindow(at, input);
      if (!win || win.start === at) continue;
      const firstMinute = Math.ceil(at / 60_000) * 60_000;
      for (let t = firstMinute; t < win.start; t += 60_000)
        expect(allowedByWallClock(t, input), `${n} ${new Date(t).toISOString()}`).toBe(false);
    }
  });

  it("keeps the federal 8am–9pm in the lead's zone, and a stricter state's hours", () => {
    const ny = { timeZone: "America/New_York", state: "NY", daily: null };
    // 2026-07-01 07:59 EDT is 11:59Z: wait until 08:00 local, then send until 21:00 local.
    expect(sendWindow(Date.UTC(2026, 6, 1, 11, 59), ny)).toEqual({ start: Date.UTC(2026, 6, 1, 12), end: Date.UTC(2026, 6, 2, 1) });
    expect(isSendAllowed(Date.UTC(2026, 6, 2, 0, 30), ny)).toBe(true);
    // Florida stops at 8pm.
    expect(isSendAllowed(Date.UTC(2026, 6, 2, 0, 30), { ...ny, state: "FL" })).toBe(false);
    // Texas on a Sunday (2026-07-05) starts at noon.
    expect(sendWindow(Date.UTC(2026, 6, 5, 14), { timeZone: "America/Chicago", state: "TX", daily: null })?.start).toBe(
      Date.UTC(2026, 6, 5, 17),
    );
  });

  it("reads an unknown zone as every US zone at once: Hawaii's morning and the East's evening", () => {
    const unknown = { timeZone: null, state: "NY", daily: null };
    // 2026-07-01: 08:00 HST is 18:00Z; 21:00 EDT is 01:00Z next day.
    expect(sendWindow(Date.UTC(2026, 6, 1, 12), unknown)).toEqual({ start: Date.UTC(2026, 6, 1, 18), end: Date.UTC(2026, 6, 2, 1) });
  });

  it("reads the daily window in the campaign's zone, or the lead's, past midnight too", () => {
    const at = Date.UTC(2026, 6, 1, 15); // 11:00 EDT, 08:00 PDT
    const campaignZone = {
      timeZone: "America/Los_Angeles",
      state: "CA",
      daily: { from: 9 * 60, to: 17 * 60, timeZone: "America/New_York" },
    };
    expect(sendWindow(at, campaignZone)).toEqual({ start: at, end: Date.UTC(2026, 6, 1, 21) });
    const leadZone = { ...campaignZone, daily: { ...campaignZone.daily, timeZone: null } };
    expect(sendWindow(at, leadZone)).toEqual({ start: Date.UTC(2026, 6, 1, 16), end: Date.UTC(2026, 6, 2, 0) });
    const overnight = { timeZone: "America/New_York", state: "NY", daily: { from: 20 * 60, to: 2 * 60, timeZone: null } };
    expect(sendWindow(at, overnight)).toEqual({ start: Date.UTC(2026, 7 - 1, 2, 0), end: Date.UTC(2026, 6, 2, 1) });
  });

  it("answers null when the daily window never meets the legal one", () => {
    expect(
      sendWindow(Date.UTC(2026, 6, 1), {
        timeZone: "America/New_York",
        state: null,
        daily: { from: 22 * 60, to: 23 * 60, timeZone: null },
      }),
    ).toBeNull();
  });

  it("never opens inside an hour a spring-forward day skips: a window from 02:30 opens at 03:30", () => {
    const input = { timeZone: "America/New_York", state: "NY", daily: { from: 150, to: 1380, timeZone: null } };
    // 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00Z); the legal 08:00 EDT (12:00Z) is later still.
    const win = sendWindow(Date.UTC(2026, 2, 8, 5), input)!;
    expect(win.start).toBe(Date.UTC(2026, 2, 8, 12));
    expect(allowedByWallClock(win.start, input)).toBe(true);
  });
});
