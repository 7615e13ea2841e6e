/** File-level failures. Each message is shown to the user as it is, so it says what to do. */
export const importFileErrors = {
  empty_file: "The file is empty.",
  header_only: "The file has a header row but no data rows.",
  unsupported_format: "Only .csv, .tsv, .xlsx and .xml files can be imported.",
  wrong_format: "The file's contents do not match its extension.",
  unsupported_encoding: "The file's text encoding is not supported. Save it as UTF-8 and try again.",
  file_too_large: "The file is too large to import.",
  too_many_columns: "The file has too many columns.",
  too_many_rows: "The file has too many rows.",
  line_too_long: "A row of the file is too long. Is it really a CSV file?",
  unbalanced_quote: 'A quoted value is never closed: a " has no closing pair. Fix the quotes and upload again.',
  invalid_xlsx: "The file is not a valid Excel (.xlsx) workbook.",
  zip_bomb: "The workbook expands to far more data than it holds, so it was refused as unsafe.",
  invalid_xml: "The file is not well-formed XML.",
  xml_entities_forbidden:
    "XML files with a DOCTYPE or entity declarations are not accepted, because they can be used to attack the server. Remove the <!DOCTYPE …> part and upload again.",
  no_records: "No records were found in the file.",
  file_missing: "The uploaded file is no longer available. Upload it again.",
} as const satisfies Record<string, string>;

export type ImportFileErrorCode = keyof typeof importFileErrors;

export class ImportFileError extends Error {
  override readonly name = "ImportFileError";
  constructor(
    readonly code: ImportFileErrorCode,
    message: string = importFileErrors[code],
  ) {
    super(message);
  }
}

export const formatCount = (n: number): string => n.toLocaleString("en-US");

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
