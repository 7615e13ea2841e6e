import { cachedPath, generateOnce } from "./file-cache";
import { CITIES, FIRST_NAMES, HEADINGS, LAST_NAMES, person } from "./people";
import { ZipWriter } from "./zip-writer";

const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const ROWS_PER_CHUNK = 2000;

/**
 * The clean data (the same people as cleanCsv) as an .xlsx laid out the way Excel saves it: every text in the
 * shared-strings table, the zip column as numbers with a "00000" format (so 02108 survives), first sheet only.
 * Written as a stream: shared-string indexes follow from the row number (the fixed vocabulary first, then each
 * row's phone and email), so neither the sheet nor the table is ever held in memory.
 */
export function cleanXlsx(rows: number): Promise<string> {
  return generateOnce(cachedPath("clean", rows, "xlsx"), async (out) => {
    const zip = new ZipWriter(out);
    await zip.add("[Content_Types].xml", [contentTypes]);
    await zip.add("_rels/.rels", [rootRels]);
    await zip.add("xl/workbook.xml", [workbook]);
    await zip.add("xl/_rels/workbook.xml.rels", [workbookRels]);
    await zip.add("xl/styles.xml", [styles]);
    await zip.add("xl/worksheets/sheet1.xml", sheet(rows));
    await zip.add("xl/sharedStrings.xml", sharedStrings(rows));
    await zip.finish();
  });
}

const vocabulary = [...new Set<string>([...HEADINGS, ...FIRST_NAMES, ...LAST_NAMES, ...CITIES.map(([city]) => city)])];
const vocabIndex = new Map(vocabulary.map((s, i) => [s, i]));
const V = vocabulary.length;

function* sheet(rows: number): Generator<string> {
  const s = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
  yield `${XML}<worksheet xmlns="${NS}"><dimension ref="A1:F${rows + 1}"/><sheetData>`;
  yield `<row r="1">${HEADINGS.map((_, c) => s(`${"ABCDEF"[c]}1`, c)).join("")}</row>`;
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    const x = person(i);
    const r = i + 2;
    chunk +=
      `<row r="${r}">${s(`A${r}`, V + 2 * i)}${s(`B${r}`, V + 2 * i + 1)}${s(`C${r}`, vocabIndex.get(x.firstName)!)}` +
      `${s(`D${r}`, vocabIndex.get(x.lastName)!)}${s(`E${r}`, vocabIndex.get(x.city)!)}<c r="F${r}" s="1"><v>${Number(x.zip)}</v></c></row>`;
    if ((i + 1) % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = "";
    }
  }
  yield `${chunk}</sheetData></worksheet>`;
}

function* sharedStrings(rows: number): Generator<string> {
  const total = V + 2 * rows;
  const si = (t: string) => `<si><t>${escapeXml(t)}</t></si>`;
  yield `${XML}<sst xmlns="${NS}" count="${total}" uniqueCount="${total}">${vocabulary.map(si).join("")}`;
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    const x = person(i);
    chunk += si(x.phone) + si(x.email);
    if ((i + 1) % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = "";
    }
  }
  yield `${chunk}</sst>`;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

const contentTypes =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
  "</Types>";

const rootRels =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbook = `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const workbookRels =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

// Style 1: the custom number format "00000" (zip codes with leading zeros).
const styles =
  `${XML}<styleSheet xmlns="${NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="00000"/></numFmts>` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  "</styleSheet>";
