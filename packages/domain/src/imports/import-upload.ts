import { randomUUID } from "node:crypto";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import type { ImportFormat } from "@leadflow/contracts";
import { AppError } from "../shared/errors";
import { createFileStore, type FileStore, localFiles } from "../shared/file-store";
import { detectFormat } from "./parsers";

/** Uploads larger than this are refused with 413 (LEADFLOW_IMPORT_MAX_BYTES overrides). */
export const DEFAULT_MAX_IMPORT_BYTES = 500 * 1024 * 1024;

export interface StoredUpload {
  /** Where the file store keeps it (`imports.stored_path`): a local path, or `s3://bucket/key`. */
  path: string;
  filename: string;
  format: ImportFormat;
  size: number;
}

/** The name to show: the last path segment, without control characters, at most 255 characters. */
export function displayFilename(raw: string): string {
  let name = "";
  for (const ch of basename(raw.replaceAll("\\", "/"))) {
    const code = ch.charCodeAt(0);
    if (code >= 32 && code !== 127) name += ch;
  }
  return (name.trim() || "upload").slice(0, 255);
}

export function tooLargeMessage(maxBytes: number): string {
  return `The file is too large: files up to ${Math.round(maxBytes / 1024 / 1024)} MB can be imported.`;
}

/**
 * Streams an uploaded file into the file store as `uploads/{team}/{uuid}.{ext}` (the local folder, or S3 when
 * configured; a data dir stands for the local folder there). A wrong extension is refused before a byte is
 * written; a file over the limit (the multipart parser stops it) leaves nothing behind.
 */
export async function storeUpload(
  files: FileStore | string,
  teamId: number,
  rawName: string,
  stream: Readable,
  maxBytes: number,
): Promise<StoredUpload> {
  const store = typeof files === "string" ? createFileStore({ dataDir: files }) : files;
  const filename = displayFilename(rawName);
  const format = detectFormat(filename);
  if (!format) {
    stream.resume();
    throw new AppError("import_file_type", undefined, { file: ["Only .csv, .tsv, .xlsx and .xml files can be imported."] });
  }
  const path = store.refFor(`uploads/${teamId}/${randomUUID()}.${format}`);
  let size: number;
  try {
    size = await store.put(path, stream);
    if ((stream as { truncated?: boolean }).truncated) throw new AppError("import_file_too_large", tooLargeMessage(maxBytes));
  } catch (e) {
    await store.remove(path).catch(() => undefined);
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("import_file_too_large", tooLargeMessage(maxBytes));
    throw e;
  }
  return { path, filename, format, size };
}

/** Removes a stored upload (wherever the store keeps it); one already gone counts as removed. */
export async function removeStoredUpload(path: string, files: FileStore = localFiles): Promise<void> {
  if (!path) return;
  await files.remove(path);
}
