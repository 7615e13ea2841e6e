/** How a cell style shows numbers: as a date/time, zero-padded ("00000" zip codes), or as they are. */
export interface CellStyle {
  date: boolean;
  padTo: number;
}

export const plainStyle: CellStyle = { date: false, padTo: 0 };

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30 and the East Asian / Thai ranges). */
const builtInDateFormats = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73,
  74, 75, 76, 77, 78, 79, 80, 81,
]);

export function styleForFormat(numFmtId: number, customCode: string | undefined): CellStyle {
  if (customCode === undefined) return builtInDateFormats.has(numFmtId) ? { date: true, padTo: 0 } : plainStyle;
  const section = customCode.split(";")[0]!;
  if (/^0+$/.test(section)) return { date: false, padTo: section.length };
  const tokens = section
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/[_*]./g, "")
    .replace(/\[(?:h+|m+|s+)\]/gi, "h")
    .replace(/\[[^\]]*\]/g, "");
  return /[ymdhs]/i.test(tokens) && !/general/i.test(tokens) ? { date: true, padTo: 0 } : plainStyle;
}

/**
 * A stored number as people typed it: integers in full (a phone 15551234567 stays "15551234567", never
 * "1.5551234567E10"), fractions at Excel's 15 significant digits (0.1 + 0.2 → "0.3"), zero-padded where the
 * cell's format says so.
 */
export function formatNumber(raw: string, style: CellStyle, date1904: boolean): string {
  const n = Number(raw);
  if (raw === "" || !Number.isFinite(n)) return raw;
  if (style.date) return formatSerialDate(n, date1904);
  let text: string;
  if (Number.isInteger(n)) text = Math.abs(n) < 1e21 ? n.toFixed(0) : String(n);
  else text = String(Number(n.toPrecision(15)));
  if (style.padTo > text.length && /^\d+$/.test(text)) text = text.padStart(style.padTo, "0");
  return text;
}

const DAY_MS = 86_400_000;
const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * An Excel serial date as ISO: "YYYY-MM-DD" for whole days, "YYYY-MM-DD HH:mm:ss" with a time, "HH:mm:ss" for a
 * bare time (serial below 1). Rounded to the second, which removes the float noise of stored times.
 * The 1900 system counts the non-existent 1900-02-29 as day 60, so days before it start one day later.
 */
export function formatSerialDate(serial: number, date1904: boolean): string {
  if (serial < 0) return String(serial);
  const seconds = Math.round(serial * 86_400);
  const days = Math.floor(seconds / 86_400);
  const time = seconds - days * 86_400;
  const hms = `${pad2(Math.floor(time / 3600))}:${pad2(Math.floor((time % 3600) / 60))}:${pad2(time % 60)}`;
  if (days === 0 && !date1904) return hms;
  const base = date1904 ? Date.UTC(1904, 0, 1) : days < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const d = new Date(base + days * DAY_MS);
  const ymd = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  return time === 0 ? ymd : `${ymd} ${hms}`;
}

/** A `t="d"` cell (ISO 8601 text) in the same shape as serial dates. */
export function formatIsoDateCell(raw: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(raw);
  if (!m) return raw;
  if (!m[2] || /^00:00(?::00)?$/.test(m[2])) return m[1]!;
  return `${m[1]} ${m[2].length === 5 ? `${m[2]}:00` : m[2]}`;
}

/** "A" → 0, "AB" → 27; the letters of a cell reference like "AB12". -1 when there are none. */
export function columnIndex(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
    if (n > 1_000_000) return n;
  }
  return i === 0 ? -1 : n - 1;
}
