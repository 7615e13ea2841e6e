import { afterAll, describe, expect, it } from "vitest";
import { fixturePath, scratchDir } from "../../../test/fixtures/imports";
import { ImportFileError, type ImportFileErrorCode, openImportFile, type ParseLimits } from "./index";

const scratch = scratchDir();
afterAll(() => scratch.cleanup());
let n = 0;
const write = (content: string | Buffer) => scratch.file(`x${++n}.xml`, content);

async function readAll(path: string, opts?: ParseLimits) {
  const reader = await openImportFile(path, "xml", opts);
  const rows = [];
  const headingsSeen: number[] = [];
  for await (const batch of reader.rows()) {
    rows.push(...batch);
    headingsSeen.push(reader.headings.length);
  }
  return { headings: reader.headings, rows, encoding: reader.encoding, headingsSeen };
}

async function failure(content: string | Buffer): Promise<ImportFileError> {
  const err = await readAll(write(content)).then(
    () => null,
    (e: unknown) => e,
  );
  if (err instanceof ImportFileError) return err;
  throw new Error(`expected an ImportFileError, got ${String(err)}`);
}

describe("XML records", () => {
  it("reads repeated children of the root, with attributes, nested fields and CDATA (fixture)", async () => {
    const r = await readAll(fixturePath("leads.xml"));
    expect(r.headings).toEqual(["id", "source", "first_name", "phone", "phone.type", "email", "notes", "address.city", "address.state"]);
    expect(r.rows).toEqual([
      { line: 1, cells: ["1", "web", "John", "(555) 123-4567", "mobile", "John@Example.com", 'Likes <b>bold</b> & "quotes"', "", ""] },
      { line: 2, cells: ["2", "", "Mary", "+1 212 456 7890", "", "", "", "Austin", "TX"] },
    ]);
  });

  it("finds records one level deeper, next to other elements (fixture)", async () => {
    const r = await readAll(fixturePath("leads-wrapped.xml"));
    expect(r.headings).toEqual(["name", "phone"]);
    expect(r.rows.map((x) => x.cells)).toEqual([
      ["A", "2124567890"],
      ["B", "2124567891"],
      ["C", "2124567892"],
    ]);
  });

  it.each([
    {
      name: "attribute-only records",
      xml: '<leads><lead phone="1" name="a"/><lead phone="2"/></leads>',
      headings: ["phone", "name"],
      cells: [
        ["1", "a"],
        ["2", ""],
      ],
    },
    {
      name: "a list of leaf values",
      xml: "<phones><phone>111</phone><phone> 222 </phone></phones>",
      headings: ["phone"],
      cells: [["111"], ["222"]],
    },
    {
      name: "a single record in a wrapper",
      xml: '<root><items><item id="7"><phone>1</phone></item></items></root>',
      headings: ["id", "phone"],
      cells: [["7", "1"]],
    },
    {
      name: "a single record as the root's only child",
      xml: "<leads><lead><name>x</name><phone>1</phone></lead></leads>",
      headings: ["name", "phone"],
      cells: [["x", "1"]],
    },
    {
      name: "the root as the one record",
      xml: "<lead><name>x</name><phone>1</phone></lead>",
      headings: ["name", "phone"],
      cells: [["x", "1"]],
    },
    {
      name: "repeated fields inside a record",
      xml: "<leads><lead><phone>1</phone><phone>2</phone><name>n</name></lead><lead><phone>3</phone></lead></leads>",
      headings: ["phone", "phone (2)", "name"],
      cells: [
        ["1", "2", "n"],
        ["3", "", ""],
      ],
    },
    {
      name: "namespaces and an XML declaration",
      xml: '<?xml version="1.0"?><x:leads xmlns:x="urn:x" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><x:lead xsi:nil="false"><x:phone>1</x:phone></x:lead><x:lead><x:phone>2</x:phone></x:lead></x:leads>',
      headings: ["phone"],
      cells: [["1"], ["2"]],
    },
    {
      name: "entities, character references and comments",
      xml: "<leads><!-- c --><lead><name>A &amp; B &#233;&#x4E2D;</name></lead><lead><name>&lt;x&gt;</name></lead></leads>",
      headings: ["name"],
      cells: [["A & B é中"], ["<x>"]],
    },
  ])("$name", async ({ xml, headings, cells }) => {
    const r = await readAll(write(xml));
    expect(r.headings).toEqual(headings);
    expect(r.rows.map((x) => x.cells)).toEqual(cells);
  });

  it("fixes headings from the first records, then appends a late field at the end", async () => {
    const filler = Array.from({ length: 5_000 }, (_, i) => `<lead><phone>${String(i).padStart(80, "0")}</phone></lead>`);
    filler[3_999] = "<lead><email>late@x.com</email><phone>9</phone></lead>";
    const reader = await openImportFile(write(`<leads>${filler.join("")}</leads>`), "xml", { xmlHeadingRecords: 3, batchRows: 2 });
    expect([...reader.headings]).toEqual(["phone"]);
    const rows = [];
    for await (const batch of reader.rows()) rows.push(...batch);
    expect(reader.headings).toEqual(["phone", "email"]);
    expect(rows[3_999]).toEqual({ line: 4_000, cells: ["9", "late@x.com"] });
    expect(rows[0]!.cells).toEqual(["0".repeat(80)]);
    expect(rows).toHaveLength(5_000);
  });

  it("honours a declared Windows-1251 encoding and a UTF-16 BOM", async () => {
    const cp1251 = Buffer.from([...'<?xml version="1.0" encoding="windows-1251"?><l><r><n>'].map((c) => c.charCodeAt(0)));
    const body = Buffer.from([0xc8, 0xe2, 0xe0, 0xed]);
    const tail = Buffer.from("</n></r><r><n>x</n></r></l>");
    const declared = await readAll(write(Buffer.concat([cp1251, body, tail])));
    expect(declared.encoding).toBe("windows-1251");
    expect(declared.rows[0]!.cells).toEqual(["Иван"]);
    const utf16 = await readAll(
      write(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<l><r><n>Анна</n></r><r><n>x</n></r></l>", "utf16le")])),
    );
    expect(utf16.encoding).toBe("utf-16le");
    expect(utf16.rows[0]!.cells).toEqual(["Анна"]);
  });
});

describe("XML bad files", () => {
  const xxe = '<?xml version="1.0"?><!DOCTYPE leads [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><leads><lead><n>&xxe;</n></lead></leads>';
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("")}]><lolz><l>&lol9;</l></lolz>`;
  it.each<{ name: string; xml: string | Buffer; code: ImportFileErrorCode; message?: RegExp }>([
    { name: "XXE", xml: xxe, code: "xml_entities_forbidden", message: /DOCTYPE/ },
    { name: "billion laughs", xml: laughs, code: "xml_entities_forbidden" },
    { name: "a plain DOCTYPE", xml: "<!DOCTYPE leads><leads><lead><n>1</n></lead></leads>", code: "xml_entities_forbidden" },
    { name: "an undefined entity", xml: "<leads><lead><n>&nope;</n></lead></leads>", code: "invalid_xml", message: /undefined entity/ },
    {
      name: "an unclosed tag",
      xml: "<leads><lead><n>1</n></lead>",
      code: "invalid_xml",
      message: /^The file is not well-formed XML: .*\(line 1, column \d+\)\.$/,
    },
    { name: "not XML at all", xml: "name,phone\n1,2\n", code: "invalid_xml" },
    { name: "whitespace only", xml: " \n\t ", code: "empty_file" },
    { name: "a root without records", xml: "<leads/>", code: "no_records", message: /<leads><lead>/ },
    { name: "an unknown declared encoding", xml: '<?xml version="1.0" encoding="x-klingon"?><a/>', code: "unsupported_encoding" },
  ])("$name → $code", async ({ xml, code, message }) => {
    const err = await failure(xml);
    expect(err.code).toBe(code);
    if (message) expect(err.message).toMatch(message);
  });

  it("refuses a value longer than the line limit without buffering it", async () => {
    const err = await failure(`<leads><lead><n>${"x".repeat(2_000_000)}</n></lead></leads>`);
    expect(err.code).toBe("line_too_long");
  });

  // That this stays linear in the number of elements is measured by B11e (bench/src/validation), not timed here.
  it("reads 100,000 distinct elements under the root as one record and refuses its fields past the column limit", async () => {
    const err = await failure(`<root>${Array.from({ length: 100_000 }, (_, i) => `<a${i}>1</a${i}>`).join("")}</root>`);
    expect(err.code).toBe("too_many_columns");
    expect(err.message).toBe("The XML records have more than 500 different fields; at most 500 are supported.");
  });

  it("refuses more distinct fields than the column limit", async () => {
    const fields = Array.from({ length: 600 }, (_, i) => `<f${i}>1</f${i}>`).join("");
    const err = await failure(`<leads><lead>${fields}</lead></leads>`);
    expect(err.code).toBe("too_many_columns");
  });
});
