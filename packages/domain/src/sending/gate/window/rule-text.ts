import type { MinuteSpan, WeekRule } from "./legal-windows";

/*
 * Weekly rules read aloud, from the rules themselves (so a text can never disagree with the table it describes):
 * "8 am–9 pm", "9 am–9 pm, Sunday from noon", "9 am–9:30 pm on weekdays, 10 am–6 pm on weekends".
 */

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Minutes after midnight as a clock: "8 am", "9:30 pm", "noon", "midnight". */
export function clockText(minute: number): string {
  const m = ((minute % 1440) + 1440) % 1440;
  if (m === 0) return "midnight";
  if (m === 720) return "noon";
  const hour = Math.floor(m / 60);
  const min = m % 60;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${min ? `:${String(min).padStart(2, "0")}` : ""} ${hour < 12 ? "am" : "pm"}`;
}

/** A day's spans: "8 am–9 pm", two spans joined by "and"; an all-day span reads "all day". */
export function spansText(spans: readonly MinuteSpan[]): string {
  if (spans.length === 1 && spans[0]!.from === 0 && spans[0]!.to === 1440) return "all day";
  return spans.map((s) => `${clockText(s.from)}–${clockText(s.to)}`).join(" and ");
}

const keyOf = (spans: readonly MinuteSpan[]) => spans.map((s) => `${s.from}-${s.to}`).join(",");

/** How one day differs from the usual one: "never on Sunday", "Sunday from noon", "Saturday until 6 pm". */
function exceptionText(day: number, spans: readonly MinuteSpan[], usual: readonly MinuteSpan[]): string {
  const name = DAYS[day]!;
  if (spans.length === 0) return `never on ${name}`;
  const [only] = spans;
  const [normal] = usual;
  if (spans.length === 1 && usual.length === 1 && only!.to === normal!.to) return `${name} from ${clockText(only!.from)}`;
  if (spans.length === 1 && usual.length === 1 && only!.from === normal!.from) return `${name} until ${clockText(only!.to)}`;
  return `${name} ${spansText(spans)}`;
}

/** A weekly rule in words: the usual day's hours, then the days that differ. */
export function weekRuleText(rule: WeekRule): string {
  const keys = rule.map(keyOf);
  if (keys.every((k) => k === keys[0])) return rule[0]!.length ? spansText(rule[0]!) : "never";
  const weekday = keys.slice(1, 6);
  if (weekday.every((k) => k === weekday[0]) && keys[0] === keys[6] && rule[1]!.length && rule[0]!.length)
    return `${spansText(rule[1]!)} on weekdays, ${spansText(rule[0]!)} on weekends`;
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  const usualKey = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const usual = rule[keys.indexOf(usualKey)]!;
  const others = rule.flatMap((spans, day) => (keys[day] === usualKey ? [] : [exceptionText(day, spans, usual)]));
  return [usual.length ? spansText(usual) : "never", ...others].join(", ");
}
