import { cleanCsv, mixCsv, mixExpectation } from "../lead-files/clean-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { measureCsvImport } from "./csv-import";
import { type ImportFigures, importFigures, millis, rss, seconds, slowest, verdict } from "./figures";
import { expectCounts, type FileImportResult, importFile } from "./file-import";
import { importTeam } from "./import-team";

/**
 * B2: into a team that already holds the clean file's leads, the same file again (all duplicates: no new lead,
 * value or membership) and then the 50/50 file (half the people already there, under other phone formats and
 * capitalised emails with a new city; half new). Both against B1 of the same run and size.
 */
export async function reimportBench(options: BenchOptions): Promise<void> {
  const { rows, runs } = options;
  const b1 = await measureCsvImport(options);
  const clean = await cleanCsv(rows);
  const mix = await mixCsv(rows);
  const again: FileImportResult[] = [];
  const mixed: FileImportResult[] = [];
  for (let run = 1; run <= runs; run++) {
    await withFreshDatabase(async (database) => {
      const target = await importTeam(database);
      const first = await importFile(target, clean);
      expectCounts("B2 first import", first.counts, { unique: rows, duplicates: 0 });
      const a = await importFile(target, clean);
      expectCounts("B2 re-import", a.counts, { processed: rows, unique: 0, duplicates: rows, failed: 0 });
      const b = await importFile(target, mix);
      expectCounts("B2 50/50 mix", b.counts, { processed: rows, ...mixExpectation(rows), failed: 0 });
      again.push(a);
      mixed.push(b);
      console.log(`  B2 run ${run}/${runs}: first ${seconds(first.ms)}, re-import ${seconds(a.ms)}, 50/50 mix ${seconds(b.ms)}`);
    });
  }
  const write = (id: string, what: string, f: ImportFigures) => {
    const times = f.ms / b1.ms;
    record({
      id,
      size: sizeLabel(rows),
      what: `${what}, ${sizeLabel(rows)} rows (median of ${f.runs})`,
      backend: backendName(),
      ours: `${seconds(f.ms)}; first progress ${millis(f.firstEventMs)}; ${rss(f)}; ${slowest(f)}`,
      baseline: `B1 ${seconds(b1.ms)}`,
      ratio: `${times.toFixed(2)}× B1 — ${verdict({ "≤ 1.5× B1": times <= 1.5 })}`,
      goal: "≤ 1.5× B1 time",
      command: benchCommand("B2", ["--rows", sizeLabel(rows), "--runs", runs]),
      figures: { rows, ...f, b1Ms: b1.ms },
    });
  };
  write("B2a", "re-import of the same CSV, all duplicates", importFigures(rows, again));
  write("B2b", "50/50 new/existing CSV after it", importFigures(rows, mixed));
}
