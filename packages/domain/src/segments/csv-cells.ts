import { type SQL, sql } from "drizzle-orm";
import { escapeFormula, FORMULA_PREFIX_PATTERN } from "../shared/formula-escape";

/*
 * CSV as PostgreSQL's COPY … (FORMAT csv) writes it, so the two ways an export is written (COPY on a server,
 * keyset chunks formatted here on PGlite) give the same bytes: a field is quoted when it holds a quote, a comma,
 * CR or LF; an empty string is `""` and NULL is nothing; rows end with LF.
 */

/** One field, quoted as COPY quotes it. */
export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (value === "") return '""';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\n`;
}

/** The header line: names a user chose (attributes) get the same formula escape as the cells. */
export function csvHeader(names: readonly string[]): string {
  return csvLine(names.map(escapeFormula));
}

/**
 * A text cell with the formula escape of formula-escape.ts, in SQL: one apostrophe before a value that begins
 * with apostrophes and a formula trigger. NULL stays NULL.
 */
export function escapedCell(expr: SQL): SQL {
  return sql`regexp_replace(${expr}, ${FORMULA_PREFIX_PATTERN}, ${"'\\&"})`;
}

/**
 * Counts the rows of COPY's csv output as it streams by, chunk by chunk: a row ends at an LF outside quotes (a
 * value's own line breaks are quoted, and a doubled quote toggles twice).
 */
export class CsvRowCounter {
  private quoted = false;
  rows = 0;

  add(chunk: Uint8Array): void {
    let quoted = this.quoted;
    let rows = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x22) quoted = !quoted;
      else if (b === 0x0a && !quoted) rows++;
    }
    this.quoted = quoted;
    this.rows += rows;
  }
}
