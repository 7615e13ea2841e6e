import { BatchedReader } from "./batched-reader";
import { uniqueHeadings } from "./headings";
import { MarkupRunGuard } from "./markup-guard";
import { formatCount, ImportFileError } from "./parsers.errors";
import { bytesOf, type ParsedRow, type ParseLimits, type ReadBytes, readAt } from "./parsers.types";
import { describeBinarySignature, StreamTextDecoder } from "./text-decoding";
import { type CellStyle, columnIndex, formatIsoDateCell, formatNumber, plainStyle } from "./xlsx-cells";
import type { SharedStringTable } from "./xlsx-string-table";
import { locateFirstSheet, readCellStyles, readSharedStrings } from "./xlsx-workbook";
import { readAttrs, XlsxXmlScanner } from "./xlsx-xml-scanner";
import { ZipArchive } from "./zip-archive";

/**
 * The first visible worksheet of an .xlsx, streamed. Our own reader over the zip's central directory rather than
 * exceljs's WorkbookReader: it inflates only the parts it needs, with a hard budget on the bytes they inflate to
 * (exceljs/unzipper expose no such hook and spool every sheet that precedes the shared strings to temp files),
 * and it reads values straight from the XML (≈1.7× exceljs's rows/s on a 200k-row sheet). exceljs stays the
 * writer in tests and the baseline in parse-throughput.script.ts.
 *
 * Cell values: shared and inline strings (rich text joined), numbers without float noise, dates by their cell
 * format as ISO text, booleans TRUE/FALSE, formulas as their cached result, error values as "". The first
 * non-empty row holds the headings; a data row's `line` is its sheet row number minus the header's.
 */
export class XlsxFileReader extends BatchedReader {
  readonly format = "xlsx";
  private readonly read: ReadBytes;
  private readonly decoder = new StreamTextDecoder();
  private headerRow = 0;
  private lastRow = 0;

  constructor(
    file: ReadBytes | string,
    private readonly fileBytes: number,
    limits: Required<ParseLimits>,
  ) {
    super(limits);
    this.read = bytesOf(file);
  }

  get encoding(): string {
    return this.decoder.encoding;
  }

  protected async *batches(): AsyncGenerator<ParsedRow[], void> {
    const zip = await this.openZip();
    const parts = await locateFirstSheet(zip);
    zip.checkDeclared([parts.sheet, ...(parts.sharedStrings ? [parts.sharedStrings] : [])]);
    const styles = await readCellStyles(zip, parts.styles);
    const strings = await readSharedStrings(zip, parts.sharedStrings, this.limits.maxCellChars, this.limits.maxLineChars);
    this.stats.totalBytes = parts.sheet.compressedSize;

    const sheet = new SheetRowParser(strings, styles, parts.date1904, this.limits, (row, cells, overflow) =>
      this.accept(row, cells, overflow),
    );
    const scanner = new XlsxXmlScanner(parts.sheet.name, sheet);
    const guard = new MarkupRunGuard(
      this.limits.maxLineChars,
      () => new ImportFileError("line_too_long", `The sheet has a value longer than ${formatCount(this.limits.maxLineChars)} characters.`),
    );
    for await (const chunk of zip.stream(parts.sheet, (n) => {
      this.stats.bytesRead = n;
    })) {
      const text = this.decoder.decode(chunk);
      guard.check(text);
      scanner.push(text);
      yield* this.ready(false);
    }
    scanner.push(this.decoder.end());
    scanner.end();
    yield* this.ready(true);
  }

  private async openZip(): Promise<ZipArchive> {
    try {
      return await ZipArchive.open(this.read, this.fileBytes, this.limits.maxUncompressedBytes);
    } catch (err) {
      if (!(err instanceof ImportFileError && err.code === "invalid_xlsx")) throw err;
      const head = await readAt(this.read, 0, Math.min(512, this.fileBytes));
      // A password-protected .xlsx is an encrypted OLE container, like an old .xls: say which it is.
      const signature = describeBinarySignature(head);
      if (signature && !signature.startsWith("This file is an Excel workbook")) throw new ImportFileError("invalid_xlsx", signature);
      if (head.every((b) => b === 9 || b === 10 || b === 13 || b >= 32)) {
        throw new ImportFileError("wrong_format", "This file is text, not an Excel workbook. If it is CSV, upload it with a .csv name.");
      }
      throw err;
    }
  }

  private accept(rowNumber: number, cells: string[], overflow: boolean): void {
    if (this.headerRow === 0) {
      if (cells.every((c) => c.trim() === "")) return;
      if (overflow) {
        throw new ImportFileError("too_many_columns", `The sheet has more than ${formatCount(this.limits.maxColumns)} columns.`);
      }
      this.headerRow = rowNumber;
      this.lastRow = rowNumber;
      this.headings = uniqueHeadings(cells);
      return;
    }
    if (rowNumber > this.lastRow + 1) this.stats.blankRows += rowNumber - this.lastRow - 1;
    this.lastRow = Math.max(this.lastRow, rowNumber);
    const problem = overflow ? `The row has values beyond column ${formatCount(this.limits.maxColumns)}, which are not read.` : undefined;
    const row = this.shape(cells, rowNumber - this.headerRow, true);
    if (row && problem) row.problem ??= problem;
    if (row) this.pending.push(row);
  }
}

enum Capture {
  None = 0,
  Value = 1,
  InlineText = 2,
}

/** SpreadsheetML `<row>`/`<c>` events → rows of display strings, in sheet order. */
class SheetRowParser {
  private rowNumber = 0;
  private cells: string[] = [];
  private overflow = false;
  private col = -1;
  private type = "n";
  private style: CellStyle = plainStyle;
  private value = "";
  private inline = "";
  private capture = Capture.None;
  private inInline = false;
  private phonetic = 0;

  constructor(
    private readonly strings: SharedStringTable,
    private readonly styles: readonly CellStyle[],
    private readonly date1904: boolean,
    private readonly limits: Required<ParseLimits>,
    private readonly emit: (row: number, cells: string[], overflow: boolean) => void,
  ) {}

  readonly open = (name: string, raw: string): void => {
    switch (name) {
      case "row": {
        const a = readAttrs(raw);
        this.rowNumber = a.r ? Number(a.r) : this.rowNumber + 1;
        this.cells = [];
        this.overflow = false;
        this.col = -1;
        return;
      }
      case "c": {
        const a = readAttrs(raw);
        const fromRef = a.r ? columnIndex(a.r) : -1;
        this.col = fromRef >= 0 ? fromRef : this.col + 1;
        this.type = a.t ?? "n";
        this.style = a.s ? (this.styles[Number(a.s)] ?? plainStyle) : plainStyle;
        this.value = "";
        this.inline = "";
        return;
      }
      case "v":
        this.capture = Capture.Value;
        return;
      case "is":
        this.inInline = true;
        return;
      case "rPh":
        this.phonetic++;
        return;
      case "t":
        if (this.inInline && this.phonetic === 0) this.capture = Capture.InlineText;
        return;
    }
  };

  readonly text = (text: string): void => {
    if (this.capture === Capture.Value && this.value.length <= this.limits.maxCellChars) this.value += text;
    else if (this.capture === Capture.InlineText && this.inline.length <= this.limits.maxCellChars) this.inline += text;
  };

  readonly close = (name: string): void => {
    switch (name) {
      case "v":
      case "t":
        this.capture = Capture.None;
        return;
      case "is":
        this.inInline = false;
        return;
      case "rPh":
        this.phonetic--;
        return;
      case "c":
        if (this.col < this.limits.maxColumns) this.cells[this.col] = this.cellText();
        else if (this.cellText() !== "") this.overflow = true;
        return;
      case "row": {
        const cells = this.cells;
        for (let i = 0; i < cells.length; i++) cells[i] ??= "";
        this.emit(this.rowNumber, cells, this.overflow);
        return;
      }
    }
  };

  private cellText(): string {
    const v = this.value;
    switch (this.type) {
      case "s":
        return this.strings.get(Number(v));
      case "inlineStr":
        return this.inline;
      case "str":
        return v;
      case "b":
        return v === "1" ? "TRUE" : v === "0" ? "FALSE" : v;
      case "e":
        return "";
      case "d":
        return formatIsoDateCell(v);
      default:
        return formatNumber(v, this.style, this.date1904);
    }
  }
}
