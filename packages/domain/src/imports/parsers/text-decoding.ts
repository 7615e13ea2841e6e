import { isAscii } from "node:buffer";
import { TextDecoder } from "node:util";

/**
 * Streaming byte → text decoding with encoding detection.
 *
 * - A BOM decides at once (UTF-8, UTF-16 LE/BE); so does the NUL-byte pattern of BOM-less UTF-16.
 * - Otherwise nothing is decided while the bytes are pure ASCII (identical in every candidate encoding), so a
 *   Latin-1 file whose first accented name is on row 200,000 is still detected. At the first non-ASCII byte we look
 *   at a sample of what follows: valid UTF-8 → UTF-8; else Windows-1251 when the high bytes look like Cyrillic words
 *   (runs of letters in 0xC0–0xFF), else Windows-1252 (the WHATWG meaning of "latin1", a superset of ISO-8859-1).
 * - Every decoder runs with `stream: true`, so a multi-byte character split across chunks decodes correctly.
 * - NUL characters are dropped (exports pad fields with them; no lead value contains one). Checked on the raw
 *   bytes with memchr where a NUL byte can only mean U+0000, so clean files pay nothing.
 */
export class StreamTextDecoder {
  private decoder: TextDecoder | null = null;
  private held: Buffer | null = null;
  private head: Buffer | null = null;
  private started = false;
  private detected = "utf-8";

  /** `declared`: an encoding the content itself names (the XML declaration), used unless a BOM says otherwise. */
  constructor(private readonly declared?: string) {}

  get encoding(): string {
    return this.detected;
  }

  decode(chunk: Buffer): string {
    if (!this.started) {
      // The BOM and the UTF-16 NUL pattern are judged on the first 4 KB, however the bytes arrive.
      this.head = this.head ? Buffer.concat([this.head, chunk]) : chunk;
      if (this.head.length < HEAD_BYTES) return "";
      chunk = this.head;
      this.head = null;
      this.start(chunk);
    }
    const hadHeld = this.held !== null;
    const text = this.decodeRaw(chunk);
    const mayHaveNul = hadHeld || this.held !== null || this.detected.startsWith("utf-16") || chunk.includes(0);
    return mayHaveNul ? withoutNul(text) : text;
  }

  end(): string {
    let text = "";
    if (!this.started) {
      const head = this.head ?? Buffer.alloc(0);
      this.head = null;
      this.start(head);
      text = this.decodeRaw(head);
    }
    return withoutNul(text + this.endRaw());
  }

  private start(head: Buffer): void {
    this.started = true;
    const initial = detectByBom(head) ?? detectUtf16ByNulPattern(head) ?? this.declared;
    if (initial) this.use(initial);
  }

  private decodeRaw(chunk: Buffer): string {
    if (this.decoder) return this.decoder.decode(chunk, { stream: true });
    if (this.held) {
      this.held = Buffer.concat([this.held, chunk]);
      return this.decideWhenSampled(false);
    }
    if (isAscii(chunk)) return chunk.toString("latin1");
    const p = firstNonAscii(chunk);
    this.held = chunk.subarray(p);
    return chunk.toString("latin1", 0, p) + this.decideWhenSampled(false);
  }

  private endRaw(): string {
    if (this.held) return this.decideWhenSampled(true) + (this.decoder?.decode() ?? "");
    return this.decoder?.decode() ?? "";
  }

  private use(label: string): void {
    this.decoder = new TextDecoder(label);
    this.detected = this.decoder.encoding;
  }

  private decideWhenSampled(final: boolean): string {
    const held = this.held!;
    if (!final && held.length < SAMPLE_BYTES) return "";
    this.held = null;
    this.use(guessSingleOrMultiByte(held, final));
    return this.decoder!.decode(held, { stream: true });
  }
}

const SAMPLE_BYTES = 16 * 1024;
const HEAD_BYTES = 4096;

function withoutNul(text: string): string {
  return text.includes("\0") ? text.replaceAll("\0", "") : text;
}

export function detectByBom(b: Uint8Array): string | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return "utf-8";
  if (b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  if (b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * Text in UTF-16 has a zero in every other byte wherever it is ASCII (digits, delimiters, Latin names); ordinary
 * text with a few stray NULs does not. Needs 16 characters to judge.
 */
export function detectUtf16ByNulPattern(b: Uint8Array): string | null {
  const n = Math.min(b.length, 4096) & ~1;
  if (n < 32) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) zeroEven++;
    if (b[i + 1] === 0) zeroOdd++;
  }
  const pairs = n / 2;
  if (zeroOdd >= pairs * 0.3 && zeroEven <= pairs * 0.02) return "utf-16le";
  if (zeroEven >= pairs * 0.3 && zeroOdd <= pairs * 0.02) return "utf-16be";
  return null;
}

/** `sample` starts at the first non-ASCII byte of the file. */
export function guessSingleOrMultiByte(sample: Uint8Array, final: boolean): string {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: !final });
    return "utf-8";
  } catch {
    return looksLikeCyrillic1251(sample) ? "windows-1251" : "windows-1252";
  }
}

const isCyrillicLetter1251 = (b: number | undefined) => b !== undefined && (b >= 0xc0 || b === 0xa8 || b === 0xb8);

/** Cyrillic words are runs of high bytes; accented Latin letters mostly stand alone between ASCII letters. */
function looksLikeCyrillic1251(b: Uint8Array): boolean {
  let high = 0;
  let letters = 0;
  let inRuns = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c < 0x80) continue;
    high++;
    if (!isCyrillicLetter1251(c)) continue;
    letters++;
    if (isCyrillicLetter1251(b[i - 1]) || isCyrillicLetter1251(b[i + 1])) inRuns++;
  }
  return letters >= high * 0.8 && inRuns >= letters * 0.6;
}

function firstNonAscii(b: Uint8Array): number {
  for (let i = 0; i < b.length; i++) if (b[i]! >= 0x80) return i;
  return b.length;
}

/** What a non-text file announces in its first bytes; the message tells the user what to do instead. */
export function describeBinarySignature(head: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((v, i) => head[i] === v);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) {
    return "This file is an Excel workbook (or another zip archive), not CSV text. If it is a workbook, upload it with an .xlsx name.";
  }
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    return "This is an old Excel (.xls) or password-protected file. Save it as .xlsx or CSV and upload it again.";
  }
  if (starts(0x25, 0x50, 0x44, 0x46)) return "This is a PDF file. Export the data as CSV or .xlsx and upload that.";
  if (starts(0x1f, 0x8b)) return "This file is compressed (gzip). Extract it and upload the CSV inside.";
  return null;
}

/** Control characters (other than tab/CR/LF/FF/VT/NUL) or undecodable bytes in more than 10% of the text. */
export function looksBinary(text: string): boolean {
  const n = Math.min(text.length, 4096);
  if (n === 0) return false;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13) || c === 0xfffd) bad++;
  }
  return bad > n * 0.1;
}
