import { randomInt } from "node:crypto";

/*
 * Short-link codes (docs/short-links.md): 10–11 random base62 characters, one per message and link. 62^10 ≈ 8·10^17,
 * so codes cannot be guessed or enumerated, and the redirect service can look one up without a sequence.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` (10 or 11) fixes it: a preview shows the longest, as the SMS counter counts. */
export function newLinkCode(length: 10 | 11 = (10 + randomInt(2)) as 10 | 11): string {
  let code = "";
  for (let i = 0; i < length; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

/** A link as sent: on the step's short-URL domain, or the app's own host when the step has none. */
export function shortLink(base: { host: string; https: boolean }, code: string): string {
  return `${base.https ? "https" : "http"}://${base.host}/${code}`;
}
