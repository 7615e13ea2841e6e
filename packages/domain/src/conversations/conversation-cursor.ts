import { AppError } from "../shared/errors";

/*
 * Keyset cursors: the last row's sort values, as base64url JSON. Timestamps travel as PostgreSQL's own text, so
 * microseconds survive the round trip (a JavaScript Date would drop them and repeat or skip rows).
 */

/** PostgreSQL's timestamptz text ("2026-12-06 03:40:00.123456+00"). */
const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;

export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/** The cursor's values, checked against their expected kinds; a cursor of anything else is a 422. */
export function decodeCursor(cursor: string, kinds: readonly ("string" | "number")[]): (string | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new AppError("conversation_cursor_invalid");
  }
  const ok =
    Array.isArray(values) &&
    values.length === kinds.length &&
    values.every(
      (v, i) => typeof v === kinds[i] && (typeof v !== "string" || TIMESTAMP.test(v)) && (typeof v !== "number" || Number.isSafeInteger(v)),
    );
  if (!ok) throw new AppError("conversation_cursor_invalid");
  return values as (string | number)[];
}
