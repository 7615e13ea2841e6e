import { readFileSync } from "node:fs";
import type { ImportFailureReason } from "@leadflow/contracts";
import { encodeCp1251 } from "./cp1251";
import { csvLine } from "./csv-text";
import { type Charset, dirtyRow } from "./dirty-rows";
import { cachedPath, generateOnce } from "./file-cache";
import { HEADINGS } from "./people";

/** What importing a dirty file must give: the import's counters and one failure per bad row, with its reason. */
export interface DirtyExpectation {
  charset: Charset;
  processed: number;
  unique: number;
  duplicates: number;
  failed: number;
  skipped: number;
  invalidPhones: number;
  /** Every failed row: its line, the reason, and a word its message must contain ("" when it has none). */
  failures: { line: number; reason: ImportFailureReason; hint: string }[];
  /** Names in other scripts that must be stored exactly as written (proves the decoding). */
  names: string[];
}

export interface DirtyFile {
  path: string;
  expected: DirtyExpectation;
}

/**
 * The dirty CSV (B1d): bad phones, duplicates by case and blanks, quoted line breaks, ragged and over-wide rows,
 * blank rows, CRLF line ends. UTF-8 starts with a BOM and has accented and CJK names and fullwidth digits;
 * Windows-1251 (no BOM: the import detects it from the Cyrillic bytes) has Cyrillic names instead.
 * The expectation is written next to the file.
 */
export async function dirtyCsv(rows: number, charset: Charset = "utf-8"): Promise<DirtyFile> {
  const variant = charset === "utf-8" ? "dirty" : "dirty-cp1251";
  const path = cachedPath(variant, rows, "csv");
  const expectPath = cachedPath(variant, rows, "expect.json");
  const encode = charset === "utf-8" ? (s: string) => Buffer.from(s, "utf8") : encodeCp1251;
  const expected: DirtyExpectation = {
    charset,
    processed: 0,
    unique: 0,
    duplicates: 0,
    failed: 0,
    skipped: 0,
    invalidPhones: 0,
    failures: [],
    names: [],
  };
  // Each file is whole or absent (see generateOnce), and both follow from (rows, charset, generator version).
  await generateOnce(expectPath, async (out) => {
    for (let i = 0; i < rows; i++) {
      const { outcome } = dirtyRow(i, charset);
      if (outcome.kind === "blank") continue;
      expected.processed++;
      expected.invalidPhones += outcome.invalidPhones;
      if (outcome.kind === "failed") {
        expected.failed++;
        expected.failures.push({ line: i + 1, reason: outcome.reason, hint: outcome.hint });
      } else {
        if (outcome.kind === "unique") expected.unique++;
        else expected.duplicates++;
        if (outcome.name && !expected.names.includes(outcome.name)) expected.names.push(outcome.name);
      }
    }
    await out.write(JSON.stringify(expected));
  });
  await generateOnce(path, async (out) => {
    if (charset === "utf-8") await out.write(Buffer.from([0xef, 0xbb, 0xbf]));
    await out.write(encode(`${csvLine(HEADINGS)}\r\n`));
    for (let i = 0; i < rows; i++) await out.write(encode(`${dirtyRow(i, charset).text}\r\n`));
  });
  return { path, expected: JSON.parse(readFileSync(expectPath, "utf8")) as DirtyExpectation };
}
