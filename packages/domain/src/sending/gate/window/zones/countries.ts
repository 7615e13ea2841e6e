import { getCountries } from "libphonenumber-js/max";
import { DAY_MS, wallAt, wallOrder } from "../../../../shared/zoned-time";

/*
 * A country's time zones, from Intl's own data (ICU's CLDR: `Intl.Locale#getTimeZones`). Chosen over a zone-table
 * package because it is the same data that computes every wall clock the windows read: a country's list and its
 * clocks can never disagree, and they are kept current with Node itself (no data file to regenerate, nothing to
 * keep in step with the tz database). The country codes are libphonenumber's, the names Intl's English ones.
 */

/** Every clock a US recipient can be on, one zone per clock: an unknown US zone must satisfy all of them. */
export const US_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
] as const;

/** Countries Intl names no zone for keep what an unknown zone always meant: every US zone at once. */
const FALLBACK: readonly string[] = US_TIME_ZONES;

type LocaleWithZones = Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };

/** Intl's zones of a region (the method's older form was a getter). */
function intlZones(country: string): string[] {
  try {
    const locale = new Intl.Locale(`und-${country}`) as LocaleWithZones;
    return locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return [];
  }
}

/**
 * One zone per clock from `at` on: zones whose offsets agree hour by hour over the days a window looks at keep one
 * (Canada's 23 zones are 9 clocks), so an unknown zone costs a window the country's clocks, not its names.
 */
function distinctClocks(zones: readonly string[], day: number): string[] {
  const seen = new Map<string, string>();
  for (const zone of zones) {
    const offsets: number[] = [];
    for (let t = (day - 1) * DAY_MS; t < (day + CLOCK_DAYS) * DAY_MS; t += HOUR_MS) offsets.push(wallOrder(wallAt(t, zone)) - t);
    const clock = offsets.join(",");
    if (!seen.has(clock)) seen.set(clock, zone);
  }
  return [...seen.values()];
}

const HOUR_MS = 3_600_000;
/** Days compared: a window searches nine days ahead of a day before its instant. */
const CLOCK_DAYS = 11;
const zonesByCountry = new Map<string, readonly string[]>();

/**
 * The zones a recipient of `country` may be in around `at`, one per clock; the US keeps its seven clocks (Intl's 29
 * US zones share them). A code Intl does not know (or none) gets every US zone.
 */
export function zonesOfCountry(country: string | null, at = Date.now()): readonly string[] {
  if (country === null || country === "US") return US_TIME_ZONES;
  const day = Math.floor(at / DAY_MS);
  const key = `${country}|${day}`;
  let found = zonesByCountry.get(key);
  if (!found) {
    const zones = intlZones(country);
    found = zones.length ? distinctClocks(zones, day) : FALLBACK;
    if (zonesByCountry.size > 10_000) zonesByCountry.clear();
    zonesByCountry.set(key, found);
  }
  return found;
}

let countryByZone: Map<string, string | null> | undefined;

/** The one country whose zones hold `zone`; null when none or several do (a zone shared across a border). */
export function countryOfZone(zone: string): string | null {
  if (!countryByZone) {
    countryByZone = new Map();
    for (const country of getCountries()) for (const z of intlZones(country)) countryByZone.set(z, countryByZone.has(z) ? null : country);
  }
  return countryByZone.get(zone) ?? null;
}

const names = new Intl.DisplayNames(["en"], { type: "region" });

/** "Germany" for DE; the code itself when Intl has no name. */
export function countryName(country: string): string {
  try {
    return names.of(country) ?? country;
  } catch {
    return country;
  }
}

/** Lower case, letters and spaces only: "United-States", "UNITED STATES" read alike. */
const fold = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();

/** What people write besides Intl's English names. */
const OtherNames: Readonly<Record<string, string>> = {
  usa: "US",
  "u s a": "US",
  "u s": "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "u k": "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  deutschland: "DE",
};

let byName: Map<string, string> | undefined;
let codes: Set<string> | undefined;

/** A lead's country as it was imported — two letters or an English name — as an ISO code; null for anything else. */
export function countryCode(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  codes ??= new Set(getCountries());
  if (!byName) {
    byName = new Map(Object.entries(OtherNames));
    for (const code of codes) byName.set(fold(countryName(code)), code);
  }
  const code = trimmed.toUpperCase();
  return trimmed.length === 2 && codes.has(code) ? code : (byName.get(fold(trimmed)) ?? null);
}
