import type { ImportFailureReason } from "@leadflow/contracts";
import { csvLine } from "./csv-text";
import { hash, pick } from "./hash";
import { formatPhone, type Person, person, personCells, phoneDigits } from "./people";

/** Which character set a dirty file is written in: UTF-8 (accents, CJK, fullwidth digits) or Windows-1251 (Cyrillic). */
export type Charset = "utf-8" | "windows-1251";

/** What the import must make of one dirty row. */
export type RowOutcome =
  | { kind: "unique" | "duplicate"; invalidPhones: number; name?: string }
  | { kind: "failed"; reason: ImportFailureReason; hint: string; invalidPhones: number }
  | { kind: "blank" };

export interface DirtyRow {
  /** The CSV record without its line end (may hold quoted line breaks). */
  text: string;
  outcome: RowOutcome;
}

/** Kinds of row and how many per thousand; the first rows are all "normal" so the delimiter sniffing sees a clean start. */
const KINDS = [
  ["normal", 800],
  ["dupBoth", 50],
  ["dupPhone", 20],
  ["dupEmail", 20],
  ["dupFullwidth", 10],
  ["fullwidth", 20],
  ["badPhoneWithEmail", 20],
  ["letters", 15],
  ["tooShort", 15],
  ["noContact", 10],
  ["badEmail", 5],
  ["raggedShort", 5],
  ["raggedLong", 5],
  ["blank", 2],
  ["tooWide", 1],
  ["longCell", 1],
  ["badBoth", 1],
] as const;
type Kind = (typeof KINDS)[number][0];
const CLEAN_START = 50;

const byMille: Kind[] = KINDS.flatMap(([kind, n]) => Array<Kind>(n).fill(kind));
if (byMille.length !== 1000) throw new Error("dirty row shares must add up to 1000");

function kindOf(i: number): Kind {
  return i < CLEAN_START ? "normal" : byMille[hash(i, 10) % 1000]!;
}

const UTF8_NAMES = [
  "José",
  "Zoë",
  "François",
  "Renée",
  "Björn",
  "Núñez",
  "Müller",
  "Ørsted",
  "Łukasz",
  "王伟",
  "李娜",
  "山田",
  "太郎",
  "김민준",
];
const CYRILLIC_NAMES = ["Иван", "Пётр", "Ольга", "Наталья", "Сергей", "Ёлкин", "Смирнов", "Кузнецова", "Попов", "Лебедев"];
const LETTER_PHONES = ["N/A", "call me", "555-FLOWERS", "none", "ask for Bob"];
const BAD_EMAILS = ["john.smith@", "john smith@gmail.com", "john.gmail.com", "@example.com", "a@b"];

/** Row i of the dirty file (line i + 1: the header is row 0). Pure: depends on i and the charset only. */
export function dirtyRow(i: number, charset: Charset): DirtyRow {
  const kind = kindOf(i);
  const x = person(i);
  const line = (cells: string[], outcome: RowOutcome): DirtyRow => ({ text: csvLine(cells), outcome });
  const unique = { kind: "unique", invalidPhones: 0 } as const;
  const dup = { kind: "duplicate", invalidPhones: 0 } as const;
  const named = (cells: string[]) => [...cells, x.firstName, x.lastName, x.city, x.zip];
  const digitsOf = (p: number) => (charset === "utf-8" ? fullwidth(phoneDigits(p)) : phoneDigits(p));
  const earlier = kind.startsWith("dup") ? earlierNormal(i) : null;
  if (kind.startsWith("dup") && earlier === null) return normalRow(i, x, charset);
  const j = earlier ?? 0;
  switch (kind) {
    case "normal":
      return normalRow(i, x, charset);
    case "dupBoth":
      return line(named([formatPhone(j, hash(i, 4)), emailVariant(person(j).email, i)]), dup);
    case "dupPhone":
      return line(named([formatPhone(j, hash(i, 4)), ""]), dup);
    case "dupEmail":
      return line(named(["", emailVariant(person(j).email, i)]), dup);
    case "dupFullwidth":
      return line(named([digitsOf(j), ""]), dup);
    case "fullwidth":
      return line(named([digitsOf(i), x.email]), unique);
    case "badPhoneWithEmail":
      return line(named([pick(LETTER_PHONES, i, 6), x.email]), { kind: "unique", invalidPhones: 1 });
    case "letters":
      return line(named([pick(LETTER_PHONES, i, 6), ""]), failed("invalid_phone", "letters", 1));
    case "tooShort":
      return line(named([phoneDigits(i).slice(0, 3 + (hash(i, 7) % 4)), ""]), failed("invalid_phone", "too short", 1));
    case "noContact":
      return line(named(["", ""]), failed("no_contact", "", 0));
    case "badEmail":
      return line(named(["", pick(BAD_EMAILS, i, 8)]), failed("invalid_email", "email", 0));
    case "badBoth":
      return line(named([pick(LETTER_PHONES, i, 6), pick(BAD_EMAILS, i, 8)]), failed("invalid_phone", "letters", 1));
    case "raggedShort":
      return line([x.phone, x.email], unique);
    case "raggedLong":
      return line([...personCells(x), "extra", String(i)], unique);
    case "blank":
      return { text: i % 2 ? "" : ",,,,,", outcome: { kind: "blank" } };
    case "tooWide":
      return line([...personCells(x), ...Array<string>(594).fill("x")], failed("malformed_row", "600 values", 0));
    case "longCell":
      return line([x.phone, x.email, x.firstName, "x".repeat(10_001), x.city, x.zip], failed("malformed_row", "longer than", 0));
  }
}

function failed(reason: ImportFailureReason, hint: string, invalidPhones: number): RowOutcome {
  return { kind: "failed", reason, hint, invalidPhones };
}

/**
 * A clean new person, written the ways real files are: some with names in other scripts, some with a line break
 * or a quote inside a quoted value, some with blanks around the email or the phone.
 */
function normalRow(i: number, x: Person, charset: Charset): DirtyRow {
  const v = hash(i, 12) % 100;
  const cells = personCells(x);
  let name: string | undefined;
  if (i < CLEAN_START) {
    // plain: the delimiter is sniffed from the first rows
  } else if (v < 10) {
    name = pick(charset === "utf-8" ? UTF8_NAMES : CYRILLIC_NAMES, i, 13);
    cells[2] = name;
  } else if (v < 12) cells[4] = `${x.city}\nSuite ${100 + (i % 900)}`;
  else if (v < 13) cells[3] = `O"${x.lastName}`;
  else if (v < 15) cells[1] = `  ${x.email.toUpperCase()} `;
  else if (v < 16) cells[0] = ` ${x.phone}\t`;
  return { text: csvLine(cells), outcome: name ? { kind: "unique", invalidPhones: 0, name } : { kind: "unique", invalidPhones: 0 } };
}

/** The nearest row at or before a random earlier one that is a clean new person (null when there is none). */
function earlierNormal(i: number): number | null {
  for (let j = hash(i, 11) % i; j >= 0; j--) if (kindOf(j) === "normal") return j;
  return null;
}

/** The same address as people retype it: capitals, blanks around it. */
function emailVariant(email: string, i: number): string {
  switch (hash(i, 9) % 3) {
    case 0:
      return email.toUpperCase();
    case 1:
      return `  ${email} `;
    default:
      return email.replace(/^./, (c) => c.toUpperCase()).replace(/@.*/, (d) => d.toUpperCase());
  }
}

/** Fullwidth digits (U+FF10–FF19) with ASCII dashes: "２０１-２００-１２３４". */
function fullwidth(digits: string): string {
  const wide = [...digits].map((d) => String.fromCharCode(0xff10 + Number(d))).join("");
  return `${wide.slice(0, 3)}-${wide.slice(3, 6)}-${wide.slice(6)}`;
}
