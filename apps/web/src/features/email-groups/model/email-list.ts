/** What separates addresses in a pasted or typed list: commas, semicolons and white space (an address has none). */
const SEPARATOR = /[\s,;]+/;

/** A pasted list ("a@x.com, b@y.com\nc@z.com") → its entries, trimmed, blanks dropped. */
export function splitEmails(text: string): string[] {
  return text.split(SEPARATOR).filter((s) => s !== "");
}

/**
 * The text being typed in the chip input: entries already followed by a separator are complete (they become
 * chips); the rest is still being typed.
 */
export function splitDraft(text: string): { complete: string[]; rest: string } {
  const parts = text.split(SEPARATOR);
  const rest = parts.pop() ?? "";
  return { complete: parts.filter((s) => s !== ""), rest };
}

/** The chips after adding some: an address already there (in any case) is not added twice. */
export function addEmails(current: readonly string[], added: readonly string[]): string[] {
  const seen = new Set(current.map((e) => e.toLowerCase()));
  const out = [...current];
  for (const email of added) {
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(email);
  }
  return out;
}
