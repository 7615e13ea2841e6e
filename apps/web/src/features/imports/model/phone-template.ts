/**
 * Ignore Phone Format entries, checked as the server checks them (domain normalize/phone-ignore-template.ts):
 * digits with `*` (any digits) and `?` (one digit); spaces, brackets, dashes, dots and slashes are formatting;
 * a `+` may only start the entry; at least 3 digits, so a stray `*` cannot ignore every phone.
 */
export const MIN_DIGITS = 3;

export type EntryProblem = "plusPosition" | "characters" | "tooFewDigits";

export function entryProblem(entry: string): EntryProblem | null {
  const s = entry.normalize("NFKC").trim();
  if (s.indexOf("+") > 0) return "plusPosition";
  if (!/^\+?[\d\s()\-./*?]+$/.test(s)) return "characters";
  if ((s.match(/\d/g)?.length ?? 0) < MIN_DIGITS) return "tooFewDigits";
  return null;
}

/**
 * Adds the values typed or pasted (separated by commas, semicolons or new lines: spaces belong to a number like
 * "(555) 555-5555") to `current`, skipping duplicates. The first refused value stops the rest and is reported;
 * `values` is `current` when nothing changed.
 */
export function addValues(
  current: string[],
  input: string,
  opts: { normalize?: (raw: string) => string; validate?: (value: string) => string | null } = {},
): { values: string[]; error: string | null } {
  const { normalize = (v: string) => v.trim().replace(/\s+/g, " "), validate = () => null } = opts;
  const parts = input
    .split(/[,;\n\r]+/)
    .map(normalize)
    .filter(Boolean);
  let values = current;
  for (const part of parts) {
    const error = validate(part);
    if (error) return { values, error };
    if (!values.includes(part)) values = [...values, part];
  }
  return { values, error: null };
}

/** Same entries, in any order: whether the form has something to save. */
export function sameValues(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(b);
  return a.every((v) => set.has(v));
}
