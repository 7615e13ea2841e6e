import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, stat, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ImportFormat } from "@leadflow/contracts";
import { AppError } from "../shared/errors";
import { detectFormat } from "./parsers";

/** Uploads larger than this are refused with 413 (LEADFLOW_IMPORT_MAX_BYTES overrides). */
export const DEFAULT_MAX_IMPORT_BYTES = 500 * 1024 * 1024;

export interface StoredUpload {
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
 * Streams an uploaded file to `${dataDir}/uploads/{team}/{uuid}.{ext}`. A wrong extension is refused before a
 * byte is written; a file over the limit (the multipart parser stops it) leaves nothing behind.
 */
export async function storeUpload(
  dataDir: string,
  teamId: number,
  rawName: string,
  stream: Readable,
  maxBytes: number,
): Promise<StoredUpload> {
  const filename = displayFilename(rawName);
  const format = detectFormat(filename);
  if (!format) {
    stream.resume();
    throw new AppError("import_file_type", undefined, { file: ["Only .csv, .tsv, .xlsx and .xml files can be imported."] });
  }
  const dir = join(dataDir, "uploads", String(teamId));
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.${format}`);
  try {
    await pipeline(stream, createWriteStream(path, { flags: "wx" }));
    if ((stream as { truncated?: boolean }).truncated) throw new AppError("import_file_too_large", tooLargeMessage(maxBytes));
  } catch (e) {
    await unlink(path).catch(() => undefined);
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("import_file_too_large", tooLargeMessage(maxBytes));
    throw e;
  }
  const { size } = await stat(path);
  return { path, filename, format, size };
}

/**
 * Removes a stored upload; one already gone counts as removed. Uploads live on the local disk (under the data
 * dir, shared by every process in server mode), so storing and removing them stay together here.
 */
export async function removeStoredUpload(path: string): Promise<void> {
  if (!path) return;
  try {
    await unlink(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}
