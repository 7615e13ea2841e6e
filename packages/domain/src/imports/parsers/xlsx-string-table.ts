/**
 * The workbook's shared strings, packed: every string's UTF-8 bytes in one growing buffer and its end offset in
 * a typed array. A million-row sheet shares millions of strings; held as JS strings (each one a heap object, often
 * a slice that keeps the decoded XML chunk it came from alive) they took most of a gigabyte. Packed, they take
 * their UTF-8 size plus four bytes each, and a cell decodes its string when it is read.
 */
export class SharedStringTable {
  private bytes: Buffer = Buffer.allocUnsafe(64 * 1024);
  private ends = new Uint32Array(1024);
  private used = 0;
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(value: string): void {
    const need = Buffer.byteLength(value, "utf8");
    if (this.used + need > this.bytes.length) this.bytes = grow(this.bytes, this.used + need);
    this.used += this.bytes.write(value, this.used, "utf8");
    if (this.count === this.ends.length) {
      const next = new Uint32Array(this.ends.length * 2);
      next.set(this.ends);
      this.ends = next;
    }
    this.ends[this.count++] = this.used;
  }

  /** The string at `index`, or "" for an index the table does not have (a broken reference reads as empty). */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return "";
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return this.bytes.toString("utf8", start, this.ends[index]!);
  }
}

function grow(buf: Buffer, min: number): Buffer {
  const next = Buffer.allocUnsafe(Math.max(min, buf.length * 2));
  buf.copy(next);
  return next;
}
