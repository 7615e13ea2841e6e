import { once } from "node:events";
import { createWriteStream, statSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { fixturePath, scratchDir } from "../../../test/fixtures/imports";
import { CsvFileReader } from "./csv-reader";
import { ImportFileError, type ImportFileErrorCode, type ImportFormat, openImportFile, type ParseLimits, previewImportFile } from "./index";
import { resolveLimits } from "./parsers.types";

const scratch = scratchDir();
afterAll(() => scratch.cleanup());

let n = 0;
const write = (content: string | Uint8Array, ext = "csv") => scratch.file(`f${++n}.${ext}`, content);

async function readAll(path: string, format: ImportFormat = "csv", opts?: ParseLimits) {
  const reader = await openImportFile(path, format, opts);
  const rows = [];
  const batchSizes: number[] = [];
  for await (const batch of reader.rows()) {
    batchSizes.push(batch.length);
    rows.push(...batch);
  }
  return {
    headings: reader.headings,
    rows,
    encoding: reader.encoding,
    delimiter: reader.delimiter,
    progress: reader.progress(),
    batchSizes,
  };
}

async function failure(path: string, format: ImportFormat = "csv", opts?: ParseLimits): Promise<ImportFileError> {
  try {
    await readAll(path, format, opts);
  } catch (err) {
    if (err instanceof ImportFileError) return err;
    throw err;
  }
  throw new Error("expected an ImportFileError");
}

const cp1251 = (s: string) =>
  Buffer.from([...s].map((ch) => (ch >= "А" && ch <= "я" ? ch.charCodeAt(0) - 0x410 + 0xc0 : ch.charCodeAt(0))));

describe("CSV and TSV: encodings", () => {
  const text = "Name,Phone\r\nJosé Müller,5551234567\r\nАнна,5559876543\r\n";
  const want = [
    ["José Müller", "5551234567"],
    ["Анна", "5559876543"],
  ];
  it.each([
    { name: "UTF-8", bytes: Buffer.from(text), encoding: "utf-8" },
    { name: "UTF-8 BOM", bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), encoding: "utf-8" },
    { name: "UTF-16LE BOM", bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]), encoding: "utf-16le" },
    {
      name: "UTF-16BE BOM",
      bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]),
      encoding: "utf-16be",
    },
    { name: "UTF-16LE no BOM", bytes: Buffer.from(text, "utf16le"), encoding: "utf-16le" },
    { name: "UTF-16BE no BOM", bytes: Buffer.from(text, "utf16le").swap16(), encoding: "utf-16be" },
  ])("$name", async ({ bytes, encoding }) => {
    const r = await readAll(write(bytes));
    expect(r.encoding).toBe(encoding);
    expect(r.headings).toEqual(["Name", "Phone"]);
    expect(r.rows.map((x) => x.cells)).toEqual(want);
  });

  it("Windows-1251 with semicolons and CRLF (fixture)", async () => {
    const r = await readAll(fixturePath("leads-cp1251-semicolon-crlf.csv"));
    expect(r).toMatchObject({ encoding: "windows-1251", delimiter: ";", headings: ["Имя", "Фамилия", "Телефон", "Email"] });
    expect(r.rows.map((x) => x.cells)).toEqual([
      ["Анна", "Петрова", "(555) 123-4567", "anna@example.com"],
      ["Ёжик", "Иванов", "+7 912 345 67 89", "ezhik@example.ru"],
    ]);
  });

  it("Latin-1 with lone CR line ends (fixture)", async () => {
    const r = await readAll(fixturePath("leads-latin1-cr.csv"));
    expect(r.encoding).toBe("windows-1252");
    expect(r.rows.map((x) => x.cells)).toEqual([
      ["Müller", "Zürich", "555.123.4567"],
      ["Gonçalves", "São Paulo", "555-765-4321"],
    ]);
  });

  it("UTF-16LE TSV with BOM, a quoted tab and fullwidth digits (fixture)", async () => {
    const r = await readAll(fixturePath("leads-utf16le-bom.tsv"), "tsv");
    expect(r).toMatchObject({ encoding: "utf-16le", delimiter: "\t", headings: ["First Name", "Phone", "Notes"] });
    expect(r.rows.map((x) => x.cells)).toEqual([
      ["José", "+44 20 7946 0958", "tab\there"],
      ["李", "５５５１２３４５６７", "note"],
    ]);
  });

  it("detects Windows-1251 that first appears after 300 KB of ASCII", async () => {
    const head = `name,phone\n${"john,5551234567\n".repeat(20_000)}`;
    const r = await readAll(write(Buffer.concat([Buffer.from(head), cp1251("Иван,5559876543\n")])));
    expect(r.encoding).toBe("windows-1251");
    expect(r.rows.at(-1)!.cells).toEqual(["Иван", "5559876543"]);
    expect(r.rows).toHaveLength(20_001);
  });
});

describe("CSV and TSV: structure", () => {
  it.each([
    { name: "comma", text: "a,b\n1,2\n", delimiter: "," },
    { name: "semicolon", text: "a;b\n1;2\n", delimiter: ";" },
    { name: "tab", text: "a\tb\n1\t2\n", delimiter: "\t" },
    { name: "pipe", text: "a|b\n1|2\n", delimiter: "|" },
  ])("sniffs the $name delimiter", async ({ text, delimiter }) => {
    const r = await readAll(write(text));
    expect(r.delimiter).toBe(delimiter);
    expect(r.rows[0]!.cells).toEqual(["1", "2"]);
  });

  it.each([
    { name: "LF", eol: "\n" },
    { name: "CRLF", eol: "\r\n" },
    { name: "CR", eol: "\r" },
  ])("reads $name line ends, with a quoted line break inside a value", async ({ eol }) => {
    const r = await readAll(write(`name,notes${eol}John,"one${eol}two"${eol}Mary,x${eol}`));
    expect(r.rows.map((x) => x.cells)).toEqual([
      ["John", `one${eol}two`],
      ["Mary", "x"],
    ]);
    expect(r.rows.map((x) => x.line)).toEqual([1, 2]);
  });

  it("pads short rows, keeps non-empty extra values and drops empty ones", async () => {
    const r = await readAll(write("a,b,c\n1\n1,2,3,4,,\n1,2,3,,\n"));
    expect(r.rows.map((x) => x.cells)).toEqual([
      ["1", "", ""],
      ["1", "2", "3", "4"],
      ["1", "2", "3"],
    ]);
    expect(r.rows.every((x) => x.problem === undefined)).toBe(true);
  });

  it("makes duplicate headings unique and names blank ones", async () => {
    const r = await readAll(write("Phone,phone,,Email,PHONE\n1,2,3,4,5\n"));
    expect(r.headings).toEqual(["Phone", "phone (2)", "Column 3", "Email", "PHONE (3)"]);
  });

  it("strips NUL bytes", async () => {
    const r = await readAll(write(Buffer.from("na\0me,ph\0one\n\0John\0,555\0\n")));
    expect(r.headings).toEqual(["name", "phone"]);
    expect(r.rows[0]!.cells).toEqual(["John", "555"]);
  });

  it("skips blank lines anywhere, counting them in row numbers", async () => {
    const r = await readAll(write("\n\nname\nA\n\n , \nB\n\n\n"));
    expect(r.headings).toEqual(["name"]);
    expect(r.rows.map((x) => [x.line, x.cells[0]])).toEqual([
      [1, "A"],
      [4, "B"],
    ]);
    expect(r.progress).toMatchObject({ rows: 2, blankRows: 4 });
  });

  it("hands out rows in batches of batchRows, and progress reaches the file size", async () => {
    const text = `phone\n${Array.from({ length: 12_345 }, (_, i) => String(i)).join("\n")}`;
    const path = write(text);
    const r = await readAll(path, "csv", { batchRows: 5_000 });
    expect(r.rows).toHaveLength(12_345);
    expect(r.rows.at(-1)).toEqual({ line: 12_345, cells: ["12344"] });
    expect(r.batchSizes).toEqual([5_000, 5_000, 2_345]);
    expect(r.progress.bytesRead).toBe(Buffer.byteLength(text));
    expect(r.progress.totalBytes).toBe(Buffer.byteLength(text));
  });

  it("marks a value over the cell limit as the row's problem, cut to the limit, and carries on", async () => {
    const r = await readAll(write(`name,notes\nA,${"x".repeat(50)}\nB,ok\n`), "csv", { maxCellChars: 20 });
    expect(r.rows[0]!.problem).toBe('The value in column "notes" is longer than 20 characters.');
    expect(r.rows[0]!.cells[1]).toHaveLength(20);
    expect(r.rows[1]).toEqual({ line: 2, cells: ["B", "ok"] });
  });

  it("marks a row with more values than the column limit", async () => {
    const r = await readAll(write("a,b\n1,2,3,4,5,6\n"), "csv", { maxColumns: 4 });
    expect(r.rows[0]!.problem).toMatch(/6 values; at most 4 columns/);
    expect(r.rows[0]!.cells).toHaveLength(4);
  });

  it("previews headings and the first rows, then releases the file", async () => {
    const path = write(`name,phone\n${Array.from({ length: 50 }, (_, i) => `n${i},${i}`).join("\n")}`);
    const p = await previewImportFile(path, "csv", 3);
    expect(p).toEqual({
      headings: ["name", "phone"],
      rows: [
        ["n0", "0"],
        ["n1", "1"],
        ["n2", "2"],
      ],
      encoding: "utf-8",
      delimiter: ",",
    });
  });

  it("lets rows() be iterated only once and stops cleanly on break", async () => {
    const reader = await openImportFile(write("a\n1\n2\n"), "csv");
    for await (const _ of reader.rows()) break;
    expect(() => reader.rows()).toThrow(/once/);
    await reader.close();
  });
});

describe("CSV and TSV: bad files", () => {
  it.each<{ name: string; content: string | Buffer; code: ImportFileErrorCode; message?: RegExp }>([
    { name: "zero bytes", content: "", code: "empty_file", message: /^The file is empty\.$/ },
    { name: "blank lines only", content: "\r\n\n  \n", code: "empty_file" },
    { name: "a BOM only", content: Buffer.from([0xef, 0xbb, 0xbf]), code: "empty_file" },
    { name: "header only", content: "name,phone\n", code: "header_only", message: /^The file has a header row but no data rows\.$/ },
    { name: "header and blank lines", content: "name,phone\n\n,\n", code: "header_only" },
    {
      name: "unclosed quote at the end",
      content: 'name,notes\nA,ok\nB,"never closed\nC,x\n',
      code: "unbalanced_quote",
      message: /^Row 2 has a quote/,
    },
    {
      name: "an xlsx named .csv",
      content: Buffer.from("PK\x03\x04\x14\x00rest of zip", "latin1"),
      code: "wrong_format",
      message: /Excel workbook/,
    },
    { name: "binary garbage", content: Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 37) % 32)), code: "wrong_format" },
  ])("$name → $code", async ({ content, code, message }) => {
    const err = await failure(write(content));
    expect(err.code).toBe(code);
    if (message) expect(err.message).toMatch(message);
  });

  it("refuses a file over the size limit before reading it", async () => {
    const err = await failure(write(`name\n${"x\n".repeat(1000)}`), "csv", { maxFileBytes: 1000 });
    expect(err.code).toBe("file_too_large");
    expect(err.message).toBe("The file is 2 KB; files up to 1000 bytes can be imported.");
  });

  it("refuses 100,000 columns with a clear message", async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(",");
    const err = await failure(write(`${header}\n1,2\n`));
    expect(err.code).toBe("too_many_columns");
    expect(err.message).toBe("The file has 100,000 columns; at most 500 are supported.");
  });

  it("does not count the empty columns a spreadsheet export pads the header with", async () => {
    const r = await readAll(write(`name,phone${",".repeat(2_000)}\nA,1${",".repeat(2_000)}\n`));
    expect(r.headings).toEqual(["name", "phone"]);
    expect(r.rows[0]!.cells).toEqual(["A", "1"]);
  });

  it("refuses more rows than the row limit", async () => {
    const err = await failure(write("a\n1\n2\n3\n"), "csv", { maxRows: 2 });
    expect(err.code).toBe("too_many_rows");
  });

  it("fails a line longer than the line limit within one read of the limit, however long the line goes on", async () => {
    const path = scratch.path("huge-line.csv");
    const out = createWriteStream(path);
    const block = "x".repeat(1024 * 1024);
    out.write("name,notes\nA,");
    for (let i = 0; i < 16; i++) if (!out.write(block)) await once(out, "drain");
    out.end("\n");
    await once(out, "finish");
    const limits = resolveLimits();
    const reader = new CsvFileReader(path, "csv", statSync(path).size, limits);
    const err = await reader.open().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as ImportFileError).code).toBe("line_too_long");
    expect((err as ImportFileError).message).toBe("Row 1 is longer than 1,048,576 characters. Is this really a CSV file?");
    // What was read is all that can have been held: the limit and the one 256 KB read that crossed it.
    expect(reader.progress().bytesRead).toBeGreaterThan(limits.maxLineChars);
    expect(reader.progress().bytesRead).toBeLessThanOrEqual(limits.maxLineChars + 256 * 1024);
  });

  it("fails fast on an unclosed quote early in a big file instead of reading the rest as one value", async () => {
    const rest = "B,fine\n".repeat(300_000);
    const err = await failure(write(`name,notes\nA,"oops\n${rest}`));
    expect(err.code).toBe("unbalanced_quote");
    expect(err.message).toMatch(/^Row 1 has a quote \(""?\) that is never closed/);
  });
});
