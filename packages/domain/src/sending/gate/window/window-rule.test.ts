import { describe, expect, it } from "vitest";
import { CanadaRule, FederalRule, legalHoursOf, StateRules } from "./legal-windows";
import { clockText, weekRuleText } from "./rule-text";
import { type SendWindowInput, sendWindow, windowHold } from "./send-window";
import { sendAfterRule, windowRuleAt } from "./window-rule";

const H = 3_600_000;
const utc = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m - 1, d, h, min);
const NY = { timeZone: "America/New_York", state: "NY", country: "US" };
const BERLIN = { timeZone: "Europe/Berlin", state: null, country: "DE" };
const TORONTO = { timeZone: "America/Toronto", state: null, country: "CA" };
const nineToFive = (timeZone: string | null = null) => ({ from: 9 * 60, to: 17 * 60, timeZone });

describe("windowHold: which rule holds a message", () => {
  const cases: [string, number, SendWindowInput, { kind: "legal" | "daily"; opens: number } | null][] = [
    [
      "New York at 7:59 EDT: the law, until 8",
      utc(2026, 7, 1, 11, 59),
      { ...NY, daily: null },
      { kind: "legal", opens: utc(2026, 7, 1, 12) },
    ],
    [
      "New York at 7:59 under a 9–5 daily window: the daily window, which opens last",
      utc(2026, 7, 1, 11, 59),
      { ...NY, daily: nineToFive("America/New_York") },
      { kind: "daily", opens: utc(2026, 7, 1, 13) },
    ],
    ["New York at 11 am: open", utc(2026, 7, 1, 15), { ...NY, daily: nineToFive() }, null],
    [
      "Texas on a Sunday at 9 am: the law (noon on Sundays)",
      utc(2026, 7, 5, 14),
      { timeZone: "America/Chicago", state: "TX", country: "US", daily: null },
      { kind: "legal", opens: utc(2026, 7, 5, 17) },
    ],
    ["Germany at 5 am without a daily window: nothing holds it", utc(2026, 7, 1, 3), { ...BERLIN, daily: null }, null],
    [
      "Germany at 5 am, 9–5 in its zone: the daily window",
      utc(2026, 7, 1, 3),
      { ...BERLIN, daily: nineToFive() },
      { kind: "daily", opens: utc(2026, 7, 1, 7) },
    ],
    // 29 March 2026: Berlin's clocks go from 02:00 CET to 03:00 CEST; 9 am is 08:00Z the day before, 07:00Z that day.
    [
      "Germany the day before its spring change",
      utc(2026, 3, 28, 5),
      { ...BERLIN, daily: nineToFive() },
      { kind: "daily", opens: utc(2026, 3, 28, 8) },
    ],
    [
      "Germany on its spring change",
      utc(2026, 3, 29, 5),
      { ...BERLIN, daily: nineToFive() },
      { kind: "daily", opens: utc(2026, 3, 29, 7) },
    ],
    [
      "Germany on its autumn change",
      utc(2026, 10, 25, 5),
      { ...BERLIN, daily: nineToFive() },
      { kind: "daily", opens: utc(2026, 10, 25, 8) },
    ],
    ["Canada on a Friday at 9:30: open", utc(2026, 7, 3, 13, 30), { ...TORONTO, daily: null }, null],
    [
      "Canada on a Saturday at 9:30: the law (10 am on weekends)",
      utc(2026, 7, 4, 13, 30),
      { ...TORONTO, daily: null },
      { kind: "legal", opens: utc(2026, 7, 4, 14) },
    ],
    [
      "Canada on a Saturday at 6:30 pm: the law until Sunday 10 am",
      utc(2026, 7, 4, 22, 30),
      { ...TORONTO, daily: null },
      { kind: "legal", opens: utc(2026, 7, 5, 14) },
    ],
    [
      "Canada on a Thursday at 9:45 pm: the law until Friday 9 am",
      utc(2026, 7, 3, 1, 45),
      { ...TORONTO, daily: null },
      { kind: "legal", opens: utc(2026, 7, 3, 13) },
    ],
    // Canada's autumn change (1 November 2026, 06:00Z): Sunday 10 am EST is 15:00Z.
    ["Canada on its autumn change", utc(2026, 11, 1, 12), { ...TORONTO, daily: null }, { kind: "legal", opens: utc(2026, 11, 1, 15) }],
    ["an email in New York at 3 am: no law, no daily window", utc(2026, 7, 1, 7), { ...NY, daily: null, legal: false }, null],
  ];
  it.each(cases)("%s", (_name, at, input, expected) => {
    const hold = windowHold(at, input);
    expect(hold && { kind: hold.kind, opens: hold.opens }).toEqual(expected);
    // The rule that holds it opens no later than the window itself.
    if (hold) expect(hold.opens).toBeLessThanOrEqual(sendWindow(at, input)!.start);
  });
});

describe("a country's zones when the recipient's is unknown", () => {
  it("holds Brazil's daily window in every Brazilian clock at once: 9 am in Rio Branco to 5 pm on Noronha", () => {
    const input = { timeZone: null, state: null, country: "BR", daily: nineToFive() };
    // 1 July 2026: Rio Branco UTC−5, Noronha UTC−2.
    expect(sendWindow(utc(2026, 7, 1, 12), input)).toEqual({ start: utc(2026, 7, 1, 14), end: utc(2026, 7, 1, 19) });
    expect(windowHold(utc(2026, 7, 1, 12), input)).toMatchObject({ kind: "daily", opens: utc(2026, 7, 1, 14) });
  });

  it("holds Australia's in every Australian clock, their summer time included: 9 am in Perth to 5 pm in Sydney", () => {
    const input = { timeZone: null, state: null, country: "AU", daily: nineToFive() };
    // 15 January 2026: Perth UTC+8, Sydney and Lord Howe UTC+11.
    expect(sendWindow(utc(2026, 1, 15, 0), input)).toEqual({ start: utc(2026, 1, 15, 1), end: utc(2026, 1, 15, 6) });
    // 15 July 2026 (their winter): Sydney UTC+10, Lord Howe UTC+10:30.
    expect(sendWindow(utc(2026, 7, 15, 0), input)).toEqual({ start: utc(2026, 7, 15, 1), end: utc(2026, 7, 15, 6, 30) });
  });

  it("sends to an unknown zone in a country without legal hours and without a daily window at once", () => {
    expect(sendWindow(utc(2026, 7, 1, 3), { timeZone: null, state: null, country: "AU", daily: null })).toEqual({
      start: utc(2026, 7, 1, 3),
      end: Number.POSITIVE_INFINITY,
    });
  });

  it("keeps every US zone for an unknown country, as before", () => {
    expect(sendWindow(utc(2026, 7, 1, 12), { timeZone: null, state: "NY", country: null, daily: null })).toEqual({
      start: utc(2026, 7, 1, 18),
      end: utc(2026, 7, 2, 1),
    });
  });
});

describe("legalHoursOf", () => {
  it.each([
    ["US", "NY", "federal", FederalRule],
    ["US", "FL", "state", StateRules.FL],
    ["PR", "PR", "federal", FederalRule],
    [null, "TX", "state", null],
    ["US", null, "any_state", null],
    ["CA", null, "country", CanadaRule],
  ] as const)("%s %s: %s", (country, state, source, rule) => {
    const law = legalHoursOf(country, state)!;
    expect(law.source).toBe(source);
    if (rule) expect(law.rule).toEqual(rule);
  });

  it("knows no legal hours elsewhere", () => {
    for (const country of ["DE", "GB", "BR", "AU", "JM"]) expect(legalHoursOf(country, null)).toBeNull();
  });
});

describe("rules in words", () => {
  it.each([
    [0, "midnight"],
    [8 * 60, "8 am"],
    [12 * 60, "noon"],
    [21 * 60 + 30, "9:30 pm"],
    [13 * 60 + 5, "1:05 pm"],
  ])("clockText(%i) is %s", (minute, text) => expect(clockText(minute)).toBe(text));

  it.each([
    [FederalRule, "8 am–9 pm"],
    [StateRules.TX!, "9 am–9 pm, Sunday from noon"],
    [StateRules.AL!, "8 am–8 pm, never on Sunday"],
    [CanadaRule, "9 am–9:30 pm on weekdays, 10 am–6 pm on weekends"],
    [legalHoursOf("US", null)!.rule, "9 am–8 pm, never on Sunday"],
  ])("%#: %s", (rule, text) => expect(weekRuleText(rule)).toBe(text));
});

describe("windowRuleAt: the rule as the waiting figure and Queued Logs say it", () => {
  const none = { daytime_limitation: false, run_daily_from: null, run_daily_to: null, need_send_by_timezones: false, started_at_tz: "UTC" };
  const daily = { ...none, daytime_limitation: true, run_daily_from: "09:00", run_daily_to: "17:00", need_send_by_timezones: true };
  const at = utc(2026, 7, 1, 7); // 3 am in New York, 9 am in Berlin

  it.each([
    ["federal", NY, none, "sms", "Quiet hours (NY)", "Quiet hours: 8 am–9 pm in the recipient's time zone (federal)"],
    ["a state's", { ...NY, state: "FL" }, none, "sms", "Quiet hours (FL)", "Florida: 8 am–8 pm in the recipient's time zone (state law)"],
    [
      "Texas",
      { timeZone: "America/Chicago", state: "TX", country: "US" },
      none,
      "sms",
      "Quiet hours (TX)",
      "Texas: 9 am–9 pm, Sunday from noon, in the recipient's time zone (state law)",
    ],
    [
      "every US zone",
      { timeZone: null, state: null, country: null },
      none,
      "sms",
      "Quiet hours (US)",
      "Quiet hours of every state at once, as the state is unknown: 9 am–8 pm, never on Sunday, in every zone of the US at once, as the recipient's zone is unknown",
    ],
    [
      "Canada",
      TORONTO,
      none,
      "sms",
      "Quiet hours (Canada)",
      "Canada (CRTC): 9 am–9:30 pm on weekdays, 10 am–6 pm on weekends, in the recipient's time zone",
    ],
    [
      "Germany",
      BERLIN,
      { ...daily, run_daily_from: "10:00" },
      "sms",
      "Germany: daily window",
      "No legal hours known for Germany: the campaign's daily window applies (10 am–5 pm in the recipient's time zone)",
    ],
    [
      "Germany, its zone unknown",
      { timeZone: null, state: null, country: "DE" },
      { ...daily, run_daily_from: "10:00" },
      "sms",
      "Germany: daily window",
      "No legal hours known for Germany: the campaign's daily window applies (10 am–5 pm in Germany's time zone)",
    ],
    [
      "an email",
      NY,
      { ...daily, need_send_by_timezones: false, started_at_tz: "America/Chicago" },
      "email",
      "Daily window",
      "The campaign's daily window: 9 am–5 pm in America/Chicago (email has no legal hours)",
    ],
  ] as const)("%s", (_name, r, c, channel, short, description) => {
    expect(windowRuleAt(at, r, c, channel)).toMatchObject({ short, description });
  });

  it("answers null while the window is open", () => {
    expect(windowRuleAt(utc(2026, 7, 1, 15), NY, daily, "sms")).toBeNull();
  });

  it("names what set a queued row's Send After", () => {
    const row = (due: number, reason: string | null = null) => ({ ...NY, due, reason });
    expect(sendAfterRule(row(utc(2026, 7, 1, 12)), none, "sms", at)).toBe("Quiet hours (NY)");
    expect(sendAfterRule(row(utc(2026, 7, 1, 13)), daily, "sms", at)).toBe("Daily window");
    expect(sendAfterRule(row(utc(2026, 7, 2, 15)), none, "sms", at)).toBe("Step delay");
    expect(sendAfterRule(row(utc(2026, 7, 2, 4), "daily_limit"), none, "sms", at)).toBe("Daily limit");
    expect(sendAfterRule(row(at + 60_000, "unverified"), none, "sms", at)).toBe("Lookup pending");
    expect(sendAfterRule(row(at - H), none, "sms", at)).toBeNull();
  });
});
