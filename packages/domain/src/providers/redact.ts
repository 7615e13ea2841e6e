/*
 * Provider errors end up in job rows, logs and the UI; some providers take the API key in the query string and
 * some echo it back in error bodies. Everything an adapter puts in an error message goes through here first.
 */

/** Query parameters that carry credentials at the providers we speak to. */
const SECRET_PARAM = /([?&](?:key|api_key|apikey|apitoken|api_token|token|auth_token)=)[^&#\s"']*/gi;

const MASK = "[redacted]";

/** Replaces every known secret (raw and URL-encoded) and every credential-looking query value with a mask. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(SECRET_PARAM, `$1${MASK}`);
  for (const secret of secrets) {
    // Very short values would mask ordinary words; no real API key is that short.
    if (secret.length < 4) continue;
    out = out.split(secret).join(MASK);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(MASK);
  }
  return out;
}
