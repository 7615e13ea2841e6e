import { csvLine } from "./csv-text";
import { cachedPath, generateOnce } from "./file-cache";
import { hash } from "./hash";
import { CITIES, formatPhone, HEADINGS, type Person, person, personCells } from "./people";

/** Clean CSV: one row per person 0…rows-1, every phone and email unique, LF line ends. */
export function cleanCsv(rows: number): Promise<string> {
  return generateOnce(cachedPath("clean", rows, "csv"), async (out) => {
    await out.write(`${csvLine(HEADINGS)}\n`);
    for (let i = 0; i < rows; i++) await out.write(`${csvLine(personCells(person(i)))}\n`);
  });
}

/**
 * The 50/50 mix for B2: even rows are people of the clean file of the same size (phone in another format, email
 * in capitals, and a new city, so the merge adds a value), odd rows are new people (rows + i, never in the clean
 * file). Imported after the clean file: rows/2 new leads, rows/2 duplicates.
 */
export function mixCsv(rows: number): Promise<string> {
  return generateOnce(cachedPath("mix", rows, "csv"), async (out) => {
    await out.write(`${csvLine(HEADINGS)}\n`);
    for (let i = 0; i < rows; i++) await out.write(`${csvLine(personCells(i % 2 === 0 ? existing(i) : person(rows + i)))}\n`);
  });
}

function existing(p: number): Person {
  const x = person(p);
  const [city, zip] = CITIES[(hash(p, 3) + 1) % CITIES.length]!;
  return { ...x, phone: formatPhone(p, hash(p, 4) + 1), email: x.email.toUpperCase(), city, zip };
}

/** What the mix must do after the clean file. */
export function mixExpectation(rows: number): { unique: number; duplicates: number } {
  return { unique: Math.floor(rows / 2), duplicates: Math.ceil(rows / 2) };
}
