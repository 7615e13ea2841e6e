import { AsYouType, parsePhoneNumberFromString } from "libphonenumber-js/max";
import metadata from "libphonenumber-js/metadata.max.json";
import { countryCode, countryOfZone } from "./zones/countries";

/*
 * The recipient's country, for quiet hours (send-window.ts): which law's hours apply, and which zones an unknown zone
 * stands for. The phone number's country first — the law follows the number a carrier delivers to —, then the lead's
 * own country field (an email's recipient has no number), then the country of the recipient's zone when one country
 * holds it. Null when nothing tells: quiet hours then keep every US zone and the US rules, as they always did.
 */

export interface RecipientCountryInput {
  /** E.164, or the first digits of one (the planner groups numbers by a prefix: `+49151`). */
  phone?: string | null;
  /** The lead's country field: two letters or an English name. */
  leadCountry?: string | null;
  /** The recipient's zone, once resolved (recipient-zone.ts). */
  timeZone?: string | null;
}

/** The country that owns a calling code's numbers when digits do not tell (GB for +44, RU for +7, US for +1). */
const mainCountry = (callingCode: string | undefined) => (callingCode ? (metadata.country_calling_codes[callingCode]?.[0] ?? null) : null);

/**
 * The country of a number or of its first digits: libphonenumber's verdict on the number, else on its digits as
 * typed so far (enough for most prefixes: +7 7… is Kazakhstan), else the calling code's main country.
 */
export function countryOfPhone(phone: string | null | undefined): string | null {
  if (typeof phone !== "string" || !/^\+[1-9]\d/.test(phone)) return null;
  const parsed = parsePhoneNumberFromString(phone);
  if (parsed?.country) return parsed.country;
  const typed = new AsYouType();
  typed.input(phone);
  return typed.getCountry() ?? mainCountry(typed.getCallingCode());
}

const memo = new Map<string, string | null>();

/** The recipient's country (ISO alpha-2) or null; memoised by its inputs, as the planner asks per distinct place. */
export function resolveRecipientCountry(input: RecipientCountryInput): string | null {
  const key = `${input.phone}\u0000${input.leadCountry}\u0000${input.timeZone}`;
  let found = memo.get(key);
  if (found === undefined) {
    found = countryOfPhone(input.phone) ?? countryCode(input.leadCountry) ?? (input.timeZone ? countryOfZone(input.timeZone) : null);
    if (memo.size >= 100_000) memo.clear();
    memo.set(key, found);
  }
  return found;
}
