import { dirtyCsv } from "../lead-files/dirty-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { measureCsvImport } from "./csv-import";
import { checkDirtyImport } from "./dirty-check";
import { importFigures, millis, rss, seconds, slowest, verdict } from "./figures";
import { type FileImportResult, importFile } from "./file-import";
import { importTeam } from "./import-team";

/** The Windows-1251 file is a correctness check (detection, Cyrillic names), not timed: this many rows at most. */
const CP1251_ROWS = 10_000;

/**
 * B1d: the dirty file (bad phones, case/blank duplicates, BOM, CRLF, quoted line breaks, UTF-8 names, ragged
 * rows) against B1 of the same run and size; every run checks each bad row was reported with its reason. The
 * first run also imports the Windows-1251 variant and checks it the same way.
 */
export async function dirtyImportBench(options: BenchOptions): Promise<void> {
  const { rows, runs } = options;
  const b1 = await measureCsvImport(options);
  const dirty = await dirtyCsv(rows);
  const cp1251 = await dirtyCsv(Math.min(rows, CP1251_ROWS), "windows-1251");
  const results: FileImportResult[] = [];
  for (let run = 1; run <= runs; run++) {
    await withFreshDatabase(async (database) => {
      const target = await importTeam(database);
      const r = await importFile(target, dirty.path);
      await checkDirtyImport("B1d dirty CSV (UTF-8)", target, r.importId, dirty.expected);
      results.push(r);
      console.log(`  B1d run ${run}/${runs}: ${seconds(r.ms)}, checked ${dirty.expected.failures.length} failed rows`);
      if (run === 1) {
        const other = await importTeam(database);
        const c = await importFile(other, cp1251.path);
        await checkDirtyImport("B1d dirty CSV (Windows-1251)", other, c.importId, cp1251.expected);
        console.log(`  B1d Windows-1251 variant (${cp1251.expected.processed} rows): checked`);
      }
    });
  }
  const f = importFigures(rows, results);
  const times = f.ms / b1.ms;
  const e = dirty.expected;
  record({
    id: "B1d",
    size: sizeLabel(rows),
    what: `dirty CSV import, ${sizeLabel(rows)} rows (${e.unique} new, ${e.duplicates} duplicates, ${e.failed} failed; median of ${f.runs}), every failure checked; plus a Windows-1251 file`,
    backend: backendName(),
    ours: `${seconds(f.ms)}; first progress ${millis(f.firstEventMs)}; ${rss(f)}; all ${e.failed} bad rows reported with their reason; ${slowest(f)}`,
    baseline: `B1 ${seconds(b1.ms)}`,
    ratio: `${times.toFixed(2)}× B1 — ${verdict({ "≤ 1.3× B1": times <= 1.3 })}`,
    goal: "≤ 1.3× B1 time; every bad row reported with its reason",
    command: benchCommand("B1d", ["--rows", sizeLabel(rows), "--runs", runs]),
    figures: { rows, ...f, b1Ms: b1.ms, expected: { ...e, failures: e.failures.length, names: e.names.length } },
  });
}
