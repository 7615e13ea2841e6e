import { randomInt } from "node:crypto";

/*
 * A step's message with its placeholders filled in for one lead (spec 3 §5). The test sends use it today and the
 * sending engine's render stage (CAMPAIGNS.md §3 step 3) will: it does no I/O, so what a test shows is what the
 * engine sends. Names are the contracts' `MessagePlaceholders`; the syntax is the SMS counter's (`sms-length.ts`).
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
const PLACEHOLDER = /\{\{(?:random:(\d{1,9})-(\d{1,9})|([\p{L}\p{N}_-]{1,100}))\}\}/gu;

/** The built-in placeholders; they win over an attribute whose slug is the same word (an attribute named "Source"). */
const BUILT_IN: Record<string, (v: MessageValues) => string> = {
  link: (v) => v.link,
  unsubscribe_url: (v) => v.unsubscribeUrl,
  source: (v) => v.source,
  list: (v) => v.list,
  last_4_digits: (v) => v.phone.replace(/\D/g, "").slice(-4),
};

/** Fills every placeholder once, left to right; a value that looks like a placeholder is not filled again. */
export function renderMessage(template: string, values: MessageValues, random: RandomInt = secureRandomInt): string {
  return template.replace(PLACEHOLDER, (token, low: string | undefined, high: string | undefined, name: string | undefined) => {
    if (low !== undefined && high !== undefined) {
      const [a, b] = [Number(low), Number(high)];
      return String(random(Math.min(a, b), Math.max(a, b)));
    }
    const key = name ?? "";
    const builtIn = Object.hasOwn(BUILT_IN, key) ? BUILT_IN[key] : undefined;
    if (builtIn) return builtIn(values);
    return Object.hasOwn(values.attributes, key) ? (values.attributes[key] ?? "") : token;
  });
}
