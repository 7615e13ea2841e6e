import { Readable, Transform } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ByteRange, FileStore } from "./file-store.types";

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, R2, Ceph …); when set, buckets are addressed by path. */
  endpoint?: string;
  /** Put before every key (`leadflow/`), so one bucket can hold several installations. */
  prefix?: string;
  /** For tests; otherwise the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Upload parts: 8 MB, two in flight, so a streamed upload holds about 24 MB at most (S3's least part is 5 MB). */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/**
 * Reads go in ranged requests of this size, each read whole before its bytes are handed on (and the next one
 * already asked for). A consumer that pauses (an import merging a batch, a slow download) never holds an S3
 * connection open mid-body, which servers cut after a while; memory stays at two windows per reader.
 */
const WINDOW_BYTES = 8 * 1024 * 1024;
/** Bytes handed on at a time, like the local folder's read chunks. */
const CHUNK_BYTES = 256 * 1024;

/** One ranged read: its bytes, and the object's size when the answer said it. */
interface Window {
  bytes: Buffer;
  total: number | null;
}

const REF = /^s3:\/\/([^/]+)\/(.+)$/;

function parseRef(ref: string): { Bucket: string; Key: string } {
  const m = REF.exec(ref);
  if (!m) throw new Error(`Not an S3 file: ${ref}`);
  return { Bucket: m[1]!, Key: m[2]! };
}

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Files as objects in one bucket, through the official AWS SDK (v3). */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    const prefix = (settings.prefix ?? "").replace(/^\/+|\/+$/g, "");
    this.prefix = prefix ? `${prefix}/` : "";
    this.client = new S3Client({
      region: settings.region,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      ...(settings.endpoint
        ? {
            endpoint: settings.endpoint,
            forcePathStyle: true,
            // The SDK now adds CRC32 checksums (aws-chunked trailers) to every upload by default; S3-compatible
            // servers differ in how well they take them, so elsewhere than AWS only where S3 requires one.
            requestChecksumCalculation: "WHEN_REQUIRED" as const,
            responseChecksumValidation: "WHEN_REQUIRED" as const,
          }
        : {}),
    });
  }

  refFor(key: string): string {
    return `s3://${this.bucket}/${this.prefix}${key}`;
  }

  /** A streamed (multipart when over one part) upload: the object exists once it completes, never half. */
  async put(ref: string, body: Readable): Promise<number> {
    let bytes = 0;
    let bodyError: unknown = null;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    body.once("error", (e) => {
      bodyError = e;
      counted.destroy(e);
    });
    body.pipe(counted);
    try {
      await new Upload({
        client: this.client,
        params: { ...parseRef(ref), Body: counted },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      }).done();
    } catch (e) {
      counted.destroy();
      body.destroy();
      // The body's own failure (a file over the size limit) says more than the aborted upload it caused.
      throw bodyError ?? e;
    }
    return bytes;
  }

  read(ref: string, range?: ByteRange): Readable {
    return Readable.from(this.windows(parseRef(ref), range), { objectMode: false });
  }

  private async *windows(object: { Bucket: string; Key: string }, range?: ByteRange): AsyncGenerator<Buffer, void> {
    const abort = new AbortController();
    // A whole file: its size first (one HEAD), so every ranged GET asks for bytes that exist; a range on an empty
    // object is unsatisfiable on S3 (and breaks some compatible servers).
    let last = range ? range.end : await this.sizeOf(object).then((size) => size - 1);
    const fetch = async (start: number): Promise<Window> => {
      const end = Math.min(last, start + WINDOW_BYTES - 1);
      const res = await this.client.send(new GetObjectCommand({ ...object, Range: `bytes=${start}-${end}` }), {
        abortSignal: abort.signal,
      });
      const bytes = await res.Body!.transformToByteArray();
      const total = /\/(\d+)$/.exec(res.ContentRange ?? "")?.[1];
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), total: total ? Number(total) : null };
    };
    let next = range?.start ?? 0;
    let pending: Promise<Window> | null = next <= last ? fetch(next) : null;
    try {
      while (pending) {
        const { bytes, total }: Window = await pending;
        if (total !== null) last = Math.min(last, total - 1);
        next += bytes.length;
        pending = bytes.length > 0 && next <= last ? fetch(next) : null;
        // Asked for ahead of need: if the reader stops first, its failure must not go unhandled.
        pending?.catch(() => undefined);
        for (let i = 0; i < bytes.length; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
      }
    } finally {
      abort.abort();
    }
  }

  private async sizeOf(object: { Bucket: string; Key: string }): Promise<number> {
    const head = await this.client.send(new HeadObjectCommand(object));
    return head.ContentLength ?? 0;
  }

  async size(ref: string): Promise<number | null> {
    try {
      return await this.sizeOf(parseRef(ref));
    } catch (e) {
      if (statusOf(e) === 404) return null;
      throw e;
    }
  }

  async remove(ref: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand(parseRef(ref)));
    } catch (e) {
      if (statusOf(e) !== 404) throw e;
    }
  }
}
