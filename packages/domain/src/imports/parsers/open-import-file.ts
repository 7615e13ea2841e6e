import { stat } from "node:fs/promises";
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
 * oversized or malformed file fails here with an `ImportFileError` whose message can be shown as it is.
 */
export async function openImportFile(path: string, format: ImportFormat, opts?: ParseLimits): Promise<ImportFileReader> {
  if (!(importFormats as readonly string[]).includes(format)) throw new ImportFileError("unsupported_format");
  const limits = resolveLimits(opts);
  const { size } = await stat(path);
  if (size === 0) throw new ImportFileError("empty_file");
  if (size > limits.maxFileBytes) {
    throw new ImportFileError(
      "file_too_large",
      `The file is ${formatBytes(size)}; files up to ${formatBytes(limits.maxFileBytes)} can be imported.`,
    );
  }
  switch (format) {
    case "csv":
    case "tsv":
      return new CsvFileReader(path, format, size, limits).open();
    case "xlsx":
      return new XlsxFileReader(path, size, limits).open();
    case "xml":
      return new XmlFileReader(path, size, limits).open();
  }
}

/** The headings and first `limit` rows, for the mapping screen. */
export async function previewImportFile(path: string, format: ImportFormat, limit = 10, opts?: ParseLimits): Promise<ImportPreview> {
  const reader = await openImportFile(path, format, { ...opts, batchRows: Math.max(1, limit) });
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
