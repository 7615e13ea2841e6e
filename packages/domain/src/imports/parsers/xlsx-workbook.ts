import { MarkupRunGuard } from "./markup-guard";
import { ImportFileError } from "./parsers.errors";
import { type CellStyle, plainStyle, styleForFormat } from "./xlsx-cells";
import { SharedStringTable } from "./xlsx-string-table";
import { readAttrs, readQualifiedAttrs, type ScanHandlers, XlsxXmlScanner } from "./xlsx-xml-scanner";
import type { ZipArchive, ZipEntry } from "./zip-archive";

/** Parts we read whole (workbook, relationships, styles) are small; a bigger one is not a real workbook. */
const SMALL_PART_BYTES = 64 * 1024 * 1024;

export interface XlsxParts {
  sheet: ZipEntry;
  sharedStrings: ZipEntry | undefined;
  styles: ZipEntry | undefined;
  date1904: boolean;
}

const invalid = (detail: string) => new ImportFileError("invalid_xlsx", `The file is not a valid Excel (.xlsx) workbook: ${detail}.`);

async function readSmallXml(zip: ZipArchive, entry: ZipEntry, handlers: ScanHandlers): Promise<void> {
  const bytes = await zip.readAll(entry, SMALL_PART_BYTES);
  const scanner = new XlsxXmlScanner(entry.name, handlers);
  scanner.push(new TextDecoder().decode(bytes));
  scanner.end();
}

interface Relationship {
  type: string;
  target: string;
}

async function readRelationships(zip: ZipArchive, partPath: string): Promise<Map<string, Relationship>> {
  const slash = partPath.lastIndexOf("/");
  const relsPath = `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
  const entry = zip.get(relsPath);
  const rels = new Map<string, Relationship>();
  if (!entry) return rels;
  const baseDir = partPath.slice(0, slash + 1);
  await readSmallXml(zip, entry, {
    open(name, raw) {
      if (name !== "Relationship") return;
      const a = readAttrs(raw);
      if (!a.Id || !a.Target || a.TargetMode === "External") return;
      rels.set(a.Id, { type: a.Type ?? "", target: resolvePart(baseDir, a.Target) });
    },
  });
  return rels;
}

/** A relationship target as a part name: absolute ("/xl/…") from the package root, else relative to `baseDir`. */
export function resolvePart(baseDir: string, target: string): string {
  const joined = target.startsWith("/") ? target.slice(1) : baseDir + target;
  const out: string[] = [];
  for (const seg of joined.split("/")) {
    if (seg === "..") out.pop();
    else if (seg !== "." && seg !== "") out.push(seg);
  }
  return out.join("/");
}

/** The parts that hold the first visible worksheet (the first worksheet when all are hidden). */
export async function locateFirstSheet(zip: ZipArchive): Promise<XlsxParts> {
  const root = await readRelationships(zip, "");
  const officeDoc = [...root.values()].find((r) => r.type.endsWith("/officeDocument"));
  const workbookPath = officeDoc?.target ?? "xl/workbook.xml";
  const workbookEntry = zip.get(workbookPath);
  if (!workbookEntry) throw invalid("it has no workbook part");

  const sheets: { rid: string; hidden: boolean }[] = [];
  let date1904 = false;
  await readSmallXml(zip, workbookEntry, {
    open(name, raw) {
      if (name === "workbookPr") {
        const { date1904: v } = readAttrs(raw);
        date1904 = v === "1" || v === "true";
      }
      if (name !== "sheet") return;
      const a = readQualifiedAttrs(raw);
      const rid = Object.entries(a).find(([k]) => k.endsWith(":id"))?.[1];
      if (rid) sheets.push({ rid, hidden: a.state === "hidden" || a.state === "veryHidden" });
    },
  });
  const rels = await readRelationships(zip, workbookPath);
  const worksheets = sheets.filter((s) => rels.get(s.rid)?.type.endsWith("/worksheet"));
  const first = worksheets.find((s) => !s.hidden) ?? worksheets[0];
  const sheet = first && zip.get(rels.get(first.rid)!.target);
  if (!sheet) throw invalid("it has no worksheet");
  const byType = (suffix: string) => {
    const rel = [...rels.values()].find((r) => r.type.endsWith(suffix));
    return rel ? zip.get(rel.target) : undefined;
  };
  return { sheet, sharedStrings: byType("/sharedStrings"), styles: byType("/styles"), date1904 };
}

/** Cell styles by index (the `s` attribute of a cell): whether its number format is a date, or zero-padded. */
export async function readCellStyles(zip: ZipArchive, entry: ZipEntry | undefined): Promise<CellStyle[]> {
  if (!entry) return [];
  const customFormats = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await readSmallXml(zip, entry, {
    open(name, raw) {
      if (name === "numFmt") {
        const a = readAttrs(raw);
        if (a.numFmtId !== undefined) customFormats.set(Number(a.numFmtId), a.formatCode ?? "");
      } else if (name === "cellXfs") {
        inCellXfs = true;
      } else if (name === "xf" && inCellXfs) {
        xfFormats.push(Number(readAttrs(raw).numFmtId ?? 0));
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return xfFormats.map((id) => (Number.isFinite(id) ? styleForFormat(id, customFormats.get(id)) : plainStyle));
}

/**
 * The shared strings table, streamed: rich-text runs joined, phonetic guides (`rPh`) left out, each string cut
 * just past `maxChars` (the row that uses it is then reported as too long, and memory stays bounded).
 */
export async function readSharedStrings(
  zip: ZipArchive,
  entry: ZipEntry | undefined,
  maxChars: number,
  maxRun: number,
): Promise<SharedStringTable> {
  const strings = new SharedStringTable();
  if (!entry) return strings;
  let current = "";
  let inT = false;
  let phonetic = 0;
  const scanner = new XlsxXmlScanner(entry.name, {
    open(name) {
      if (name === "si") current = "";
      else if (name === "t") inT = phonetic === 0;
      else if (name === "rPh") phonetic++;
    },
    text(text) {
      if (inT && current.length <= maxChars) current += text.length > maxChars ? text.slice(0, maxChars + 1) : text;
    },
    close(name) {
      if (name === "t") inT = false;
      else if (name === "rPh") phonetic--;
      else if (name === "si") strings.push(current);
    },
  });
  const guard = new MarkupRunGuard(maxRun, () => invalid("a shared string is too long"));
  const decoder = new TextDecoder();
  for await (const chunk of zip.stream(entry)) {
    const text = decoder.decode(chunk, { stream: true });
    guard.check(text);
    scanner.push(text);
  }
  scanner.push(decoder.decode());
  scanner.end();
  return strings;
}
