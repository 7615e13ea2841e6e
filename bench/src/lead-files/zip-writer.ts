import { once } from "node:events";
import { crc32, createDeflateRaw } from "node:zlib";
import type { ChunkWriter } from "./file-cache";

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

// Flags: bit 3 (sizes and CRC follow the data, so nothing is buffered) and bit 11 (UTF-8 names).
const FLAGS = 0x0808;
const DEFLATE = 8;
// A fixed DOS date (2024-01-01 00:00) keeps generated files byte-identical.
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

/**
 * A zip written front to back: each entry is deflated as its text arrives (CRC by zlib.crc32), then a data
 * descriptor, then the central directory. No zip64: entries and the archive must stay under 4 GB.
 */
export class ZipWriter {
  private readonly entries: Written[] = [];

  constructor(private readonly out: ChunkWriter) {}

  async add(name: string, content: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const entry: Written = { name: Buffer.from(name, "utf8"), crc: 0, compressed: 0, size: 0, offset: this.out.bytes };
    await this.out.write(
      Buffer.concat([u32(0x04034b50), u16(20), u16(FLAGS), u16(DEFLATE), u16(DOS_TIME), u16(DOS_DATE), u32(0), u32(0), u32(0)]),
    );
    await this.out.write(Buffer.concat([u16(entry.name.length), u16(0), entry.name]));
    const deflate = createDeflateRaw({ level: 6 });
    const drained = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.out.write(chunk);
      }
    })();
    for await (const text of content) {
      const b = Buffer.from(text, "utf8");
      entry.crc = crc32(b, entry.crc);
      entry.size += b.length;
      if (!deflate.write(b)) await once(deflate, "drain");
    }
    deflate.end();
    await drained;
    if (entry.size > 0xffffffff || this.out.bytes > 0xffffffff) throw new Error(`${name} is over 4 GB; zip64 is not written`);
    await this.out.write(Buffer.concat([u32(0x08074b50), u32(entry.crc), u32(entry.compressed), u32(entry.size)]));
    this.entries.push(entry);
  }

  async finish(): Promise<void> {
    const start = this.out.bytes;
    for (const e of this.entries) {
      await this.out.write(
        Buffer.concat([
          u32(0x02014b50),
          u16(20),
          u16(20),
          u16(FLAGS),
          u16(DEFLATE),
          u16(DOS_TIME),
          u16(DOS_DATE),
          u32(e.crc),
          u32(e.compressed),
          u32(e.size),
          u16(e.name.length),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          u32(0),
          u32(e.offset),
          e.name,
        ]),
      );
    }
    const size = this.out.bytes - start;
    const n = this.entries.length;
    await this.out.write(Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(n), u16(n), u32(size), u32(start), u16(0)]));
  }
}
