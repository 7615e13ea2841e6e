import type PDFDocument from "pdfkit";

/*
 * The compliance PDF's building blocks on pdfkit: a title, section headings, label/value tables and data tables
 * with a shaded header row. Text is set in the standard Helvetica, which covers Western European text (WinAnsi);
 * any other character is shown as "?" — the lead's JSON beside the PDF holds every value exactly.
 */

type Doc = InstanceType<typeof PDFDocument>;

const INK = "#1f2933";
const MUTED = "#52606d";
const RULE = "#cbd2d9";
const HEAD = "#eef2f6";

/** Characters Helvetica's WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** The text as Helvetica can show it. */
export function printable(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === "\n" || ch === "\t" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (code < 0x20) out += " ";
    else out += "?";
  }
  return out;
}

/** An instant as a person reads it in a record: 2026-12-05 14:03:09 UTC. */
export function when(value: string | null | undefined): string {
  if (!value) return "—";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export function title(doc: Doc, text: string, subtitle: string): void {
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(18).text(printable(text));
  doc.moveDown(0.2).fillColor(MUTED).font("Helvetica").fontSize(9).text(printable(subtitle));
  const y = doc.y + 6;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 10;
}

/** A section's heading; a new page first when fewer than `keep` points are left for it and its first lines. */
export function section(doc: Doc, text: string, keep = 90): void {
  if (doc.y + keep > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.6).fillColor(INK).font("Helvetica-Bold").fontSize(12).text(printable(text));
  doc.moveDown(0.3);
}

/** A line of explanation under a heading. */
export function note(doc: Doc, text: string): void {
  doc.fillColor(MUTED).font("Helvetica").fontSize(8.5).text(printable(text));
  doc.moveDown(0.4);
}

const cell = { padding: [3, 5, 3, 5] as [number, number, number, number], border: 0.5, borderColor: RULE };

/** Label and value pairs, two columns. */
export function keyValues(doc: Doc, pairs: readonly [string, string | null | undefined][]): void {
  doc.fillColor(INK).font("Helvetica").fontSize(9);
  doc.table({
    columnStyles: [140, "*"],
    defaultStyle: cell,
    data: pairs.map(([k, v]) => [{ text: printable(k), font: { src: "Helvetica-Bold" }, backgroundColor: HEAD }, { text: printable(v) }]),
  });
  doc.moveDown(0.5);
}

/** A table with a header row; `widths` in points or "*" shares; an empty table says so instead. */
export function table(
  doc: Doc,
  head: readonly string[],
  body: readonly (string | null | undefined)[][],
  widths: (number | string)[],
  empty: string,
): void {
  if (body.length === 0) {
    note(doc, empty);
    return;
  }
  doc.fillColor(INK).font("Helvetica").fontSize(8);
  doc.table({
    columnStyles: widths,
    defaultStyle: cell,
    data: [
      head.map((h) => ({ text: printable(h), font: { src: "Helvetica-Bold" }, backgroundColor: HEAD, type: "TH" as const })),
      ...body.map((r) => r.map((v) => ({ text: printable(v) }))),
    ],
  });
  doc.moveDown(0.5);
}

/** "Page n of m" at the foot of every page (the document buffers its pages for it). */
export function pageNumbers(doc: Doc, label: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(7.5)
      .text(`${printable(label)} · Page ${i + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - 30, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
