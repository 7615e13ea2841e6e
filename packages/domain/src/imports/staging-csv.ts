import type { StagedRow } from "./import-rows";

export const STAGING_COLUMNS = [
  "import_id",
  "batch",
  "line",
  "grp",
  "phones",
  "phones_raw",
  "emails",
  "attr_ids",
  "vals",
  "invalid_phones",
  "ignored_phones",
  "fail_status",
  "fail_reason",
  "fail_message",
  "phone",
  "email",
] as const;

/** A text field for COPY's csv format: always quoted (so `\.` or spaces survive), NULL as an unquoted empty field. */
function text(s: string | null): string {
  if (s === null) return "";
  return s.includes('"') ? `"${s.replaceAll('"', '""')}"` : `"${s}"`;
}

/** An element of a PostgreSQL array literal: quoted, with backslashes and quotes escaped. */
function element(v: string): string {
  return v.includes("\\") || v.includes('"') ? `"${v.replace(/[\\"]/g, "\\$&")}"` : `"${v}"`;
}

/** A PostgreSQL array literal, csv-quoted: `"{""a"",""b""}"`. */
function textArray(values: readonly string[]): string {
  if (values.length === 0) return "{}";
  let inner = element(values[0]!);
  for (let i = 1; i < values.length; i++) inner += `,${element(values[i]!)}`;
  return text(`{${inner}}`);
}

function intArray(values: readonly number[]): string {
  return values.length === 0 ? "{}" : `"{${values.join(",")}}"`;
}

/** One staging batch as csv text for COPY. */
export function stagingCsv(importId: number, batch: number, rows: readonly StagedRow[]): string {
  const lines: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    lines[i] =
      `${importId},${batch},${r.line},${r.grp ?? ""},${textArray(r.phones)},${textArray(r.phonesRaw)},${textArray(r.emails)},${intArray(
        r.attrIds,
      )},${textArray(r.vals)},${r.invalidPhones},${r.ignoredPhones},${text(r.fail?.status ?? null)},${text(r.fail?.reason ?? null)},${text(r.fail?.message ?? null)},${text(
        r.phone,
      )},${text(r.email)}\n`;
  }
  return lines.join("");
}
