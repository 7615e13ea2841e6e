import metadata from "libphonenumber-js/metadata.max.json";
import { decidingDigits } from "./digit-pattern";

/**
 * The fast path for what most files carry: plain North-American numbers. libphonenumber (full metadata) spends
 * ~20 µs on each; for a 10-digit NANP number its verdict — valid or not, why not, which country (US, CA, PR…) —
 * depends only on the number's first few digits, so one verdict per prefix serves every number that shares it.
 *
 * How many digits is proven from the metadata itself at load (`NANP_KEY_DIGITS`, 7 for the installed version,
 * where Barbados and Jamaica patterns branch on the 7th digit): every pattern libphonenumber consults for +1
 * numbers — each country's general, per-type and leading-digits patterns — is analysed for the deepest digit
 * that still changes whether it matches. If a future metadata uses syntax the analysis does not know, the key
 * is null and every number takes the full path. phone-nanp.test.ts compares both paths over many numbers.
 */

/**
 * Only these shapes, ASCII and untrimmed: (212) 555-0123, 212-555-0123, 212.555.0123, 212 555 0123,
 * 2125550123, with an optional 1 or +1 in front. Anything else (extensions, letters, other countries, odd
 * punctuation) goes the full way, so the shortcut never has to reason about how libphonenumber reads it.
 */
const PLAIN_NANP = /^(?:\+?1[ .-]?)?(?:\(([2-9]\d\d)\) ?|([2-9]\d\d)[ .-]?)(\d{3})[ .-]?(\d{4})$/;

/** The 10-digit national number of a plain NANP phone as written, or null when it is not one. */
export function plainNanpNumber(written: string): string | null {
  if (written.length > 20) return null;
  const m = PLAIN_NANP.exec(written);
  if (!m) return null;
  return (m[1] ?? m[2]!) + m[3]! + m[4]!;
}

interface CountryMetadataArrays {
  /** [2] general pattern, [10] leading digits, [11] per-type [pattern, lengths?] entries (metadata.max.json layout). */
  [index: number]: unknown;
}

function nanpPatterns(): { full: string[]; leading: string[] } | null {
  const m = metadata as unknown as { country_calling_codes: Record<string, string[]>; countries: Record<string, CountryMetadataArrays> };
  const countries = m.country_calling_codes["1"];
  if (!countries?.length) return null;
  const full: string[] = [];
  const leading: string[] = [];
  for (const code of countries) {
    const c = m.countries[code];
    if (!c || typeof c[2] !== "string") return null;
    full.push(c[2]);
    if (typeof c[10] === "string") leading.push(c[10]);
    else if (c[10] !== 0 && c[10] !== undefined) return null;
    if (!Array.isArray(c[11])) return null;
    for (const t of c[11] as unknown[]) {
      if (Array.isArray(t) && typeof t[0] === "string") full.push(t[0]);
      else if (t !== 0 && t !== "" && t !== undefined && !(Array.isArray(t) && (t[0] === "" || t[0] === undefined))) return null;
    }
  }
  return { full, leading };
}

/** Leading digits of a 10-digit national number that decide libphonenumber's verdict, or null (no fast path). */
export function nanpKeyDigits(): number | null {
  const patterns = nanpPatterns();
  if (!patterns) return null;
  let deepest = 0;
  for (const [list, prefix] of [
    [patterns.full, false],
    [patterns.leading, true],
  ] as const) {
    for (const p of list) {
      const k = decidingDigits(p, 10, prefix);
      if (k === null) return null;
      deepest = Math.max(deepest, k);
    }
  }
  return deepest;
}

export const NANP_KEY_DIGITS = nanpKeyDigits();
