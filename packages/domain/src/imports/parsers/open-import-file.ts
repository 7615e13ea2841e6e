import { type ByteRange, type FileStore, localFiles } from "../../shared/file-store";
import { CsvFileReader } from "./csv-reader";
import { formatBytes, ImportFileError } from "./parsers.errors";
import {
  type ImportFileReader,
  type ImportFormat,
  type ImportPreview,
  importFormats,
  type ParseLimits,
  resolveLimits,
} from "./parsers.types";
import { XlsxFileReader } from "./xlsx-reader";
import { XmlFileReader } from "./xml-reader";

/** The format a file name announces (case-insensitive), or null for anything we do not import. */
export function detectFormat(filename: string): ImportFormat | null {
  const dot = filename.lastIndexOf(".");
  if (dot < 0) return null;
  const ext = filename.slice(dot + 1).toLowerCase();
  return (importFormats as readonly string[]).includes(ext) ? (ext as ImportFormat) : null;
}

/**
 * Opens a stored upload for streaming. Reads up to the first batch before returning, so an empty, header-only,
 * oversized or malformed file fails here with an `ImportFileError` whose message can be shown as it is. `ref` is
 * where `files` keeps it (a local path by default); every format streams from the store, S3 included: CSV, TSV
 * and XML in one pass, XLSX by byte ranges (the zip's directory, then each part it needs), so no temp copy.
 */
export async function openImportFile(
  ref: string,
  format: ImportFormat,
  opts?: ParseLimits,
  files: FileStore = localFiles,
): Promise<ImportFileReader> {
  if (!(importFormats as readonly string[]).includes(format)) throw new ImportFileError("unsupported_format");
  const limits = resolveLimits(opts);
  const size = await files.size(ref);
  if (size === null) throw new ImportFileError("file_missing");
  if (size === 0) throw new ImportFileError("empty_file");
  if (size > limits.maxFileBytes) {
    throw new ImportFileError(
      "file_too_large",
      `The file is ${formatBytes(size)}; files up to ${formatBytes(limits.maxFileBytes)} can be imported.`,
    );
  }
  const read = (range?: ByteRange) => files.read(ref, range);
  switch (format) {
    case "csv":
    case "tsv":
      return new CsvFileReader(read, format, size, limits).open();
    case "xlsx":
      return new XlsxFileReader(read, size, limits).open();
    case "xml":
      return new XmlFileReader(read, size, limits).open();
  }
}

/** The headings and first `limit` rows, for the mapping screen. */
export async function previewImportFile(
  ref: string,
  format: ImportFormat,
  limit = 10,
  opts?: ParseLimits,
  files: FileStore = localFiles,
): Promise<ImportPreview> {
  const reader = await openImportFile(ref, format, { ...opts, batchRows: Math.max(1, limit) }, files);
  try {
    const rows: string[][] = [];
    for await (const batch of reader.rows()) {
      for (const row of batch) {
        if (rows.length >= limit) break;
        rows.push(row.cells);
      }
      if (rows.length >= limit) break;
    }
    const preview: ImportPreview = { headings: reader.headings, rows, encoding: reader.encoding };
    if (reader.delimiter !== undefined) preview.delimiter = reader.delimiter;
    return preview;
  } finally {
    await reader.close();
  }
}
