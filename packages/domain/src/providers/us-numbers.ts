import { ProviderError } from "./provider-types";

/*
 * US/Canada (NANP) helpers shared by the US-only providers and the sandbox. Numbers reach adapters in E.164
 * (+12125551234); Blacklist Alliance and SubscriberVerify take the 10-digit national number.
 */

/** The 10-digit NANP number of an E.164 (or digits-only) value, or null when it is not a +1 number. */
export function nanpDigits(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  if (digits.length === 10 && !value.trim().startsWith("+")) return digits;
  return null;
}

/** The 10-digit number, or a non-retryable ProviderError: a US-only provider cannot answer other numbers. */
export function requireNanp(value: string, provider: string): string {
  const digits = nanpDigits(value);
  if (!digits) throw new ProviderError(`${provider} checks US and Canadian numbers only; ${value} is not one.`, false, null);
  return digits;
}

export interface AreaCodePlace {
  city: string;
  state: string;
  timezone: string;
}

/** A few well-known area codes, for the sandbox's deterministic place data (docs/providers.md lists them). */
export const WellKnownAreaCodes: Record<string, AreaCodePlace> = {
  "202": { city: "Washington", state: "DC", timezone: "America/New_York" },
  "206": { city: "Seattle", state: "WA", timezone: "America/Los_Angeles" },
  "212": { city: "New York", state: "NY", timezone: "America/New_York" },
  "213": { city: "Los Angeles", state: "CA", timezone: "America/Los_Angeles" },
  "303": { city: "Denver", state: "CO", timezone: "America/Denver" },
  "305": { city: "Miami", state: "FL", timezone: "America/New_York" },
  "312": { city: "Chicago", state: "IL", timezone: "America/Chicago" },
  "404": { city: "Atlanta", state: "GA", timezone: "America/New_York" },
  "415": { city: "San Francisco", state: "CA", timezone: "America/Los_Angeles" },
  "512": { city: "Austin", state: "TX", timezone: "America/Chicago" },
  "602": { city: "Phoenix", state: "AZ", timezone: "America/Phoenix" },
  "617": { city: "Boston", state: "MA", timezone: "America/New_York" },
  "702": { city: "Las Vegas", state: "NV", timezone: "America/Los_Angeles" },
  "713": { city: "Houston", state: "TX", timezone: "America/Chicago" },
  "808": { city: "Honolulu", state: "HI", timezone: "Pacific/Honolulu" },
  "907": { city: "Anchorage", state: "AK", timezone: "America/Anchorage" },
};

export function areaCodePlace(value: string): AreaCodePlace | null {
  const digits = nanpDigits(value);
  return digits ? (WellKnownAreaCodes[digits.slice(0, 3)] ?? null) : null;
}

/** US zone names and abbreviations some providers answer with, as IANA zones. */
const ZoneAliases: Record<string, string> = {
  eastern: "America/New_York",
  est: "America/New_York",
  edt: "America/New_York",
  central: "America/Chicago",
  cst: "America/Chicago",
  cdt: "America/Chicago",
  mountain: "America/Denver",
  mst: "America/Denver",
  mdt: "America/Denver",
  pacific: "America/Los_Angeles",
  pst: "America/Los_Angeles",
  pdt: "America/Los_Angeles",
  alaska: "America/Anchorage",
  akst: "America/Anchorage",
  akdt: "America/Anchorage",
  hawaii: "Pacific/Honolulu",
  hst: "Pacific/Honolulu",
  atlantic: "America/Puerto_Rico",
  ast: "America/Puerto_Rico",
};

/** An IANA zone for a provider's time zone text, or null when it cannot be read as one. */
export function normalizeTimezone(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(trimmed)) return trimmed;
  return ZoneAliases[trimmed.toLowerCase().replace(/\s*(standard|daylight)?\s*time$/, "")] ?? null;
}
