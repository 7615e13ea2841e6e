import { randomInt } from "node:crypto";
import { MERGE_TAG_FALLBACK, withFallback } from "@leadflow/contracts";

/*
 * A step's message with its placeholders filled in for one lead. The test sends use it today and the
 * sending engine's render stage (docs/sending.md) will: it does no I/O, so what a test shows is what the
 * engine sends. Names are the contracts' `MessagePlaceholders`; the syntax is the SMS counter's (`sms-length.ts`).
 * A tag may carry a fallback, `{{first_name|there}}` (contracts `merge-tags.ts`): what a lead without that value
 * (none, or only blanks) gets. The fallback is the team's own text, written like the template around it.
 *
 * Three modes. An SMS is plain text: every value goes in as it is. An email body is HTML: whatever comes from the lead
 * (attributes, source, list, phone — anyone who can submit a lead writes them) is escaped, so it arrives as text and
 * never as a link, a form or a script; the links we make ourselves go in as links. An email subject is a header: it
 * is kept to one line, so a value cannot end it and add a header of its own.
 */

export interface MessageValues {
  /** What `{{link}}` becomes: the message's short link (`https://host/code`). */
  link: string;
  /** What `{{unsubscribe_url}}` becomes (email). */
  unsubscribeUrl: string;
  source: string;
  list: string;
  /** The recipient's phone (any format): `{{last_4_digits}}` is its last four digits. */
  phone: string;
  /**
   * Every attribute of the team by slug, with the lead's first value ("" when it has none). A `{{name}}` that is
   * neither built in nor a slug here stays as typed, so a mistyped placeholder shows in a test instead of vanishing.
   */
  attributes: Readonly<Record<string, string>>;
}

/** Returns an integer in [min, max]. */
export type RandomInt = (min: number, max: number) => number;
const secureRandomInt: RandomInt = (min, max) => randomInt(min, max + 1);

// Slugs are Unicode letters, digits and `_` (attributes.service `slugify`); `-` is kept for the counter's syntax.
const PLACEHOLDER = new RegExp(`\\{\\{(?:random:(\\d{1,9})-(\\d{1,9})|([\\p{L}\\p{N}_-]{1,100})${MERGE_TAG_FALLBACK})\\}\\}`, "gu");

/** The URLs we generate: the lead has no say in them. */
const OURS: Record<string, (v: MessageValues) => string> = {
  link: (v) => v.link,
  unsubscribe_url: (v) => v.unsubscribeUrl,
};

/** Built-in placeholders read from the lead. Built-ins win over an attribute whose slug is the same word ("Source"). */
const FROM_LEAD: Record<string, (v: MessageValues) => string> = {
  source: (v) => v.source,
  list: (v) => v.list,
  last_4_digits: (v) => v.phone.replace(/\D/g, "").slice(-4),
};

/** How a value is written into the text it fills: the lead's values and our own URLs each their way. */
interface Writer {
  lead: (value: string) => string;
  ours: (url: string) => string;
}

/** A lead's value, or the tag's fallback (the team's text, as the template around it) when the lead has none. */
function leadOr(write: Writer, value: string, fallback: string | undefined): string {
  const filled = withFallback(value, fallback);
  return filled === value ? write.lead(value) : filled;
}

const asIs = (s: string) => s;
const SMS: Writer = { lead: asIs, ours: asIs };
const HTML: Writer = { lead: (s) => escapeHtml(s), ours: (s) => emailUrl(s) };

/** Fills every placeholder once, left to right; a value that looks like a placeholder is not filled again. */
function fill(template: string, values: MessageValues, random: RandomInt, write: Writer): string {
  return template.replace(
    PLACEHOLDER,
    (token, low: string | undefined, high: string | undefined, name: string | undefined, fallback: string | undefined) => {
      if (low !== undefined && high !== undefined) {
        const [a, b] = [Number(low), Number(high)];
        return write.lead(String(random(Math.min(a, b), Math.max(a, b))));
      }
      const key = name ?? "";
      if (Object.hasOwn(OURS, key)) return write.ours(OURS[key]!(values));
      if (Object.hasOwn(FROM_LEAD, key)) return leadOr(write, FROM_LEAD[key]!(values), fallback);
      return Object.hasOwn(values.attributes, key) ? leadOr(write, values.attributes[key] ?? "", fallback) : token;
    },
  );
}

/** An SMS (or any plain text): every value as it is. */
export function renderMessage(template: string, values: MessageValues, random: RandomInt = secureRandomInt): string {
  return fill(template, values, random, SMS);
}

/** An email's HTML body: the lead's values escaped (they are text), our links as they are. */
export function renderEmailHtml(template: string, values: MessageValues, random: RandomInt = secureRandomInt): string {
  return fill(template, values, random, HTML);
}

/** An email's subject: not HTML, so nothing is escaped, but one line whatever the values hold. */
export function renderEmailSubject(template: string, values: MessageValues, random: RandomInt = secureRandomInt): string {
  return emailHeaderText(fill(template, values, random, SMS));
}

/** Text as HTML text: `& < > " '` as character references, so it can sit in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A header's text (a subject, a from name) on one line: line breaks and every other control character, with the
 * spaces around them, become one space — a CR LF in a value cannot start a header of its own (`Bcc:`).
 */
export function emailHeaderText(text: string): string {
  return text.replace(/[\s\p{Cc}]+/gu, (run) => (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(run) ? " " : run));
}

/**
 * One of our URLs for an email body, where it lands in a quoted attribute (`href="…"`, the open pixel's `src`): a
 * quote, angle bracket, backtick, backslash or blank cannot be in a well-formed URL, so any there is percent-encoded
 * and can never close the attribute — whatever host a short-URL domain row or the app's settings hold.
 */
export function emailUrl(url: string): string {
  // encodeURIComponent leaves `'` alone.
  return url.replace(/["'<>`\\\s\p{Cc}]/gu, (c) => (c === "'" ? "%27" : encodeURIComponent(c)));
}
