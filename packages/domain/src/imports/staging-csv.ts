import type { StagedRow } from "./import-rows";

/**
 * What a file import COPYs into import_staging. String values travel as `attrs` (the jsonb the lead keeps, see
 * docs/imports.md) rather than `attr_ids`/`vals` arrays: built here, on the worker thread, it costs the database
 * only a jsonb parse (building it in SQL from the arrays cost ~15 µs a row). The first phone and email as
 * written are needed only for the history of rows that did not import, so valid rows leave them out.
 */
export const STAGING_COLUMNS = [
  "import_id",
  "batch",
  "line",
  "grp",
  "phones",
  "phones_raw",
  "emails",
  "attrs",
  "invalid_phones",
  "ignored_phones",
  "fail_status",
  "fail_reason",
  "fail_message",
  "phone",
  "email",
  "consent",
  "consent_error",
] as const;

/*
 * The csv is built as one list of pieces joined once per batch: most pieces are strings that already exist (the
 * values, separators), so a row costs no intermediate strings. Concatenating per row made ~30 short-lived
 * strings a row and the worker spent more time collecting them than writing.
 */

const PLAIN_TEXT = /^[^"]*$/;
/** No quote, backslash, control character or surrogate: the value is its own JSON string body. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape, so they are looked for.
const PLAIN_JSON = /^[^"\\\x00-\x1f\ud800-\udfff]*$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A text field for COPY's csv format: always quoted (so `\.` or spaces survive), NULL as an unquoted empty field. */
function text(out: string[], s: string | null): void {
  if (s === null) return;
  if (PLAIN_TEXT.test(s)) out.push('"', s, '"');
  else out.push('"', s.replaceAll('"', '""'), '"');
}

/** An element of a PostgreSQL array literal inside a csv field: quoted, backslashes and quotes escaped. */
function element(out: string[], v: string): void {
  if (v.includes("\\") || v.includes('"')) out.push('""', v.replace(/[\\"]/g, "\\$&").replaceAll('"', '""'), '""');
  else out.push('""', v, '""');
}

/** A PostgreSQL text array literal as a csv field: `"{""a"",""b""}"`. */
function textArray(out: string[], values: readonly string[]): void {
  if (values.length === 0) {
    out.push("{}");
    return;
  }
  out.push('"{');
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out.push(",");
    element(out, values[i]!);
  }
  out.push('}"');
}

/**
 * A JSON string inside a csv field. JSON.stringify escapes what needs it; lone surrogates become U+FFFD and NUL
 * is dropped first, because jsonb refuses both (`\ud800`, `\u0000`).
 */
function jsonString(out: string[], v: string): void {
  if (PLAIN_JSON.test(v)) out.push('""', v, '""');
  else out.push(JSON.stringify(v.replace(LONE_SURROGATE, "\ufffd").replaceAll("\0", "")).replaceAll('"', '""'));
}

/** The row's values as `{"<attribute id>": ["value", …]}`, in column order within an attribute, as a csv field. */
function attrsField(out: string[], ids: readonly number[], vals: readonly string[]): void {
  if (ids.length === 0) {
    out.push("{}");
    return;
  }
  out.push('"{');
  // Two columns mapped to one attribute are rare: find repeats by scanning a short list, by a set for a wide one.
  const seen = ids.length > 32 ? new Set<number>() : null;
  let first = true;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (seen ? seen.has(id) : ids.indexOf(id) < i) continue;
    seen?.add(id);
    out.push(first ? '""' : ',""', String(id), '"":[');
    first = false;
    let firstValue = true;
    for (let j = i; j < ids.length; j++) {
      if (ids[j] !== id) continue;
      if (!firstValue) out.push(",");
      jsonString(out, vals[j]!);
      firstValue = false;
    }
    out.push("]");
  }
  out.push('}"');
}

/** The row's consent values as a jsonb field (rare: built plainly), or NULL. */
function consentField(out: string[], consent: Readonly<Record<string, string>> | null): void {
  if (consent === null) return;
  const safe: Record<string, string> = {};
  for (const [k, v] of Object.entries(consent)) safe[k] = v.replace(LONE_SURROGATE, "\ufffd").replaceAll("\0", "");
  text(out, JSON.stringify(safe));
}

/**
 * Characters per piece of a batch's csv. A batch is a few MB of text; as one string it would be allocated (on the
 * worker, and again where the main thread receives it) in V8's large-object space, which only a full collection
 * frees: 50 batches of an import piled up there. Pieces this small are ordinary young objects that die young.
 */
const PIECE_CHARS = 64 * 1024;

/** One staging batch as csv text for COPY (columns: STAGING_COLUMNS), in pieces of about PIECE_CHARS. */
export function stagingCsv(importId: number, batch: number, rows: readonly StagedRow[]): string[] {
  const pieces: string[] = [];
  let out: string[] = [];
  let chars = 0;
  let counted = 0;
  const head = `${importId},${batch},`;
  for (const r of rows) {
    if (chars >= PIECE_CHARS) {
      pieces.push(out.join(""));
      out = [];
      chars = 0;
      counted = 0;
    }
    out.push(head, String(r.line), ",", r.grp === null ? "" : String(r.grp), ",");
    textArray(out, r.phones);
    out.push(",");
    textArray(out, r.phonesRaw);
    out.push(",");
    textArray(out, r.emails);
    out.push(",");
    attrsField(out, r.attrIds, r.vals);
    out.push(",", String(r.invalidPhones), ",", String(r.ignoredPhones), ",");
    text(out, r.fail?.status ?? null);
    out.push(",");
    text(out, r.fail?.reason ?? null);
    out.push(",");
    text(out, r.fail?.message ?? null);
    out.push(",");
    text(out, r.fail ? r.phone : null);
    out.push(",");
    text(out, r.fail ? r.email : null);
    out.push(",");
    consentField(out, r.consent);
    out.push(",");
    text(out, r.consentError);
    out.push("\n");
    for (; counted < out.length; counted++) chars += out[counted]!.length;
  }
  if (out.length > 0) pieces.push(out.join(""));
  return pieces;
}
