/*
 * When the law lets a marketing text reach a phone, by the recipient's local time (CAMPAIGNS.md §2, I3). The federal
 * rule (TCPA, 47 CFR 64.1200(c)(1)) is 8am–9pm; the states below are stricter. One versioned table: a change of law
 * is a change here, with its version. Legal holidays are not modelled: the states that bar them also bar Sundays,
 * and a campaign's own schedule should skip holidays. This is a compliance floor, not legal advice.
 */

/** Minutes after local midnight, [from, to). */
export interface MinuteSpan {
  from: number;
  to: number;
}

/** Per weekday, Sunday first: the spans allowed that day (none: no sending that day). */
export type WeekRule = readonly (readonly MinuteSpan[])[];

export const LEGAL_WINDOWS_VERSION = "2026-11-01";

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
