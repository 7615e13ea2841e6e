import { SaxesParser } from "saxes";
import { BatchedReader } from "./batched-reader";
import { MarkupRunGuard } from "./markup-guard";
import { formatCount, ImportFileError } from "./parsers.errors";
import { bytesOf, type ParsedRow, type ParseLimits, type ReadBytes } from "./parsers.types";
import { detectByBom, detectUtf16ByNulPattern, StreamTextDecoder } from "./text-decoding";
import { type XmlRecord, XmlRecordCollector } from "./xml-records";

/**
 * Streaming XML (saxes: no DTD processing, no external entities). A DOCTYPE is refused outright, which shuts
 * out XXE and entity expansion ("billion laughs"); an undefined entity reference is a well-formedness error.
 * Headings are the field names of the first `xmlHeadingRecords` records (held until then); later new names are
 * appended to `headings`, so every earlier index stays put.
 */
export class XmlFileReader extends BatchedReader {
  readonly format = "xml";
  private readonly read: ReadBytes;
  private decoder = new StreamTextDecoder();
  private readonly columns = new Map<string, number>();
  private readonly held: { line: number; cells: string[] }[] = [];
  private headingsFixed = false;
  private ordinal = 0;

  constructor(file: ReadBytes | string, fileBytes: number, limits: Required<ParseLimits>) {
    super(limits);
    this.read = bytesOf(file);
    this.stats.totalBytes = fileBytes;
  }

  get encoding(): string {
    return this.decoder.encoding;
  }

  protected async *batches(): AsyncGenerator<ParsedRow[], void> {
    const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
    const collector = new XmlRecordCollector((record) => this.accept(record));
    const guard = new MarkupRunGuard(
      this.limits.maxLineChars,
      () =>
        new ImportFileError(
          "line_too_long",
          `The file has a value or tag longer than ${formatCount(this.limits.maxLineChars)} characters.`,
        ),
    );
    parser.on("doctype", () => {
      throw new ImportFileError("xml_entities_forbidden");
    });
    parser.on("opentag", (tag) => collector.open(tag.name, tag.attributes));
    parser.on("text", (text) => collector.text(text));
    parser.on("cdata", (text) => collector.text(text));
    parser.on("closetag", () => collector.close());

    let sawContent = false;
    const feed = (text: string) => {
      if (!text) return;
      guard.check(text);
      if (!sawContent && text.trim() !== "") sawContent = true;
      write(parser, text);
    };
    for await (const chunk of this.read() as AsyncIterable<Buffer>) {
      if (this.stats.bytesRead === 0) this.decoder = new StreamTextDecoder(declaredEncoding(chunk));
      this.stats.bytesRead += chunk.length;
      feed(this.decoder.decode(chunk));
      yield* this.ready(false);
    }
    feed(this.decoder.end());
    if (!sawContent) throw new ImportFileError("empty_file");
    write(parser, null);
    if (!collector.finish()) {
      throw new ImportFileError(
        "no_records",
        "No records were found in the XML file. Put each lead in its own element, like <leads><lead>…</lead><lead>…</lead></leads>.",
      );
    }
    this.fixHeadings();
    yield* this.ready(true);
  }

  private accept(record: XmlRecord): void {
    const cells: string[] = [];
    for (let i = 0; i < record.keys.length; i++) cells[this.column(record.keys[i]!)] = record.values[i]!;
    for (let i = 0; i < cells.length; i++) cells[i] ??= "";
    const line = ++this.ordinal;
    if (!this.headingsFixed) {
      this.held.push({ line, cells });
      if (this.held.length >= this.limits.xmlHeadingRecords) this.fixHeadings();
      return;
    }
    const row = this.shape(cells, line, true);
    if (row) this.pending.push(row);
  }

  private column(key: string): number {
    const lower = key.toLowerCase();
    let index = this.columns.get(lower);
    if (index !== undefined) return index;
    index = this.columns.size;
    if (index >= this.limits.maxColumns) {
      throw new ImportFileError(
        "too_many_columns",
        `The XML records have more than ${formatCount(this.limits.maxColumns)} different fields; at most ${formatCount(this.limits.maxColumns)} are supported.`,
      );
    }
    this.columns.set(lower, index);
    // Headings grow in place after they are fixed: readers holding the array see new names appear at the end.
    this.headings.push(key);
    return index;
  }

  private fixHeadings(): void {
    if (this.headingsFixed) return;
    this.headingsFixed = true;
    for (const { line, cells } of this.held.splice(0)) {
      const row = this.shape(cells, line, true);
      if (row) this.pending.push(row);
    }
  }
}

function write(parser: SaxesParser<{ xmlns: false; position: true }>, text: string | null): void {
  try {
    if (text === null) parser.close();
    else parser.write(text);
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError("invalid_xml", `The file is not well-formed XML: ${describeSaxesError(err)}`);
  }
}

function describeSaxesError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(message);
  if (!m) return message;
  const detail = m[3]!.replace(/\.$/, "");
  return `${detail} (line ${m[1]}, column ${Number(m[2]) + 1}).`;
}

/**
 * The encoding an XML declaration names, when the bytes are ASCII-compatible (no BOM, not UTF-16): a declared
 * "windows-1251" is honoured instead of guessed. An encoding Node cannot decode is refused.
 */
function declaredEncoding(head: Buffer): string | undefined {
  if (detectByBom(head) || detectUtf16ByNulPattern(head)) return undefined;
  const decl = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head.toString("latin1", 0, 256));
  if (!decl) return undefined;
  let label: string;
  try {
    label = new TextDecoder(decl[1]!).encoding;
  } catch {
    throw new ImportFileError(
      "unsupported_encoding",
      `The file declares the encoding "${decl[1]}", which is not supported. Save it as UTF-8 and try again.`,
    );
  }
  return label.startsWith("utf-16") ? undefined : label;
}
