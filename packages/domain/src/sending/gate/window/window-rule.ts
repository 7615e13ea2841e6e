import { legalHoursOf } from "./legal-windows";
import { clockText, weekRuleText } from "./rule-text";
import { windowHold } from "./send-window";
import { type CampaignWindowSettings, dailyWindowOf, type Recipient } from "./window-of";
import { countryName, zonesOfCountry } from "./zones/countries";

/*
 * Why a recipient's window is closed, in words: the rule that holds a message (send-window.ts `windowHold`) named
 * for a person — the law's hours (federal, a state's, Canada's) or the campaign's own daily window — with a short
 * name for a table cell. The waiting figure and Queued Logs both say it this way.
 */

export interface WindowRule {
  kind: "legal_window" | "daily_window";
  /** For a cell: "Quiet hours (NY)", "Daily window", "Germany: daily window". */
  short: string;
  /** A sentence: "Quiet hours: 8 am–9 pm in the recipient's time zone (federal)". */
  description: string;
}

/** "the US" when the country is not known (an unknown country is read as the US), else its English name. */
const placeOf = (country: string | null | undefined) => (!country || country === "US" ? "the US" : countryName(country));

/**
 * Where the hours are read: the recipient's zone; when it is unknown, its country's one zone ("in Germany's time
 * zone"), or every zone of its country at once.
 */
function whereOf(r: Recipient): string {
  if (r.timeZone) return "in the recipient's time zone";
  if (r.country && r.country !== "US" && zonesOfCountry(r.country).length === 1) return `in ${countryName(r.country)}'s time zone`;
  return `in every zone of ${placeOf(r.country)} at once, as the recipient's zone is unknown`;
}

/** "8 am–9 pm in …", but "9 am–9 pm, Sunday from noon, in …": a list of days ends with a comma. */
const hoursWhere = (hours: string, where: string) => (hours.includes(",") ? `${hours}, ${where}` : `${hours} ${where}`);

function legalText(r: Recipient): WindowRule {
  const law = legalHoursOf(r.country ?? null, r.state);
  const hours = hoursWhere(law ? weekRuleText(law.rule) : "", whereOf(r));
  const short = (place: string) => ({ kind: "legal_window" as const, short: `Quiet hours (${place})` });
  switch (law?.source) {
    case "state":
      return { ...short(r.state!), description: `${law.name}: ${hours} (state law)` };
    case "any_state":
      return { ...short("US"), description: `Quiet hours of every state at once, as the state is unknown: ${hours}` };
    case "country":
      return { ...short(countryName(r.country!)), description: `${law.name}: ${hours}` };
    default:
      return { ...short(r.state ?? "US"), description: `Quiet hours: ${hours} (federal)` };
  }
}

function dailyText(r: Recipient, c: CampaignWindowSettings, channel: "sms" | "email"): WindowRule {
  const daily = dailyWindowOf(c)!;
  const zone = daily.timeZone ? `in ${daily.timeZone}` : whereOf(r);
  const span = daily.from === daily.to ? "all day" : `${clockText(daily.from)}–${clockText(daily.to)}`;
  const window = `${span} ${zone}`;
  if (channel === "email")
    return {
      kind: "daily_window",
      short: "Daily window",
      description: `The campaign's daily window: ${window} (email has no legal hours)`,
    };
  if (r.country && !legalHoursOf(r.country, r.state)) {
    const name = countryName(r.country);
    return {
      kind: "daily_window",
      short: `${name}: daily window`,
      description: `No legal hours known for ${name}: the campaign's daily window applies (${window})`,
    };
  }
  return { kind: "daily_window", short: "Daily window", description: `The campaign's daily window: ${window}` };
}

/**
 * The rule that keeps `at` outside the recipient's window for campaign `c`, or null when the window is open then.
 * Asked just before a row's `due_at`, it names the rule whose opening set that time.
 */
export function windowRuleAt(at: number, r: Recipient, c: CampaignWindowSettings, channel: "sms" | "email"): WindowRule | null {
  const hold = windowHold(at, { ...r, daily: dailyWindowOf(c), legal: channel === "sms" });
  if (!hold) return null;
  return hold.kind === "legal" ? legalText(r) : dailyText(r, c, channel);
}

/**
 * What set a queued row's Send After, for Queued Logs' cell: its deferral (the daily limit, a lookup pending), else
 * the window rule closed just before it, else a later step's delay; null for a row due now.
 */
export function sendAfterRule(
  row: Recipient & { due: number; reason: string | null },
  c: CampaignWindowSettings,
  channel: "sms" | "email",
  now: number,
): string | null {
  if (row.reason === "unverified") return "Lookup pending";
  if (row.due <= now) return null;
  if (row.reason === "daily_limit") return "Daily limit";
  return windowRuleAt(row.due - 1, row, c, channel)?.short ?? "Step delay";
}
