import type { Readable } from "node:stream";
import { type ByteRange, localFiles } from "../../shared/file-store";

export const importFormats = ["csv", "tsv", "xlsx", "xml"] as const;
export type ImportFormat = (typeof importFormats)[number];

/** One data row. `line` is the 1-based number of the data row (the header is row 0), as a person counts rows. */
export interface ParsedRow {
  line: number;
  /**
   * Padded with "" up to the headings; non-empty values beyond the headings are kept after them (the caller
   * reports them). XML rows read before a late heading appeared are that much shorter: a missing cell is "".
   */
  cells: string[];
  /** Set when this row cannot be imported as it stands (e.g. a value over the cell limit); the file carries on. */
  problem?: string;
}

export interface ImportReadProgress {
  /** Bytes consumed so far out of `totalBytes` (for XLSX: the compressed bytes of the sheet being read). */
  bytesRead: number;
  totalBytes: number;
  /** Data rows handed out so far, and blank rows skipped (counted in `line` numbers, never handed out). */
  rows: number;
  blankRows: number;
}

export interface ImportFileReader {
  readonly format: ImportFormat;
  /**
   * Column names, unique case-insensitively ("Phone", "Phone (2)"). For XML they are the names seen in the first
   * `xmlHeadingRecords` records; a name first seen later is appended (existing indexes never change).
   */
  readonly headings: string[];
  /** WHATWG name of the text encoding ("utf-8", "utf-16le", "windows-1251", "windows-1252"). */
  readonly encoding: string;
  readonly delimiter?: string;
  /** Batches of about `batchRows` rows. Iterate once; a file-level problem found later is thrown from here. */
  rows(): AsyncIterable<ParsedRow[]>;
  progress(): ImportReadProgress;
  close(): Promise<void>;
}

export interface ImportPreview {
  headings: string[];
  rows: string[][];
  encoding: string;
  delimiter?: string;
}

export interface ParseLimits {
  /** Larger files are refused before reading. */
  maxFileBytes?: number;
  /** More columns in the header (or XML names) fail the file; more values in one data row fail that row. */
  maxColumns?: number;
  /** A longer value fails its row (and is cut to this length). */
  maxCellChars?: number;
  /** A longer row (or XML/XLSX text run) fails the file at once, without buffering it. */
  maxLineChars?: number;
  maxRows?: number;
  /** XLSX: total bytes the parts we read may inflate to (zip bombs). */
  maxUncompressedBytes?: number;
  /** XML: how many records decide the headings. */
  xmlHeadingRecords?: number;
  /** Rows per batch from `rows()`. */
  batchRows?: number;
}

export const defaultParseLimits: Required<ParseLimits> = {
  maxFileBytes: 1024 ** 3,
  maxColumns: 500,
  maxCellChars: 10_000,
  maxLineChars: 1024 ** 2,
  maxRows: 10_000_000,
  maxUncompressedBytes: 2 * 1024 ** 3,
  xmlHeadingRecords: 1_000,
  batchRows: 5_000,
};

export function resolveLimits(opts?: ParseLimits): Required<ParseLimits> {
  return { ...defaultParseLimits, ...opts };
}

/** The stored file's bytes, or a range of them (the XLSX reader reads the zip's directory and parts by offset). */
export type ReadBytes = (range?: ByteRange) => Readable;

/** A reader's bytes; a path stands for that local file (the benchmarks and some tests give one). */
export const bytesOf = (file: ReadBytes | string): ReadBytes => (typeof file === "string" ? (range) => localFiles.read(file, range) : file);

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export async function readAt(read: ReadBytes, position: number, length: number): Promise<Buffer> {
  if (length <= 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of read({ start: position, end: position + length - 1 }) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
