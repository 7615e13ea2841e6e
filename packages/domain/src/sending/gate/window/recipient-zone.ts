import { normalizeTimeZone } from "./zones/time-zone-names";
import { usStateCode } from "./zones/us-states";
import { areaCodePlace, type Place, zipPlace } from "./zones/zone-places";

/*
 * Where a recipient is, for quiet hours (docs/sending.md, "Quiet hours"): the time zone with the
 * source it came from — the lead's own value, then the phone lookup's, then the ZIP's, then the area code's; the
 * first that names a zone wins — and the US state, in the same order. Offline: the ZIP and area code tables are
 * generated from pinned npm packages (zones/*.data.ts, docs/sending.md, Where a recipient is). A ZIP or an area code that crosses a
 * zone line gives no zone (907 Alaska reaches the Aleutians, 850 the two halves of the Florida panhandle), but its
 * state still counts; nothing known → `{ timeZone: null, source: "unknown" }`, and quiet hours hold in every US zone.
 */

export const ZoneSources = ["lead", "lookup", "zip", "area_code", "unknown"] as const;
export type ZoneSource = (typeof ZoneSources)[number];

export interface RecipientZoneInput {
  /** The lead's own zone field, as imported: an IANA name or a common US form ("EST", "Eastern", "US/Eastern"). */
  leadTimeZone?: string | null;
  /** The phone lookup's answer, as the provider gave it. */
  lookupTimeZone?: string | null;
  lookupState?: string | null;
  /** ZIP, ZIP+4, or a ZIP whose leading zero a spreadsheet dropped ("2134"). */
  zip?: string | null;
  /** E.164; the area code of a +1 number is read from it. */
  phone?: string | null;
  /** Two letters or the name ("NY", "New York"). */
  leadState?: string | null;
}

export interface RecipientZone {
  timeZone: string | null;
  source: ZoneSource;
  /** Two letters (states, DC, territories), or null. */
  state: string | null;
}

/** The area code of a NANP number (E.164 "+12125551234", or its 10 or 11 digits); null for any other number. */
export function areaCodeOf(phone: string | null | undefined): string | null {
  if (typeof phone !== "string") return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[\s().-]/g, "");
  const national = /^\+?1(\d{10})$/.exec(digits)?.[1] ?? (trimmed.startsWith("+") ? undefined : /^\d{10}$/.exec(digits)?.[0]);
  // An area code starts with 2–9 and is not an N11 service code.
  return national && /^[2-9](?!11)\d\d/.test(national) ? national.slice(0, 3) : null;
}

/** The five-digit ZIP of a ZIP or ZIP+4; four digits get back the leading zero spreadsheets drop; else null. */
export function zip5Of(zip: string | null | undefined): string | null {
  if (typeof zip !== "string") return null;
  const trimmed = zip.trim();
  const five = /^(\d{5})(?:[-\s]?\d{4})?$/.exec(trimmed)?.[1];
  if (five) return five;
  return /^\d{4}$/.test(trimmed) ? `0${trimmed}` : null;
}

/** The data a resolver reads: the generated tables, or a stand-in in tests. */
export interface PlaceData {
  zipPlace(zip5: string): Place | null;
  areaCodePlace(areaCode: string): Place | null;
}

const Tables: PlaceData = { zipPlace, areaCodePlace };

/** Results kept per distinct key; past this the memo starts over (a planner's groups stay far below it). */
const MEMO_LIMIT = 100_000;

/**
 * A resolver over `data`, memoised by (lead zone, lookup zone, lookup state, ZIP5, area code, lead state): a million
 * leads with a thousand distinct keys read the tables a thousand times. The results are frozen and shared.
 */
export function createRecipientZoneResolver(data: PlaceData = Tables): (input: RecipientZoneInput) => RecipientZone {
  const memo = new Map<string, RecipientZone>();
  return (input) => {
    const zip = zip5Of(input.zip);
    const areaCode = areaCodeOf(input.phone);
    const key = [input.leadTimeZone, input.lookupTimeZone, input.lookupState, zip, areaCode, input.leadState].join("\u0000");
    let found = memo.get(key);
    if (!found) {
      found = Object.freeze(resolve(input, zip, areaCode, data));
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(key, found);
    }
    return found;
  };
}

function resolve(input: RecipientZoneInput, zip: string | null, areaCode: string | null, data: PlaceData): RecipientZone {
  let timeZone = normalizeTimeZone(input.leadTimeZone);
  let source: ZoneSource = timeZone ? "lead" : "unknown";
  if (!timeZone && (timeZone = normalizeTimeZone(input.lookupTimeZone))) source = "lookup";
  let state = usStateCode(input.leadState) ?? usStateCode(input.lookupState);

  // The tables are read only while something is still missing.
  const byZip = zip && (!timeZone || !state) ? data.zipPlace(zip) : null;
  if (!timeZone && (timeZone = byZip?.timeZone ?? null)) source = "zip";
  state ??= byZip?.state ?? null;
  const byAreaCode = areaCode && (!timeZone || !state) ? data.areaCodePlace(areaCode) : null;
  if (!timeZone && (timeZone = byAreaCode?.timeZone ?? null)) source = "area_code";
  state ??= byAreaCode?.state ?? null;

  return { timeZone, source, state };
}

/** The recipient's zone, its source, and state, from the generated tables (see createRecipientZoneResolver). */
export const resolveRecipientZone = createRecipientZoneResolver();
