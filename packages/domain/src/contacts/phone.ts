// The "max" metadata, deliberately: with "min", isValid() only checks length, so numbers that can never ring
// (area codes that do not exist, e.g. +1 555 123 4567) pass as valid; "max" checks the digit patterns too,
// resolves shared calling codes to the right country (+1 → US, CA, PR…, which quiet hours depend on) and can
// tell mobile from landline later. It costs ~65 KB more, which does not matter on the server.
import { type CountryCode, type PhoneNumber, parsePhoneNumberFromString, validatePhoneNumberLength } from "libphonenumber-js/max";
import { compileIgnoreTemplate, matchIgnoreTemplate } from "./phone-ignore-template";
import { NANP_KEY_DIGITS, plainNanpNumber } from "./phone-nanp";
import { foldPhoneText } from "./unicode-text";

export type { CountryCode };

export const phoneRejectReasons = {
  empty: "The phone number is empty.",
  invalid_characters: "The phone number contains letters or symbols.",
  too_short: "The phone number is too short.",
  too_long: "The phone number is too long.",
  invalid_country_code: "The phone number's country code does not exist.",
  invalid_number: "The phone number is not a valid number.",
  ignored: "The phone number matches the Ignore Phone Format template.",
} as const satisfies Record<string, string>;

export type PhoneRejectReason = keyof typeof phoneRejectReasons;

export type PhoneResult =
  | { ok: true; e164: string; national: string; country?: string }
  | { ok: false; reason: PhoneRejectReason; message: string };

export interface NormalizePhoneOptions {
  /** Country for numbers written without "+"; default US (+1). */
  defaultCountry?: CountryCode;
  /** The team's Ignore Phone Format entries (see phone-ignore-template.ts); compiled once per array. */
  ignoreTemplate?: readonly string[];
}

/** Longer input is refused before any parsing: the longest real number with an extension fits easily. */
export const MAX_PHONE_INPUT = 64;
/** E.164 allows 15 digits; an international call prefix (011, 00) adds up to 3. */
const MAX_DIGITS = 18;

const ASCII_PHONE = /^[\x20-\x7e\t]*$/;
const MAY_HAVE_EXTENSION = /[#;xX]/;
const EXTENSION = /\s*(?:;\s*ext=|(?:ext(?:ension)?|x)\.?:?|#)\s*\d{1,7}\s*$/i;
const ALLOWED = /^\(?\+?[\d\s()\-./]*$/;

const reject = (reason: PhoneRejectReason): PhoneResult => ({ ok: false, reason, message: phoneRejectReasons[reason] });

/**
 * A phone value from a file or the API to E.164. Fullwidth and other Unicode digits are read as digits;
 * an extension ("x12", "ext. 12", "#12") is dropped; letters are refused rather than read as a vanity number
 * ("1-800-FLOWERS"); a number matching the ignore template is `ignored` before validity is judged, so it counts
 * as ignored even when it is also invalid. `national` is the national significant number, digits only
 * ("2079460958" for +44 20 7946 0958): what people search by.
 */
export function normalizePhone(raw: string, opts: NormalizePhoneOptions = {}): PhoneResult {
  if (raw.length > MAX_PHONE_INPUT) return reject("too_long");
  const defaultCountry = opts.defaultCountry ?? "US";
  const national = defaultCountry === "US" && NANP_KEY_DIGITS !== null ? plainNanpNumber(raw) : null;
  const verdict = national === null ? null : nanpVerdict(raw, national);
  if (verdict && national !== null) {
    const parsedLike = verdict.parsed ? { number: `+1${national}`, nationalNumber: national } : undefined;
    if (isIgnored(raw, parsedLike, opts)) return reject("ignored");
    return verdict.ok ? { ...verdict.ok, e164: `+1${national}`, national } : reject(verdict.reason);
  }
  return normalizePhoneFully(raw, opts);
}

/** normalizePhone without the NANP shortcut: the reference the shortcut is tested against. */
export function normalizePhoneFully(raw: string, opts: NormalizePhoneOptions = {}): PhoneResult {
  if (raw.length > MAX_PHONE_INPUT) return reject("too_long");
  const defaultCountry = opts.defaultCountry ?? "US";
  let s = ASCII_PHONE.test(raw) ? raw : foldPhoneText(raw);
  s = s.trim();
  if (s === "") return reject("empty");
  if (s.charCodeAt(0) === 116 /* t */ || s.charCodeAt(0) === 84) s = s.replace(/^tel:/i, "");
  if (MAY_HAVE_EXTENSION.test(s)) s = s.replace(EXTENSION, "");
  if (!ALLOWED.test(s)) return reject("invalid_characters");
  const digitCount = countDigits(s);
  if (digitCount === 0) return reject("invalid_characters");
  if (digitCount > MAX_DIGITS) return reject("too_long");

  const { parsed, result } = judge(s, defaultCountry);
  return isIgnored(s, parsed, opts) ? reject("ignored") : result;
}

/** libphonenumber's verdict on a cleaned-up number, before the ignore template. */
function judge(s: string, defaultCountry: CountryCode): { parsed: PhoneNumber | undefined; result: PhoneResult } {
  const parsed = parsePhoneNumberFromString(s, { defaultCountry, extract: false });
  if (!parsed) return { parsed, result: reject(lengthProblem(s, defaultCountry, false)) };
  if (!parsed.isValid()) {
    return { parsed, result: reject(parsed.isPossible() ? "invalid_number" : lengthProblem(s, defaultCountry, true)) };
  }
  const result: PhoneResult = { ok: true, e164: parsed.number, national: parsed.nationalNumber };
  if (parsed.country) result.country = parsed.country;
  return { parsed, result };
}

/** The template is checked before validity, so a number it matches counts as ignored even when also invalid. */
function isIgnored(written: string, parsed: Pick<PhoneNumber, "number" | "nationalNumber"> | undefined, opts: NormalizePhoneOptions) {
  if (!opts.ignoreTemplate || opts.ignoreTemplate.length === 0) return false;
  const patterns = compileIgnoreTemplate(opts.ignoreTemplate);
  return matchIgnoreTemplate(patterns, { digits: written.replace(/\D/g, ""), international: written.includes("+") }, parsed) !== null;
}

/** What libphonenumber says about every 10-digit NANP number sharing a prefix (see phone-nanp.ts). */
type NanpVerdict =
  | { parsed: boolean; ok: { ok: true; country?: string }; reason?: undefined }
  | { parsed: boolean; ok: null; reason: PhoneRejectReason };

/** Bounded: a prefix is 7 digits, and a worker thread's heap is small. */
const MAX_VERDICTS = 100_000;
const verdicts = new Map<string, NanpVerdict>();

function nanpVerdict(written: string, national: string): NanpVerdict | null {
  const key = national.slice(0, NANP_KEY_DIGITS!);
  const known = verdicts.get(key);
  if (known) return known;
  const { parsed, result } = judge(written, "US");
  // The shortcut rests on libphonenumber reading these shapes as +1 and the 10 digits: if it ever does not, the
  // number (and its prefix) take the full path.
  if (parsed && (parsed.countryCallingCode !== "1" || parsed.nationalNumber !== national)) return null;
  const verdict: NanpVerdict = result.ok
    ? { parsed: parsed !== undefined, ok: result.country ? { ok: true, country: result.country } : { ok: true } }
    : { parsed: parsed !== undefined, ok: null, reason: result.reason };
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}

function countDigits(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/** Why a number that did not parse, or parsed with an impossible length, is refused (parses once more: rare path). */
function lengthProblem(s: string, defaultCountry: CountryCode, parsed: boolean): PhoneRejectReason {
  switch (validatePhoneNumberLength(s, { defaultCountry })) {
    case "TOO_SHORT":
    case "NOT_A_NUMBER":
      return "too_short";
    case "TOO_LONG":
      return "too_long";
    case "INVALID_COUNTRY":
      return parsed || s.includes("+") ? "invalid_country_code" : "invalid_number";
    default:
      return "invalid_number";
  }
}
