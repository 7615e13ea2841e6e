const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Where the tokenizer stopped when a record did not fit the text it had: inside a quoted value or not. */
export interface PendingRecord {
  chars: number;
  inQuotes: boolean;
}

/**
 * RFC 4180 records from decoded text pushed in chunks. A record without quotes (most of them) is one native
 * `slice().split()`, with the next line end and quote found by `indexOf`; only records holding a quote are read
 * character by character.
 *
 * - Any of CRLF, LF and lone CR ends a record (mixed in one file too); inside quotes they are part of the value.
 * - A quote opens a quoted value only at the start of a field; `""` inside it is one quote. Text after the closing
 *   quote up to the next delimiter is kept as typed (`"a"b` → `ab`), and a quote in the middle of an unquoted value
 *   is literal (`5" screen`), as spreadsheet programs read them.
 * - A record cut by the end of a chunk is kept as text and re-read with the next chunk; records are short, and a
 *   long one is bounded by the caller's line limit (see `pending`), so re-reading costs little.
 */
export class CsvTokenizer {
  private readonly delim: number;
  private carry = "";
  private skipLeadingLf = false;
  private lastPending: PendingRecord | null = null;
  private endedInQuotes = false;

  constructor(
    delimiter: string,
    private readonly emit: (cells: string[], chars: number) => void,
  ) {
    this.delim = delimiter.charCodeAt(0);
  }

  /** The incomplete record held after the last `push`, if any. */
  get pending(): PendingRecord | null {
    return this.lastPending;
  }

  push(text: string): void {
    if (this.skipLeadingLf && text.length > 0) {
      this.skipLeadingLf = false;
      if (text.charCodeAt(0) === LF) text = text.slice(1);
    }
    const s = this.carry.length > 0 ? this.carry + text : text;
    const stop = this.scan(s, false);
    this.carry = stop < s.length ? s.slice(stop) : "";
  }

  /** Flushes the last record. Throws `UnclosedQuote` when the text ends inside a quoted value. */
  end(): void {
    const s = this.carry;
    this.carry = "";
    if (s.length > 0) this.scan(s, true);
    this.lastPending = null;
  }

  /** Emits every complete record of `s`; returns where the first incomplete one starts (s.length when none). */
  private scan(s: string, final: boolean): number {
    const n = s.length;
    const d = this.delim;
    const dch = String.fromCharCode(d);
    // Next positions of each special character, advanced only when passed: native indexOf does the scanning.
    let nextLf = -1;
    let nextCr = -1;
    let nextQuote = -1;
    let i = 0;
    this.lastPending = null;
    while (i < n) {
      const start = i;
      if (nextLf < i) nextLf = indexOr(s, "\n", i, n);
      if (nextCr < i) nextCr = indexOr(s, "\r", i, n);
      if (nextQuote < i) nextQuote = indexOr(s, '"', i, n);
      const eol = Math.min(nextLf, nextCr);
      if (eol === n && !final && nextQuote === n) return this.hold(start, n, false);
      if (nextQuote > eol) {
        // Fast path: no quote before the end of this record, so it is exactly the line split on the delimiter.
        const cells = s.slice(i, eol).split(dch);
        i = eol + 1;
        if (eol < n && s.charCodeAt(eol) === CR) {
          if (i < n) {
            if (s.charCodeAt(i) === LF) i++;
          } else if (!final) {
            this.skipLeadingLf = true;
          }
        }
        this.emit(cells, eol - start);
        continue;
      }
      const end = this.scanQuoted(s, start, final);
      if (end < 0) return this.hold(start, n, this.endedInQuotes);
      i = end;
    }
    return n;
  }

  /**
   * One record that has a quote somewhere, character by character. Returns where the next record starts,
   * or -1 when the record runs past the text (and `endedInQuotes` says whether it stopped inside a quoted value).
   */
  private scanQuoted(s: string, start: number, final: boolean): number {
    const n = s.length;
    const d = this.delim;
    const cells: string[] = [];
    let i = start;
    for (;;) {
      let c = i < n ? s.charCodeAt(i) : -1;
      let value: string;
      if (c === QUOTE) {
        value = "";
        let seg = i + 1;
        for (;;) {
          const q = s.indexOf('"', seg);
          if (q === -1 || (q + 1 === n && !final)) {
            if (final) throw new UnclosedQuote(start);
            this.endedInQuotes = true;
            return -1;
          }
          if (s.charCodeAt(q + 1) === QUOTE) {
            value += s.slice(seg, q + 1);
            seg = q + 2;
            continue;
          }
          value += s.slice(seg, q);
          i = q + 1;
          break;
        }
        let k = i;
        while (k < n && (c = s.charCodeAt(k)) !== d && c !== LF && c !== CR) k++;
        if (k === n && !final) {
          this.endedInQuotes = false;
          return -1;
        }
        if (k > i) value += s.slice(i, k);
        i = k;
      } else {
        let k = i;
        while (k < n && (c = s.charCodeAt(k)) !== d && c !== LF && c !== CR) k++;
        if (k === n && !final) {
          this.endedInQuotes = false;
          return -1;
        }
        value = s.slice(i, k);
        i = k;
      }
      cells.push(value);
      if (i >= n) {
        this.emit(cells, i - start);
        return n;
      }
      c = s.charCodeAt(i);
      i++;
      if (c === d) {
        if (i === n) {
          if (!final) {
            this.endedInQuotes = false;
            return -1;
          }
          cells.push("");
          this.emit(cells, i - start);
          return n;
        }
        continue;
      }
      const chars = i - 1 - start;
      if (c === CR) {
        if (i < n) {
          if (s.charCodeAt(i) === LF) i++;
        } else if (!final) {
          this.skipLeadingLf = true;
        }
      }
      this.emit(cells, chars);
      return i;
    }
  }

  private hold(start: number, n: number, inQuotes: boolean): number {
    this.lastPending = { chars: n - start, inQuotes };
    return start;
  }
}

function indexOr(s: string, ch: string, from: number, n: number): number {
  const at = s.indexOf(ch, from);
  return at < 0 ? n : at;
}

export class UnclosedQuote extends Error {
  constructor(readonly offset: number) {
    super("unclosed quote");
  }
}
