/**
 * Throughput check (not a test): `npx tsx packages/domain/src/imports/parsers/parse-throughput.script.ts [rows]`.
 * Writes generated files to /tmp, then parses each in a fresh child process so peak RSS is per parser:
 * our CSV reader against papaparse streaming the same file (the reference the architecture quotes), our XLSX
 * reader against exceljs's streaming WorkbookReader, and phone/email normalisation against a bare libphonenumber call.
 */
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const isChild = process.argv[2] === "--child";
const rows = Number(process.argv[isChild ? 4 : 2]) || 1_000_000;
const csvPath = `/tmp/leadflow-throughput-${rows}.csv`;
const xlsxRows = Math.min(rows, 200_000);
const xlsxPath = `/tmp/leadflow-throughput-${xlsxRows}.xlsx`;

const firstNames = ["John", "Mary", "José", "Анна", "Wei", "Fatima", "Olivia", "Liam", "Noah", "Emma"];
const cities = ["Austin", "Boston", "Chicago", "Denver", "El Paso", "Fresno", "Miami", "Tampa"];
function row(i: number): string[] {
  const n = firstNames[i % firstNames.length]!;
  const phone = `+1${212 + (i % 700)}${String(2_000_000 + ((i * 7919) % 7_999_999)).padStart(7, "0")}`;
  return [n, `Smith${i}`, phone, `${n.toLowerCase()}.${i}@example.com`, cities[i % cities.length]!, "TX", String(10_000 + (i % 89_999))];
}

async function writeCsv(): Promise<void> {
  if (existsSync(csvPath)) return;
  const out = createWriteStream(csvPath);
  out.write("First Name,Last Name,Phone,Email,City,State,Zip\n");
  let buf = "";
  for (let i = 0; i < rows; i++) {
    const r = row(i);
    if (i % 10 === 0) r[4] = `"${r[4]}, ""Downtown"""`;
    buf += `${r.join(",")}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, "drain");
      buf = "";
    }
  }
  out.end(buf);
  await once(out, "finish");
}

async function writeXlsx(): Promise<void> {
  if (existsSync(xlsxPath)) return;
  const { default: ExcelJS } = await import("exceljs");
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxPath, useSharedStrings: true });
  const ws = wb.addWorksheet("Leads");
  ws.addRow(["First Name", "Last Name", "Phone", "Email", "City", "State", "Zip"]).commit();
  for (let i = 0; i < xlsxRows; i++) {
    const r: (string | number)[] = row(i);
    r[2] = Number(String(r[2]).slice(1));
    ws.addRow(r).commit();
  }
  ws.commit();
  await wb.commit();
}

async function measure(mode: string): Promise<{ rows: number; ms: number }> {
  const t0 = performance.now();
  let n = 0;
  if (mode === "ours-csv" || mode === "ours-xlsx") {
    const { openImportFile } = await import("./open-import-file");
    const reader = await openImportFile(mode === "ours-csv" ? csvPath : xlsxPath, mode === "ours-csv" ? "csv" : "xlsx");
    for await (const batch of reader.rows()) n += batch.length;
  } else if (mode === "papaparse") {
    const { default: Papa } = await import("papaparse");
    await new Promise<void>((resolve, reject) => {
      Papa.parse(createReadStream(csvPath), {
        header: false,
        chunk: (r: { data: unknown[] }) => {
          n += r.data.length;
        },
        complete: () => resolve(),
        error: reject,
      });
    });
    n -= 1;
  } else if (mode === "exceljs") {
    const { default: ExcelJS } = await import("exceljs");
    const wb = new ExcelJS.stream.xlsx.WorkbookReader(xlsxPath, { sharedStrings: "cache", styles: "cache" });
    for await (const ws of wb) for await (const _ of ws) n++;
    n -= 1;
  } else if (mode === "phones-raw" || mode === "phones-ours" || mode === "emails") {
    const { parsePhoneNumberFromString } = await import("libphonenumber-js/max");
    const { normalizePhone, normalizeEmail } = await import("../../contacts");
    const samples = Array.from({ length: 1000 }, (_, i) => {
      const r = row(i);
      return [r[2]!, `(${r[2]!.slice(2, 5)}) ${r[2]!.slice(5, 8)}-${r[2]!.slice(8)}`, "555.123.4567", "1-800-FLOWERS", r[3]!][i % 5]!;
    });
    const total = 300_000;
    for (let i = 0; i < total; i++) {
      const s = samples[i % samples.length]!;
      if (mode === "phones-raw") parsePhoneNumberFromString(s, "US")?.isValid();
      else if (mode === "phones-ours") normalizePhone(s);
      else normalizeEmail(s);
    }
    n = total;
  }
  return { rows: n, ms: performance.now() - t0 };
}

if (isChild) {
  const mode = process.argv[3]!;
  const { rows: n, ms } = await measure(mode);
  const rss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(
    JSON.stringify({ mode, rows: n, ms: Math.round(ms), rowsPerSec: Math.round(n / (ms / 1000)), peakRssMb: Math.round(rss / 2 ** 20) }),
  );
} else {
  await writeCsv();
  await writeXlsx();
  console.log(`CSV ${csvPath}: ${rows.toLocaleString()} rows, ${(statSync(csvPath).size / 2 ** 20).toFixed(0)} MB`);
  console.log(`XLSX ${xlsxPath}: ${xlsxRows.toLocaleString()} rows, ${(statSync(xlsxPath).size / 2 ** 20).toFixed(0)} MB`);
  for (const mode of ["ours-csv", "papaparse", "ours-xlsx", "exceljs", "phones-raw", "phones-ours", "emails"]) {
    const out = execFileSync(process.execPath, ["--import", "tsx", self, "--child", mode, String(rows)], { encoding: "utf8" });
    const r = JSON.parse(out) as { rowsPerSec: number; peakRssMb: number; ms: number; rows: number };
    console.log(
      `${mode.padEnd(12)} ${String(r.rows).padStart(9)} rows  ${String(r.ms).padStart(6)} ms  ${String(r.rowsPerSec).padStart(9)} rows/s  peak RSS ${r.peakRssMb} MB`,
    );
  }
}
