export const emailRejectReasons = {
  empty: "The email address is empty.",
  too_long: "The email address is longer than 254 characters.",
  local_part_too_long: "The part of the email address before the @ is longer than 64 characters.",
  invalid_format: "The email address is not valid: it needs one @ and no spaces, like name@example.com.",
  invalid_domain: "The email address's domain is not valid.",
} as const satisfies Record<string, string>;

export type EmailRejectReason = keyof typeof emailRejectReasons;

export type EmailResult = { ok: true; email: string } | { ok: false; reason: EmailRejectReason; message: string };

const MAX_EMAIL = 254;
const MAX_LOCAL = 64;
/** Anything longer cannot become a valid address however much whitespace it carries: refuse before any work. */
const MAX_INPUT = 1024;

// Dot-atom local part (RFC 5322) plus non-ASCII letters (RFC 6531); quoted local parts are not accepted.
const LOCAL = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
// A DNS label, internationalised domain names in Unicode or punycode.
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

const reject = (reason: EmailRejectReason): EmailResult => ({ ok: false, reason, message: emailRejectReasons[reason] });

/**
 * An email value for storage and matching: trimmed, "mailto:" and surrounding <…> removed, NFC, lower-cased
 * (providers treat the local part case-insensitively, and duplicates must match). A pragmatic check, not the
 * full RFC: one @, no spaces or quotes, a domain of at least two labels with a non-numeric top-level label.
 */
export function normalizeEmail(raw: string): EmailResult {
  if (raw.length > MAX_INPUT) return reject("too_long");
  let s = raw.trim();
  if (/^mailto:/i.test(s)) s = s.slice(7).trim();
  if (s.startsWith("<") && s.endsWith(">")) s = s.slice(1, -1).trim();
  if (s === "") return reject("empty");
  if (s.length > MAX_EMAIL) return reject("too_long");
  s = s.normalize("NFC").toLowerCase();
  const at = s.lastIndexOf("@");
  if (at <= 0 || s.indexOf("@") !== at) return reject("invalid_format");
  const local = s.slice(0, at);
  let domain = s.slice(at + 1);
  if (local.length > MAX_LOCAL) return reject("local_part_too_long");
  if (!LOCAL.test(local)) return reject("invalid_format");
  if (domain.endsWith(".")) domain = domain.slice(0, -1);
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return reject("invalid_domain");
  const tld = labels.at(-1)!;
  if (tld.length < 2 || /^\d+$/.test(tld)) return reject("invalid_domain");
  return { ok: true, email: `${local}@${domain}` };
}
