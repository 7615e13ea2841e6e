import { UsStateNames } from "./zones/us-states";

/*
 * When the law lets a marketing text reach a phone, by the recipient's local time (docs/sending.md). The federal
 * rule (TCPA, 47 CFR 64.1200(c)(1)) is 8am–9pm; the states below are stricter; Canada has its own. One versioned
 * table: a change of law is a change here, with its version. Legal holidays are not modelled: the states that bar
 * them also bar Sundays, and a campaign's own schedule should skip holidays. Other countries' hours are not known
 * here: only the campaign's daily window holds their recipients. This is a compliance floor, not legal advice.
 */

/** Minutes after local midnight, [from, to). */
export interface MinuteSpan {
  from: number;
  to: number;
}

/** Per weekday, Sunday first: the spans allowed that day (none: no sending that day). */
export type WeekRule = readonly (readonly MinuteSpan[])[];

export const LEGAL_WINDOWS_VERSION = "2026-12-07";

const h = (hour: number) => hour * 60;
const everyDay = (from: number, to: number): WeekRule => Array.from({ length: 7 }, () => [{ from: h(from), to: h(to) }]);
const noSunday = (from: number, to: number): WeekRule => everyDay(from, to).map((spans, day) => (day === 0 ? [] : spans));

export const FederalRule: WeekRule = everyDay(8, 21);

export const StateRules: Readonly<Record<string, WeekRule>> = {
  /** Alabama Telephone Solicitation Act (Ala. Code § 8-19C-3): 8am–8pm, not on Sundays. */
  AL: noSunday(8, 20),
  /** Connecticut (Conn. Gen. Stat. § 42-288a, 2023): 9am–8pm. */
  CT: everyDay(9, 20),
  /** Florida Telephone Solicitation Act (Fla. Stat. § 501.059, 2021): 8am–8pm. */
  FL: everyDay(8, 20),
  /** Louisiana (La. R.S. 45:844.17): 8am–8pm, not on Sundays. */
  LA: noSunday(8, 20),
  /** Maryland Stop the Spam Calls Act (2023): 8am–8pm. */
  MD: everyDay(8, 20),
  /** Mississippi (Miss. Code § 77-3-725): 8am–8pm, not on Sundays. */
  MS: noSunday(8, 20),
  /** Oklahoma Telephone Solicitation Act (2022): 8am–8pm. */
  OK: everyDay(8, 20),
  /** Texas (Bus. & Com. Code § 301.051): 9am–9pm Monday–Saturday, noon–9pm Sunday. */
  TX: everyDay(9, 21).map((spans, day) => (day === 0 ? [{ from: h(12), to: h(21) }] : spans)),
  /** Washington (RCW 80.36.390): 8am–8pm. */
  WA: everyDay(8, 20),
};

/**
 * Canada: the CRTC's Unsolicited Telecommunications Rules, Part III (Telemarketing Rules, Telecom Decision CRTC
 * 2007-48), calling hours: 9am–9:30pm on weekdays and 10am–6pm on weekends, the called person's time. Written for
 * calls; texts are held to it as the strict reading. Provinces that restrict further are not modelled.
 */
export const CanadaRule: WeekRule = Array.from({ length: 7 }, (_, day) =>
  day === 0 || day === 6 ? [{ from: h(10), to: h(18) }] : [{ from: h(9), to: h(21.5) }],
);

/** The spans allowed by both lists (each sorted and disjoint). */
export function intersectSpans(a: readonly MinuteSpan[], b: readonly MinuteSpan[]): MinuteSpan[] {
  const out: MinuteSpan[] = [];
  for (const x of a)
    for (const y of b) {
      const from = Math.max(x.from, y.from);
      const to = Math.min(x.to, y.to);
      if (from < to) out.push({ from, to });
    }
  return out.sort((p, q) => p.from - q.from);
}

const intersectRules = (a: WeekRule, b: WeekRule): WeekRule => a.map((spans, day) => intersectSpans(spans, b[day]!));

/** Every state's rule at once: what holds when the state is not known. */
const StrictestRule: WeekRule = Object.values(StateRules).reduce(intersectRules, FederalRule);

/** Each listed state's rule within the federal one, built once. */
const RuleByState: ReadonlyMap<string, WeekRule> = new Map(
  Object.entries(StateRules).map(([state, rule]) => [state, intersectRules(FederalRule, rule)]),
);

/** The rule for a recipient in `state` (two letters); unknown or absent: the strictest of all. */
export function legalRule(state: string | null): WeekRule {
  if (state === null) return StrictestRule;
  return RuleByState.get(state.trim().toUpperCase()) ?? FederalRule;
}

/** Where US law reaches: the states and the inhabited territories (whose codes are states in this table too). */
const UsLaw = new Set(["US", "PR", "VI", "GU", "MP", "AS", "UM"]);

/** A place's legal hours and whose they are (federal, a state's, every state's at once, a country's). */
export interface LegalHours {
  rule: WeekRule;
  source: "federal" | "state" | "any_state" | "country";
  /** "Florida", "Canada (CRTC)"; empty for federal and every state. */
  name: string;
}

/**
 * The law's hours for a recipient in `country` (null: not known, read as the US) and `state`; null where the product
 * knows no legal hours (every country but the US, its territories and Canada).
 */
export function legalHoursOf(country: string | null, state: string | null): LegalHours | null {
  if (country === "CA") return { rule: CanadaRule, source: "country", name: "Canada (CRTC)" };
  if (country !== null && !UsLaw.has(country)) return null;
  if (state === null) return { rule: StrictestRule, source: "any_state", name: "" };
  const code = state.trim().toUpperCase();
  const rule = RuleByState.get(code);
  return rule ? { rule, source: "state", name: UsStateNames[code] ?? code } : { rule: FederalRule, source: "federal", name: "" };
}
