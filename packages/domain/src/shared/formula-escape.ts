/**
 * Spreadsheet formula injection: Excel, LibreOffice and Google Sheets run a cell that begins with one of these as
 * a formula. Exports (the segment CSV) write such a cell with a leading apostrophe, as OWASP advises; reading a
 * file undoes exactly that, so an exported `+15551234567` or `-5` imports as itself. Apostrophes already before
 * the trigger count too (`'=x` exports as `''=x`), so a value that itself begins with an apostrophe survives.
 */
export const FORMULA_TRIGGERS = "=+@\t\r-";

/** A cell the escape applies to: apostrophes, then a trigger. The same text is the SQL pattern of the export. */
export const FORMULA_PREFIX_PATTERN = `^'*[${FORMULA_TRIGGERS}]`;
const FORMULA_PREFIX = new RegExp(FORMULA_PREFIX_PATTERN);

/** A cell as read from a file: the one apostrophe an export put before a formula trigger is dropped. */
export function unescapeFormula(cell: string): string {
  return cell.charCodeAt(0) === 39 && FORMULA_PREFIX.test(cell) ? cell.slice(1) : cell;
}

/** A cell to write to a file: one apostrophe before a value a spreadsheet would run as a formula. */
export function escapeFormula(value: string): string {
  return FORMULA_PREFIX.test(value) ? `'${value}` : value;
}
