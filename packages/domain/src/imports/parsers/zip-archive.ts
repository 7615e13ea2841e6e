import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { formatBytes, ImportFileError } from "./parsers.errors";
import { bytesOf, type ReadBytes, readAt } from "./parsers.types";

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const MAX_ENTRIES = 10_000;
const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;

const invalid = (detail: string) => new ImportFileError("invalid_xlsx", `The file is not a valid Excel (.xlsx) workbook: ${detail}.`);

/**
 * Random access to a stored zip through its central directory, reading only the parts asked for (by byte range:
 * the same on a local file and on an S3 object, where a range is one ranged GET).
 * Zip-bomb defence: the sizes the directory declares are checked against the budget before anything is
 * inflated, and while inflating every part is cut off the moment it exceeds its declared size (a lying header)
 * or the total passes the budget, so a crafted file fails within one chunk of the limit and memory stays flat.
 */
export class ZipArchive {
  private inflated = 0;

  private constructor(
    private readonly read: ReadBytes,
    private readonly fileBytes: number,
    private readonly budget: number,
    readonly entries: ReadonlyMap<string, ZipEntry>,
  ) {}

  static async open(file: ReadBytes | string, fileBytes: number, budget: number): Promise<ZipArchive> {
    const read = bytesOf(file);
    const entries = await readCentralDirectory(read, fileBytes);
    return new ZipArchive(read, fileBytes, budget, entries);
  }

  /** Entry by part name, case-insensitively (OPC part names are). */
  get(name: string): ZipEntry | undefined {
    return this.entries.get(name.replace(/^\//, "").toLowerCase());
  }

  /** Refuses at once when the declared sizes of the parts we are about to read exceed the budget. */
  checkDeclared(parts: readonly ZipEntry[]): void {
    const declared = parts.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (declared > this.budget) throw this.bomb();
  }

  async readAll(entry: ZipEntry, maxBytes: number): Promise<Buffer> {
    if (entry.uncompressedSize > maxBytes) throw this.bomb();
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream(entry)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** The part's inflated bytes; `onRead` gets the compressed bytes read so far (for progress). */
  async *stream(entry: ZipEntry, onRead?: (compressedBytes: number) => void): AsyncGenerator<Buffer, void> {
    const start = await this.dataStart(entry);
    if (entry.compressedSize === 0) return;
    const raw = this.read({ start, end: start + entry.compressedSize - 1 });
    let compressedRead = 0;
    raw.on("data", (chunk: Buffer) => {
      compressedRead += chunk.length;
    });
    let out: Readable;
    if (entry.method === 8) {
      out = pipeline(raw, createInflateRaw(), () => {});
    } else if (entry.method === 0) {
      out = raw;
    } else {
      raw.destroy();
      throw invalid(`part ${entry.name} uses an unsupported compression method (${entry.method})`);
    }
    let produced = 0;
    try {
      for await (const chunk of out as AsyncIterable<Buffer>) {
        produced += chunk.length;
        this.inflated += chunk.length;
        if (produced > entry.uncompressedSize || this.inflated > this.budget) throw this.bomb();
        onRead?.(compressedRead);
        yield chunk;
      }
    } catch (err) {
      if (err instanceof ImportFileError) throw err;
      throw invalid(`part ${entry.name} is damaged (${(err as Error).message})`);
    } finally {
      out.destroy();
      raw.destroy();
    }
  }

  private bomb(): ImportFileError {
    return new ImportFileError(
      "zip_bomb",
      `The workbook expands to more than ${formatBytes(this.budget)} of data (or more than it declares), so it was refused as unsafe. Save the sheet as CSV and import that.`,
    );
  }

  private async dataStart(entry: ZipEntry): Promise<number> {
    const h = await readAt(this.read, entry.localHeaderOffset, 30);
    if (h.length < 30 || h.readUInt32LE(0) !== 0x04034b50) throw invalid(`bad local header for ${entry.name}`);
    const start = entry.localHeaderOffset + 30 + h.readUInt16LE(26) + h.readUInt16LE(28);
    if (start + entry.compressedSize > this.fileBytes) throw invalid(`part ${entry.name} runs past the end of the file`);
    return start;
  }
}

async function readCentralDirectory(read: ReadBytes, size: number): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(read, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw invalid("it is not a zip archive");
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locatorAt = size - tailLength + eocd - 20;
    const locator = locatorAt >= 0 ? await readAt(read, locatorAt, 20) : Buffer.alloc(0);
    if (locator.length < 20 || locator.readUInt32LE(0) !== 0x07064b50) throw invalid("broken ZIP64 directory");
    const z = await readAt(read, Number(locator.readBigUInt64LE(8)), 56);
    if (z.length < 56 || z.readUInt32LE(0) !== 0x06064b50) throw invalid("broken ZIP64 directory");
    count = Number(z.readBigUInt64LE(32));
    cdSize = Number(z.readBigUInt64LE(40));
    cdOffset = Number(z.readBigUInt64LE(48));
  }
  if (count > MAX_ENTRIES || cdSize > MAX_CENTRAL_DIRECTORY) throw invalid("it has too many parts");
  if (cdOffset + cdSize > size) throw invalid("its directory runs past the end of the file");
  const cd = await readAt(read, cdOffset, cdSize);
  const entries = new Map<string, ZipEntry>();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw invalid("damaged directory");
    const flags = cd.readUInt16LE(p + 8);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const name = cd.toString(flags & 0x800 ? "utf8" : "latin1", p + 46, p + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      uncompressedSize: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42),
    };
    applyZip64Extra(entry, cd.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    if (flags & 0x1) {
      throw new ImportFileError(
        "invalid_xlsx",
        "This workbook is password-protected. Remove the password (or save it as CSV) and upload it again.",
      );
    }
    entries.set(name.toLowerCase(), entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let q = 0; q + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(q);
    const len = extra.readUInt16LE(q + 2);
    if (id === 0x0001) {
      let r = q + 4;
      const next = () => {
        const v = r + 8 <= q + 4 + len ? Number(extra.readBigUInt64LE(r)) : -1;
        r += 8;
        return v;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      if (entry.uncompressedSize < 0 || entry.compressedSize < 0 || entry.localHeaderOffset < 0) throw invalid("broken ZIP64 sizes");
      return;
    }
    q += 4 + len;
  }
}
