import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, stat, unlink } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteRange, FileStore } from "./file-store.types";
import { S3FileStore, type S3Settings } from "./file-store-s3";

export type { ByteRange, FileStore } from "./file-store.types";
export type { S3Settings } from "./file-store-s3";

export interface FileStoreSettings {
  /** The local folder: files go to `{dataDir}/uploads/…` and `{dataDir}/exports/…` unless S3 is configured. */
  dataDir: string;
  /** Object storage for new files (LEADFLOW_S3_*): required once API and workers run on different machines. */
  s3?: S3Settings;
}

const CHUNK_BYTES = 256 * 1024;

/** Files in a folder of this machine (or a disk every process mounts). */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  refFor(key: string): string {
    return join(this.root, key);
  }

  async put(ref: string, body: Readable): Promise<number> {
    const path = localPath(ref);
    // Written aside and renamed into place, so no reader ever sees half a file.
    const part = `${path}.${randomUUID()}.part`;
    await mkdir(dirname(path), { recursive: true });
    const file = createWriteStream(part, { flags: "wx" });
    try {
      await pipeline(body, file);
      await rename(part, path);
    } catch (e) {
      await unlink(part).catch(() => undefined);
      throw e;
    }
    return file.bytesWritten;
  }

  read(ref: string, range?: ByteRange): Readable {
    return createReadStream(localPath(ref), { ...range, highWaterMark: CHUNK_BYTES });
  }

  async size(ref: string): Promise<number | null> {
    try {
      const s = await stat(localPath(ref));
      return s.isFile() ? s.size : null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  async remove(ref: string): Promise<void> {
    try {
      await unlink(localPath(ref));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
}

function localPath(ref: string): string {
  if (!isAbsolute(ref)) throw new Error(`Not a stored file: ${ref}`);
  return ref;
}

const isS3Ref = (ref: string) => ref.startsWith("s3://");

/**
 * The store an installation uses: new files go to S3 when it is configured, else to the local folder. Refs are
 * read where they point, so files stored locally before S3 was configured stay readable on the machine that has
 * them (and are removed with their import or export as usual).
 */
class InstallationFileStore implements FileStore {
  private readonly local: LocalFileStore;
  private readonly s3: S3FileStore | null;

  constructor(settings: FileStoreSettings) {
    this.local = new LocalFileStore(resolve(settings.dataDir));
    this.s3 = settings.s3 ? new S3FileStore(settings.s3) : null;
  }

  private storeOf(ref: string): FileStore {
    if (!isS3Ref(ref)) return this.local;
    if (!this.s3) throw new Error(`The file ${ref} is in S3, but S3 is not configured here: set LEADFLOW_S3_BUCKET (and the rest).`);
    return this.s3;
  }

  refFor(key: string): string {
    return (this.s3 ?? this.local).refFor(key);
  }

  put(ref: string, body: Readable): Promise<number> {
    return this.storeOf(ref).put(ref, body);
  }

  read(ref: string, range?: ByteRange): Readable {
    return this.storeOf(ref).read(ref, range);
  }

  size(ref: string): Promise<number | null> {
    return this.storeOf(ref).size(ref);
  }

  remove(ref: string): Promise<void> {
    return this.storeOf(ref).remove(ref);
  }
}

export function createFileStore(settings: FileStoreSettings): FileStore {
  return new InstallationFileStore(settings);
}

/** The default store: the local folder `./data`. Refs are absolute paths, so it reads any local file. */
export const localFiles: FileStore = createFileStore({ dataDir: "./data" });

/** The store a job uses: the one its process was given, else the local default. */
export const filesOf = (deps: { files?: FileStore }): FileStore => deps.files ?? localFiles;
