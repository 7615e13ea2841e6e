import ExcelJS from "exceljs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildZip, scratchDir, xlsxParts } from "../../../test/fixtures/imports";
import { ImportFileError, openImportFile, type ParseLimits, previewImportFile } from "./index";
import { ZipArchive } from "./zip-archive";

const scratch = scratchDir();
afterAll(() => scratch.cleanup());
let n = 0;

async function readAll(path: string, opts?: ParseLimits) {
  const reader = await openImportFile(path, "xlsx", opts);
  const rows = [];
  for await (const batch of reader.rows()) rows.push(...batch);
  return { headings: reader.headings, rows, progress: reader.progress() };
}

async function failure(path: string, opts?: ParseLimits): Promise<ImportFileError> {
  const err = await readAll(path, opts).then(
    () => null,
    (e: unknown) => e,
  );
  if (err instanceof ImportFileError) return err;
  throw new Error(`expected an ImportFileError, got ${String(err)}`);
}

const crafted = (sheetData: string, opts?: Parameters<typeof xlsxParts>[1]) =>
  scratch.file(`c${++n}.xlsx`, buildZip(xlsxParts(sheetData, opts)));

describe("XLSX written by exceljs", () => {
  it("reads values as people see them: numbers, dates, formulas, rich text, booleans, padded zips", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Leads");
    ws.addRow(["Name", "Phone", "Born", "Score", "Doubled", "Rich", "Zip", "Signed up", "Opted in", "Phone"]);
    ws.addRow([
      "John",
      15551234567,
      new Date(Date.UTC(1990, 4, 1)),
      0.1 + 0.2,
      { formula: "B2*2", result: 31102469134 },
      { richText: [{ text: "Bold " }, { font: { bold: true }, text: "move" }] },
      2134,
      new Date(Date.UTC(2024, 0, 2, 13, 45, 30)),
      true,
      "+1 (212) 456-7890",
    ]);
    ws.getCell("G2").numFmt = "00000";
    ws.addRow([]);
    ws.addRow(["Mary", 1.5551234567e10, null, -2.5, { formula: 'D4&"x"', result: "-2.5x" }]);
    const path = scratch.path(`e${++n}.xlsx`);
    await wb.xlsx.writeFile(path);

    const r = await readAll(path);
    expect(r.headings).toEqual(["Name", "Phone", "Born", "Score", "Doubled", "Rich", "Zip", "Signed up", "Opted in", "Phone (2)"]);
    expect(r.rows).toEqual([
      {
        line: 1,
        cells: [
          "John",
          "15551234567",
          "1990-05-01",
          "0.3",
          "31102469134",
          "Bold move",
          "02134",
          "2024-01-02 13:45:30",
          "TRUE",
          "+1 (212) 456-7890",
        ],
      },
      { line: 3, cells: ["Mary", "15551234567", "", "-2.5", "-2.5x", "", "", "", "", ""] },
    ]);
    expect(r.progress.blankRows).toBe(1);
  });

  it("reads the first visible sheet only", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Hidden", { state: "hidden" }).addRow(["secret"]);
    const visible = wb.addWorksheet("Visible");
    visible.addRow(["phone"]);
    visible.addRow(["5551234567"]);
    wb.addWorksheet("Other").addRow(["nope"]);
    const path = scratch.path(`e${++n}.xlsx`);
    await wb.xlsx.writeFile(path);
    const p = await previewImportFile(path, "xlsx");
    expect(p).toEqual({ headings: ["phone"], rows: [["5551234567"]], encoding: "utf-8" });
  });

  it("streams a sheet written by exceljs's streaming writer, in batches, with shared strings", async () => {
    const path = scratch.path(`e${++n}.xlsx`);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
    const ws = wb.addWorksheet("Leads");
    ws.addRow(["Email", "Phone"]).commit();
    for (let i = 0; i < 12_000; i++) ws.addRow([`user${i}@example.com`, 2125550000 + i]).commit();
    ws.commit();
    await wb.commit();
    const reader = await openImportFile(path, "xlsx", { batchRows: 5_000 });
    const sizes: number[] = [];
    let last: string[] = [];
    for await (const batch of reader.rows()) {
      sizes.push(batch.length);
      last = batch.at(-1)!.cells;
    }
    expect(sizes).toEqual([5_000, 5_000, 2_000]);
    expect(last).toEqual(["user11999@example.com", "2125561999"]);
    expect(reader.progress().bytesRead).toBe(reader.progress().totalBytes);
  });
});

describe("XLSX cell types (crafted parts)", () => {
  it("reads inline strings, t=str, t=d, errors, phonetic guides, entities, sparse cells and the 1900 leap-year quirk", async () => {
    const path = crafted(
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>B</t></is></c><c r="D1" t="s"><v>1</v></c></row>` +
        `<row r="2"><c r="A2" t="inlineStr"><is><r><t>Jo</t></r><r><t xml:space="preserve">hn &amp; Co</t></r></is></c>` +
        `<c r="B2" t="str"><f>A1</f><v>formula text</v></c><c r="D2" t="e"><v>#N/A</v></c></row>` +
        `<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3" s="1"><v>59</v></c><c r="C3" s="1"><v>61</v></c><c r="D3" t="d"><v>2024-02-29T10:30:00</v></c></row>` +
        `<row r="4"><c r="A4" s="4"><v>0.75</v></c><c r="B4" s="3"><v>45351.5</v></c><c r="C4" s="2"><v>501</v></c><c r="D4" t="b"><v>0</v></c></row>`,
      { sharedStrings: ["Name", "<t>D</t>", "<r><t>山</t></r><rPh><t>やま</t></rPh>"] },
    );
    const r = await readAll(path);
    expect(r.headings).toEqual(["Name", "B", "Column 3", "D"]);
    expect(r.rows.map((x) => x.cells)).toEqual([
      ["John & Co", "formula text", "", ""],
      ["山", "1900-02-28", "1900-03-01", "2024-02-29 10:30:00"],
      ["18:00:00", "2024-02-29 12:00:00", "00501", "FALSE"],
    ]);
  });

  it("counts dates in the 1904 system", async () => {
    const r = await readAll(
      crafted(`<row><c t="inlineStr"><is><t>d</t></is></c></row><row><c s="1"><v>0</v></c></row>`, { date1904: true }),
    );
    expect(r.rows[0]!.cells).toEqual(["1904-01-01"]);
  });

  it("numbers rows without r attributes in order and reports data rows relative to the header", async () => {
    const r = await readAll(
      crafted(
        `<row r="3"><c r="B3" t="inlineStr"><is><t>phone</t></is></c></row><row><c r="B4"><v>1</v></c></row><row r="7"><c r="B7"><v>2</v></c></row>`,
      ),
    );
    expect(r.headings).toEqual(["Column 1", "phone"]);
    expect(r.rows).toEqual([
      { line: 1, cells: ["", "1"] },
      { line: 4, cells: ["", "2"] },
    ]);
  });

  it("marks an over-long cell as the row's problem", async () => {
    const long = "x".repeat(40);
    const r = await readAll(
      crafted(`<row><c t="inlineStr"><is><t>notes</t></is></c></row><row><c t="inlineStr"><is><t>${long}</t></is></c></row>`),
      {
        maxCellChars: 10,
      },
    );
    expect(r.rows[0]).toEqual({ line: 1, cells: ["x".repeat(10)], problem: 'The value in column "notes" is longer than 10 characters.' });
  });
});

describe("XLSX bad files", () => {
  it("refuses a sheet whose declared size is over the budget before inflating it", async () => {
    const bomb = "<row><c><v>1</v></c></row>".repeat(200_000);
    const path = crafted(bomb);
    const inflate = vi.spyOn(ZipArchive.prototype, "stream");
    try {
      const err = await failure(path, { maxUncompressedBytes: 1024 * 1024 });
      expect(err.code).toBe("zip_bomb");
      expect(err.message).toMatch(/expands to more than 1 MB/);
      // Only the small parts that say where the sheet is were inflated; the sheet and its strings never were.
      const inflated = inflate.mock.calls.map(([entry]) => entry.name);
      expect(inflated).toContain("xl/workbook.xml");
      expect(inflated).not.toContain("xl/worksheets/sheet1.xml");
      expect(inflated).not.toContain("xl/sharedStrings.xml");
    } finally {
      inflate.mockRestore();
    }
  });

  it("cuts off a part that inflates past the size it declares (a lying header)", async () => {
    const huge = `<?xml version="1.0"?><worksheet><sheetData>${"<row><c><v>1</v></c></row>".repeat(400_000)}</sheetData></worksheet>`;
    const parts = xlsxParts("", { extra: [{ name: "xl/worksheets/sheet1.xml", data: huge, declaredSize: 5_000 }] });
    const path = scratch.file(`b${++n}.xlsx`, buildZip(parts));
    const rss = process.memoryUsage().rss;
    const err = await failure(path);
    expect(err.code).toBe("zip_bomb");
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a single endless cell value inside the budget without buffering it", async () => {
    const cell = `<row><c t="inlineStr"><is><t>h</t></is></c></row><row><c t="inlineStr"><is><t>${"9".repeat(3_000_000)}</t></is></c></row>`;
    const err = await failure(crafted(cell));
    expect(err.code).toBe("line_too_long");
  });

  it.each<{ name: string; bytes: Buffer; code: string; message?: RegExp }>([
    {
      name: "text renamed to .xlsx",
      bytes: Buffer.from("name,phone\n1,2\n"),
      code: "wrong_format",
      message: /upload it with a \.csv name/,
    },
    { name: "random bytes", bytes: Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 91) % 256)), code: "invalid_xlsx" },
    {
      name: "an old .xls or encrypted workbook",
      bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
      code: "invalid_xlsx",
      message: /old Excel \(\.xls\) or password-protected/,
    },
    { name: "a zip without a workbook", bytes: buildZip([{ name: "hello.txt", data: "hi" }]), code: "invalid_xlsx" },
    { name: "a password-protected part", bytes: buildZip(xlsxParts("").map((p) => ({ ...p, encrypted: true }))), code: "invalid_xlsx" },
    { name: "a DOCTYPE in a part", bytes: buildZip(xlsxParts('<!DOCTYPE x [<!ENTITY a "b">]><row/>')), code: "invalid_xlsx" },
    { name: "an empty sheet", bytes: buildZip(xlsxParts("")), code: "empty_file" },
    { name: "a header row only", bytes: buildZip(xlsxParts(`<row><c t="inlineStr"><is><t>phone</t></is></c></row>`)), code: "header_only" },
  ])("$name → $code", async ({ bytes, code, message }) => {
    const err = await failure(scratch.file(`x${++n}.xlsx`, bytes));
    expect(err.code).toBe(code);
    if (message) expect(err.message).toMatch(message);
  });

  it("says so when the workbook is password-protected", async () => {
    const err = await failure(scratch.file(`p${++n}.xlsx`, buildZip(xlsxParts("").map((p) => ({ ...p, encrypted: true })))));
    expect(err.message).toBe("This workbook is password-protected. Remove the password (or save it as CSV) and upload it again.");
  });

  it("refuses a header row wider than the column limit", async () => {
    const err = await failure(
      crafted(
        `<row><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="ZZ1" t="inlineStr"><is><t>b</t></is></c></row><row><c><v>1</v></c></row>`,
      ),
    );
    expect(err.code).toBe("too_many_columns");
  });

  it("marks a data row with values beyond the column limit instead of failing the file", async () => {
    const r = await readAll(
      crafted(`<row><c t="inlineStr"><is><t>a</t></is></c></row><row><c r="A2"><v>1</v></c><c r="ZZ2"><v>2</v></c></row>`),
    );
    expect(r.rows[0]!.problem).toMatch(/beyond column 500/);
    expect(r.rows[0]!.cells).toEqual(["1"]);
  });
});
