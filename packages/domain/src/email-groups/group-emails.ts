import { normalizeEmail } from "../contacts";

export type GroupEmailsCheck = { ok: true; emails: string[] } | { ok: false; errors: Record<string, string[]> };

/** Long enough to recognise the address in a message, short enough that a pasted paragraph does not flood it. */
const SHOWN = 80;
const shown = (raw: string) => {
  const s = raw.trim();
  return s.length > SHOWN ? `${s.slice(0, SHOWN)}…` : s;
};

/**
 * A group's addresses as stored: each normalised by the contacts module (the rules leads' emails follow), the
 * first of any duplicates kept, in the order given. Every bad address is reported on `emails.N`, by name.
 */
export function checkGroupEmails(raw: readonly string[]): GroupEmailsCheck {
  const errors: Record<string, string[]> = {};
  const emails: string[] = [];
  const seen = new Set<string>();
  raw.forEach((value, i) => {
    const result = normalizeEmail(value);
    if (!result.ok) {
      errors[`emails.${i}`] = [result.reason === "empty" ? `Email ${i + 1} is empty.` : `"${shown(value)}" — ${result.message}`];
    } else if (!seen.has(result.email)) {
      seen.add(result.email);
      emails.push(result.email);
    }
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, emails };
}
