import { createReadStream, statSync } from "node:fs";
import { CsvFileReader } from "@leadflow/domain/imports/parsers/csv-reader";
import { ImportFileError, openImportFile } from "@leadflow/domain/imports/parsers/index";
import { resolveLimits } from "@leadflow/domain/imports/parsers/parsers.types";
import { ZipArchive } from "@leadflow/domain/imports/parsers/zip-archive";
import { SaxesParser } from "saxes";
import { cachedPath, generateOnce } from "../lead-files/file-cache";
import { cleanXlsx } from "../lead-files/xlsx-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, record } from "../report";
import { alternate, ms, verdict } from "./measure";

const RUNS = 3;
const MB = 1024 * 1024;

/** Runs `open` and returns the ImportFileError code it must fail with. */
async function refusal(open: () => Promise<unknown>): Promise<string> {
  const err = await open().then(
    () => null,
    (e: unknown) => e,
  );
  if (err instanceof ImportFileError) return err.code;
  throw new Error(`expected an ImportFileError, got ${String(err)}`);
}

async function readThrough(path: string): Promise<void> {
  for await (const _ of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    // the bytes only
  }
}

/** B11d: a 200 MB CSV whose second line never ends, refused by the line guard; baseline: reading the file through. */
async function hugeLine(): Promise<void> {
  const path = await generateOnce(cachedPath("huge-line", 200, "csv"), async (out) => {
    await out.write("name,notes\nA,");
    const block = "x".repeat(MB);
    for (let i = 0; i < 200; i++) await out.write(block);
    await out.write("\n");
  });
  const size = statSync(path).size;
  let bytesRead = 0;
  const runs = await alternate(RUNS, {
    ours: async () => {
      const reader = new CsvFileReader(path, "csv", size, resolveLimits());
      if ((await refusal(() => reader.open())) !== "line_too_long") throw new Error("expected line_too_long");
      bytesRead = reader.progress().bytesRead;
    },
    bare: () => readThrough(path),
  });
  const [o, b] = [median(runs.ours), median(runs.bare)];
  record({
    id: "B11d",
    what: `CSV with a 200 MB line, refused by the 1 MiB line limit (median of ${RUNS})`,
    backend: "-",
    ours: `line_too_long in ${ms(o)} after reading ${(bytesRead / MB).toFixed(2)} MB of ${(size / MB).toFixed(0)} MB`,
    baseline: `${ms(b)} to read the file through (256 KB reads, nothing parsed)`,
    ratio: `${(o / b).toFixed(3)}× — ${verdict(o < 2000 && bytesRead <= MB + 256 * 1024, "< 2 s, ≤ 1 MiB + one read")}`,
    goal: "refused within one 256 KB read past the limit; < 2 s",
    command: benchCommand("B11", []),
  });
}

/** B11e: elements of distinct names under the root, refused past 500 fields; linear in the elements, and saxes alone. */
async function distinctElements(): Promise<void> {
  const write = (n: number) =>
    generateOnce(cachedPath("distinct-elements", n, "xml"), async (out) => {
      await out.write("<root>");
      for (let i = 0; i < n; i += 1000) {
        await out.write(Array.from({ length: Math.min(1000, n - i) }, (_, k) => `<a${i + k}>1</a${i + k}>`).join(""));
      }
      await out.write("</root>");
    });
  const [small, large] = [await write(100_000), await write(200_000)];
  const ours = (path: string) => async () => {
    if ((await refusal(() => openImportFile(path, "xml"))) !== "too_many_columns") throw new Error("expected too_many_columns");
  };
  const saxes = async () => {
    const parser = new SaxesParser({ xmlns: false, position: true });
    let events = 0;
    parser.on("opentag", () => void events++);
    parser.on("text", () => void events++);
    parser.on("closetag", () => void events++);
    for await (const chunk of createReadStream(small, { highWaterMark: 256 * 1024, encoding: "utf8" })) parser.write(chunk as string);
    parser.close();
  };
  const runs = await alternate(RUNS, { small: ours(small), large: ours(large), saxes });
  const [s, l, b] = [median(runs.small), median(runs.large), median(runs.saxes)];
  const growth = l / s;
  record({
    id: "B11e",
    what: `XML with 100,000 and 200,000 distinct elements under the root, refused past 500 fields (median of ${RUNS})`,
    backend: "-",
    ours: `100k: ${ms(s)}; 200k: ${ms(l)} (${growth.toFixed(2)}× for 2× the elements)`,
    baseline: `${ms(b)} saxes alone on the 100k file (events counted, nothing kept)`,
    ratio: `${(s / b).toFixed(2)}× saxes — ${verdict(growth <= 2.5 && s < 3000, "2× elements ≤ 2.5× time, 100k < 3 s")}`,
    goal: "linear: 2× the elements ≤ 2.5× the time; 100k < 3 s",
    command: benchCommand("B11", []),
  });
}

/** B11f: a workbook whose sheet declares more than the budget, refused before inflating; baseline: inflating it. */
async function declaredBomb(rows: number): Promise<void> {
  const path = await cleanXlsx(rows);
  const size = statSync(path).size;
  let inflated = 0;
  const runs = await alternate(RUNS, {
    ours: async () => {
      const code = await refusal(() => openImportFile(path, "xlsx", { maxUncompressedBytes: MB }));
      if (code !== "zip_bomb") throw new Error(`expected zip_bomb, got ${code}`);
    },
    inflate: async () => {
      const zip = await ZipArchive.open(path, size, Number.POSITIVE_INFINITY);
      inflated = 0;
      for await (const chunk of zip.stream(zip.get("xl/worksheets/sheet1.xml")!)) inflated += chunk.length;
    },
  });
  const [o, b] = [median(runs.ours), median(runs.inflate)];
  record({
    id: "B11f",
    size: sizeLabel(rows),
    what: `XLSX whose sheet (${sizeLabel(rows)} rows, ${(inflated / MB).toFixed(0)} MB inflated) declares more than a 1 MB budget (median of ${RUNS})`,
    backend: "-",
    ours: `zip_bomb in ${ms(o)}, on the sizes the zip declares`,
    baseline: `${ms(b)} to inflate the sheet alone (nothing parsed)`,
    ratio: `${(o / b).toFixed(3)}× — ${verdict(o < 1000, "< 1 s")}`,
    goal: "refused before inflating; < 1 s",
    command: benchCommand("B11", ["--rows", sizeLabel(rows)]),
  });
}

export async function fileGuardsBench(options: BenchOptions): Promise<void> {
  await hugeLine();
  await distinctElements();
  await declaredBomb(options.rows);
}
