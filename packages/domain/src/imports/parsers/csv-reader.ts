import { BatchedReader } from "./batched-reader";
import { sniffDelimiter } from "./csv-sniff";
import { CsvTokenizer, UnclosedQuote } from "./csv-tokenizer";
import { uniqueHeadings } from "./headings";
import { formatCount, ImportFileError } from "./parsers.errors";
import { bytesOf, type ParsedRow, type ParseLimits, type ReadBytes } from "./parsers.types";
import { describeBinarySignature, looksBinary, StreamTextDecoder } from "./text-decoding";

const SNIFF_CHARS = 64 * 1024;

export class CsvFileReader extends BatchedReader {
  private readonly read: ReadBytes;
  private readonly decoder = new StreamTextDecoder();
  private header: string[] | null = null;
  private ordinal = 0;

  constructor(
    file: ReadBytes | string,
    readonly format: "csv" | "tsv",
    fileBytes: number,
    limits: Required<ParseLimits>,
  ) {
    super(limits);
    this.read = bytesOf(file);
    this.stats.totalBytes = fileBytes;
  }

  get encoding(): string {
    return this.decoder.encoding;
  }

  protected async *batches(): AsyncGenerator<ParsedRow[], void> {
    const chunks = this.read();
    let tokenizer: CsvTokenizer | null = null;
    let sample = "";
    for await (const chunk of chunks as AsyncIterable<Buffer>) {
      if (this.stats.bytesRead === 0) {
        const signature = describeBinarySignature(chunk);
        if (signature) throw new ImportFileError("wrong_format", signature);
      }
      this.stats.bytesRead += chunk.length;
      const text = this.decoder.decode(chunk);
      if (!tokenizer) {
        sample += text;
        if (sample.length < SNIFF_CHARS) continue;
        tokenizer = this.startTokenizer(sample, false);
        sample = "";
      } else {
        tokenizer.push(text);
      }
      this.checkPending(tokenizer);
      yield* this.ready(false);
    }
    const rest = this.decoder.end();
    if (!tokenizer) tokenizer = this.startTokenizer(sample + rest, true);
    else tokenizer.push(rest);
    try {
      tokenizer.end();
    } catch (err) {
      if (err instanceof UnclosedQuote) throw this.unbalancedQuote();
      throw err;
    }
    yield* this.ready(true);
  }

  private startTokenizer(sample: string, complete: boolean): CsvTokenizer {
    if (looksBinary(sample)) {
      throw new ImportFileError("wrong_format", "The file does not look like text. Export the data as CSV and upload that.");
    }
    const delimiter = sniffDelimiter(sample, this.format === "tsv", complete);
    this.delimiter = delimiter;
    const tokenizer = new CsvTokenizer(delimiter, (cells, chars) => this.accept(cells, chars));
    tokenizer.push(sample);
    return tokenizer;
  }

  private accept(cells: string[], chars: number): void {
    if (this.header) {
      const row = this.shape(cells, ++this.ordinal, chars > this.limits.maxCellChars);
      if (row) this.pending.push(row);
      return;
    }
    if (cells.every((c) => c.trim() === "")) return;
    // Spreadsheet exports pad the header with empty columns; only named ones count.
    let width = cells.length;
    while (width > 0 && cells[width - 1]!.trim() === "") width--;
    if (width > this.limits.maxColumns) {
      throw new ImportFileError(
        "too_many_columns",
        `The file has ${formatCount(width)} columns; at most ${formatCount(this.limits.maxColumns)} are supported.`,
      );
    }
    this.header = cells;
    this.headings = uniqueHeadings(cells);
  }

  /** A record still open after this many characters is not a record: fail now rather than buffer the rest. */
  private checkPending(tokenizer: CsvTokenizer): void {
    const pending = tokenizer.pending;
    if (!pending || pending.chars <= this.limits.maxLineChars) return;
    if (pending.inQuotes) throw this.unbalancedQuote();
    throw new ImportFileError(
      "line_too_long",
      `${this.nextRowLabel()} is longer than ${formatCount(this.limits.maxLineChars)} characters. Is this really a CSV file?`,
    );
  }

  private unbalancedQuote(): ImportFileError {
    return new ImportFileError(
      "unbalanced_quote",
      `${this.nextRowLabel()} has a quote (") that is never closed, so the rest of the file would be read as one value. Fix the quotes in that row and upload again.`,
    );
  }

  private nextRowLabel(): string {
    return this.header ? `Row ${formatCount(this.ordinal + 1)}` : "The header row";
  }
}
