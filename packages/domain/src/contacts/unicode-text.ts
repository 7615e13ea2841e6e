const ND = /\p{Nd}/u;
const digitCache = new Map<number, string>();

/**
 * The ASCII digit for any Unicode decimal digit (Arabic-Indic ٣, Devanagari ३, fullwidth ３, mathematical 𝟑 …).
 * Unicode keeps every `Nd` range as ten contiguous code points 0…9, so the value is the distance from the start
 * of the run, modulo 10.
 */
export function asciiDigit(cp: number): string {
  let d = digitCache.get(cp);
  if (d !== undefined) return d;
  let zero = cp;
  while (zero > 0 && ND.test(String.fromCodePoint(zero - 1))) zero--;
  d = String((cp - zero) % 10);
  digitCache.set(cp, d);
  return d;
}

const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/**
 * Phone text as ASCII: compatibility forms folded (fullwidth ＋（５５５）), every decimal digit to 0–9, dashes to
 * "-", spaces to " ", and invisible marks that copy-paste brings along (LRM, zero-width space, soft hyphen) removed.
 */
export function foldPhoneText(s: string): string {
  let out = "";
  for (const ch of s.normalize("NFKC").replace(INVISIBLE, "")) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out += ch;
    else if (ND.test(ch)) out += asciiDigit(cp);
    else if (/\p{Pd}|\u2212/u.test(ch)) out += "-";
    else if (/\p{Zs}/u.test(ch)) out += " ";
    else out += ch;
  }
  return out;
}
