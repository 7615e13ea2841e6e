import type { Readable } from "node:stream";

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploads and exports live. A file is known by its ref, which the database keeps: an absolute path in the
 * local folder (the default, and what every file stored before S3 was configured has), or `s3://bucket/key`.
 * Files are written once under a fresh key and never changed, so a reader needs no locking.
 */
export interface FileStore {
  /** The ref a new file under `key` (`uploads/{team}/{uuid}.csv`) gets in this installation. */
  refFor(key: string): string;
  /** Writes the stream as the file; it appears whole when this resolves, or not at all. Answers its bytes. */
  put(ref: string, body: Readable): Promise<number>;
  /** The file's bytes (or those of `range`), streamed; a missing file is an error of the stream. */
  read(ref: string, range?: ByteRange): Readable;
  /** Its size in bytes, or null when there is no such file. */
  size(ref: string): Promise<number | null>;
  /** Removes the file; one already gone counts as removed. */
  remove(ref: string): Promise<void>;
}
