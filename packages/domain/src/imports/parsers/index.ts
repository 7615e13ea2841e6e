export { detectFormat, openImportFile, previewImportFile } from "./open-import-file";
export { ImportFileError, type ImportFileErrorCode, importFileErrors } from "./parsers.errors";
export {
  defaultParseLimits,
  type ImportFileReader,
  type ImportFormat,
  type ImportPreview,
  type ImportReadProgress,
  importFormats,
  type ParsedRow,
  type ParseLimits,
} from "./parsers.types";
