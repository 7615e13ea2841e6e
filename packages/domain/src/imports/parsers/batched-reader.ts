import { formatCount, ImportFileError } from "./parsers.errors";
import type { ImportFileReader, ImportFormat, ImportReadProgress, ParsedRow, ParseLimits } from "./parsers.types";

/**
 * What every format shares: `open()` reads up to the first batch, so an empty or header-only file fails before
 * anyone iterates; `rows()` hands that batch out and pulls the rest on demand (the consumer's pace bounds memory);
 * breaking out of the loop or `close()` releases the file.
 */
export abstract class BatchedReader implements ImportFileReader {
  abstract readonly format: ImportFormat;
  abstract readonly encoding: string;
  delimiter?: string;
  headings: string[] = [];
  protected readonly stats: ImportReadProgress = { bytesRead: 0, totalBytes: 0, rows: 0, blankRows: 0 };
  /** Rows parsed but not handed out yet; `ready()` cuts them into batches. */
  protected pending: ParsedRow[] = [];
  private source: AsyncGenerator<ParsedRow[], void> | null = null;
  private first: ParsedRow[] | null = null;
  private iterated = false;

  constructor(protected readonly limits: Required<ParseLimits>) {}

  /** Yields non-empty batches; sets `headings` before the first. */
  protected abstract batches(): AsyncGenerator<ParsedRow[], void>;

  async open(): Promise<this> {
    const source = this.batches();
    this.source = source;
    try {
      const r = await source.next();
      if (r.done) throw new ImportFileError(this.headings.length > 0 ? "header_only" : "empty_file");
      this.first = r.value;
    } catch (err) {
      await source.return();
      throw err;
    }
    return this;
  }

  rows(): AsyncIterable<ParsedRow[]> {
    if (this.iterated) throw new Error("rows() can be iterated once");
    this.iterated = true;
    return this.iterate();
  }

  private async *iterate(): AsyncGenerator<ParsedRow[], void> {
    const source = this.source!;
    try {
      if (this.first) {
        const first = this.first;
        this.first = null;
        yield first;
      }
      for (;;) {
        const r = await source.next();
        if (r.done) return;
        yield r.value;
      }
    } finally {
      await source.return();
    }
  }

  /** Batches of exactly `batchRows` while there are enough pending rows; at the end, the rest too. */
  protected *ready(final: boolean): Generator<ParsedRow[], void> {
    const size = this.limits.batchRows;
    const rows = this.pending;
    if (rows.length < size && !final) return;
    let i = 0;
    for (; rows.length - i >= size; i += size) yield rows.slice(i, i + size);
    if (final && i < rows.length) {
      yield rows.slice(i);
      i = rows.length;
    }
    this.pending = i === rows.length ? [] : rows.slice(i);
  }

  progress(): ImportReadProgress {
    return { ...this.stats };
  }

  async close(): Promise<void> {
    this.first = null;
    await this.source?.return();
  }

  /**
   * Turns one record's values into a row (or counts it blank and returns null): pads to the headings, drops empty
   * values past them, and marks over-long values and over-wide rows as the row's problem.
   * `mayHaveLongCell` false skips the per-value length check (the caller knows the whole record is short).
   */
  protected shape(cells: string[], line: number, mayHaveLongCell: boolean): ParsedRow | null {
    const width = this.headings.length;
    const n = cells.length;
    const first = cells[0]!;
    if ((first === "" || first.charCodeAt(0) <= 32) && isBlank(cells)) {
      this.stats.blankRows++;
      return null;
    }
    if (++this.stats.rows > this.limits.maxRows) {
      throw new ImportFileError("too_many_rows", `The file has more than ${formatCount(this.limits.maxRows)} rows.`);
    }
    let problem: string | undefined;
    if (n < width) {
      for (let i = n; i < width; i++) cells.push("");
    } else if (n > width) {
      let end = n;
      while (end > width && cells[end - 1] === "") end--;
      if (end > this.limits.maxColumns) {
        problem = `The row has ${formatCount(end)} values; at most ${formatCount(this.limits.maxColumns)} columns are read.`;
        end = this.limits.maxColumns;
      }
      cells.length = end;
    }
    if (mayHaveLongCell) {
      const max = this.limits.maxCellChars;
      for (let i = 0; i < cells.length; i++) {
        if (cells[i]!.length <= max) continue;
        cells[i] = cells[i]!.slice(0, max);
        problem ??= `The value in column "${this.headings[i] ?? `#${i + 1}`}" is longer than ${formatCount(max)} characters.`;
      }
    }
    return problem === undefined ? { line, cells } : { line, cells, problem };
  }
}

/** Nothing but empty or whitespace values: an empty line, or a spreadsheet row of empty cells. */
function isBlank(cells: readonly string[]): boolean {
  for (const c of cells) if (c !== "" && c.trim() !== "") return false;
  return true;
}
