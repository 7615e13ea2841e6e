import { CITIES } from "../lead-files/people";
import { cleanXlsx } from "../lead-files/xlsx-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { measureCsvImport } from "./csv-import";
import { importFigures, millis, perSecond, rss, seconds, verdict } from "./figures";
import { expectCounts, type FileImportResult, importFile } from "./file-import";
import { importTeam } from "./import-team";
import { storedValues } from "./stored-values";

/** Stored as numbers with a "00000" format in the workbook: they must come back as written in the CSV. */
const ZIPS_WITH_LEADING_ZERO = CITIES.map(([, zip]) => zip).filter((zip) => zip.startsWith("0"));

/** B3: the clean data as an Excel-style .xlsx (shared strings, "00000" zip format), against B1's CSV of the same run. */
export async function xlsxImportBench(options: BenchOptions): Promise<void> {
  const { rows, runs } = options;
  const b1 = await measureCsvImport(options);
  const file = await cleanXlsx(rows);
  const results: FileImportResult[] = [];
  for (let run = 1; run <= runs; run++) {
    await withFreshDatabase(async (database) => {
      const target = await importTeam(database);
      const r = await importFile(target, file);
      expectCounts("B3 XLSX", r.counts, { processed: rows, unique: rows, duplicates: 0, failed: 0, skipped: 0 });
      const zeros = ZIPS_WITH_LEADING_ZERO;
      const kept = await storedValues(database, target.ctx.teamId, zeros);
      if (kept.size !== zeros.length) throw new Error(`B3 XLSX: zip codes lost their leading zero (found ${[...kept].join(", ")})`);
      results.push(r);
      console.log(`  B3 run ${run}/${runs}: ${seconds(r.ms)}, peak RSS ${r.peakRssMb} MB`);
    });
  }
  const f = importFigures(rows, results);
  const share = f.rowsPerSecond / b1.rowsPerSecond;
  record({
    id: "B3",
    size: sizeLabel(rows),
    what: `XLSX import (streaming), ${sizeLabel(rows)} new leads, same data as B1 (median of ${f.runs})`,
    backend: backendName(),
    ours: `${seconds(f.ms)} (${perSecond(f.rowsPerSecond)}); first progress ${millis(f.firstEventMs)}; ${rss(f)}`,
    baseline: `B1 CSV ${seconds(b1.ms)} (${perSecond(b1.rowsPerSecond)})`,
    ratio: `${share.toFixed(2)} of CSV rows/s — ${verdict({ "≥ 0.3 of CSV": share >= 0.3, "RSS < 1 GB": f.peakRssMb < 1024 })}`,
    goal: "≥ 0.3 of CSV rows/s; RSS < 1 GB",
    command: benchCommand("B3", ["--rows", sizeLabel(rows), "--runs", runs]),
    figures: { rows, ...f, b1Ms: b1.ms },
  });
}
