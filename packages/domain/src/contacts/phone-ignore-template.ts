import type { PhoneNumber } from "libphonenumber-js/max";
import { foldPhoneText } from "./unicode-text";

/**
 * The "Ignore Phone Format" template: a list of entries marking phones to skip (counted as ignored, not invalid).
 *
 * Rule: an entry is digits with optional wildcards — `*` any run of digits (or none), `?` exactly one digit —
 * and formatting characters are ignored, so "(555) 555-5555", "555-555-5555" and "5555555555" are one entry.
 * Matching is against the whole number, never a substring:
 * - an entry starting with "+" matches the international number ("+1555*" = every +1 555 number);
 * - any other entry matches the national number ("555*" = US area code 555), the full number without "+"
 *   ("1555*") or the digits exactly as written ("0000000000"), so it does what people mean whichever way they
 *   type it.
 * An entry needs at least 3 digits, so a stray "*" cannot ignore everything; invalid entries are skipped here and
 * reported by `checkIgnoreTemplateEntry` when the template is saved.
 */
export interface IgnorePattern {
  entry: string;
  international: boolean;
  re: RegExp;
}

const MIN_DIGITS = 3;
const cache = new WeakMap<readonly string[], IgnorePattern[]>();

export function checkIgnoreTemplateEntry(entry: string): string | null {
  const s = foldPhoneText(entry).trim();
  if (s.indexOf("+") > 0) return "A + can only start the number.";
  if (!/^\+?[\d\s()\-./*?]+$/.test(s)) return "Use digits, with * for any digits and ? for one digit (and + for an international number).";
  if ((s.match(/\d/g)?.length ?? 0) < MIN_DIGITS) return `An entry needs at least ${MIN_DIGITS} digits.`;
  return null;
}

export function compileIgnoreTemplate(entries: readonly string[]): IgnorePattern[] {
  let compiled = cache.get(entries);
  if (compiled) return compiled;
  compiled = [];
  for (const entry of entries) {
    if (checkIgnoreTemplateEntry(entry) !== null) continue;
    const s = foldPhoneText(entry).trim();
    const body = s.replace(/[^\d*?]/g, "").replace(/\*+/g, "*");
    const source = body.replace(/\*/g, "\\d*").replace(/\?/g, "\\d");
    compiled.push({ entry, international: s.startsWith("+"), re: new RegExp(`^${source}$`) });
  }
  cache.set(entries, compiled);
  return compiled;
}

/** The first entry that marks this phone as ignored, or null. */
export function matchIgnoreTemplate(
  patterns: readonly IgnorePattern[],
  written: { digits: string; international: boolean },
  parsed: Pick<PhoneNumber, "number" | "nationalNumber"> | undefined,
): IgnorePattern | null {
  const full = parsed ? parsed.number.slice(1) : written.international ? written.digits : null;
  for (const p of patterns) {
    if (p.international) {
      if (full !== null && p.re.test(full)) return p;
    } else if (
      p.re.test(written.digits) ||
      (parsed !== undefined && (p.re.test(parsed.nationalNumber) || p.re.test(parsed.number.slice(1))))
    ) {
      return p;
    }
  }
  return null;
}
