import { cleanCsv } from "../lead-files/clean-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { copyBaseline } from "./copy-baseline";
import { type ImportFigures, importFigures, millis, perSecond, rss, seconds, verdict } from "./figures";
import { expectCounts, type FileImportResult, importFile } from "./file-import";
import { importTeam } from "./import-team";

export interface CsvImportFigures extends ImportFigures {
  copyMs: number;
  copyRowsPerSecond: number;
}

const measured = new Map<string, Promise<CsvImportFigures>>();

/**
 * B1 as the others' baseline: measured once per process and size, so `npm run bench` (or `-- B1 B1d`) compares
 * B1d, B2 and B3 with the B1 of the same run.
 */
export function measureCsvImport(options: BenchOptions): Promise<CsvImportFigures> {
  const key = `${options.rows}/${options.runs}`;
  let m = measured.get(key);
  if (!m) {
    m = measureOnce(options);
    measured.set(key, m);
  }
  return m;
}

/** Rows of the untimed import that runs first, so the first timed run does not pay for module loading and JIT. */
const WARM_UP_ROWS = 2000;

async function measureOnce({ rows, runs }: BenchOptions): Promise<CsvImportFigures> {
  const file = await cleanCsv(rows);
  const warmUp = await cleanCsv(WARM_UP_ROWS);
  await withFreshDatabase(async (database) => {
    await copyBaseline(database, warmUp);
    await importFile(await importTeam(database), warmUp);
  });
  const results: FileImportResult[] = [];
  const copies: number[] = [];
  for (let run = 1; run <= runs; run++) {
    // The baseline gets its own database, so neither measurement inherits the other's garbage or cache state.
    copies.push(await withFreshDatabase((database) => copyBaseline(database, file)));
    await withFreshDatabase(async (database) => {
      const target = await importTeam(database);
      const r = await importFile(target, file);
      expectCounts("B1 clean CSV", r.counts, { processed: rows, unique: rows, duplicates: 0, failed: 0, skipped: 0 });
      results.push(r);
      console.log(`  B1 run ${run}/${runs}: ${seconds(r.ms)}, COPY ${seconds(copies.at(-1)!)}, peak RSS ${r.peakRssMb} MB`);
    });
  }
  const copyMs = median(copies);
  return { ...importFigures(rows, results), copyMs, copyRowsPerSecond: (rows / copyMs) * 1000 };
}

/** B1: CSV import end to end against raw COPY of the same file into an identically indexed table. */
export async function csvImportBench(options: BenchOptions): Promise<void> {
  const f = await measureCsvImport(options);
  const ratio = f.rowsPerSecond / f.copyRowsPerSecond;
  const big = options.rows >= 1_000_000;
  record({
    id: "B1",
    size: sizeLabel(options.rows),
    what: `CSV import, ${sizeLabel(options.rows)} new leads, upload → lead sync done (median of ${f.runs})`,
    backend: backendName(),
    ours: `${seconds(f.ms)} (${perSecond(f.rowsPerSecond)}); first progress ${millis(f.firstEventMs)} (first rows merged ${millis(f.firstRowsMs)}); ${rss(f)}`,
    baseline: `raw COPY ${seconds(f.copyMs)} (${perSecond(f.copyRowsPerSecond)})`,
    ratio: `${ratio.toFixed(2)} — ${verdict({
      "≥ 0.5 of COPY": ratio >= 0.5,
      ...(big ? { "< 60 s": f.ms < 60_000 } : {}),
      "first progress < 2 s": (f.firstEventMs ?? Infinity) < 2000,
      "RSS < 512 MB": f.peakRssMb < 512,
    })}`,
    goal: "≥ 0.5 of COPY rows/s (stretch 0.7); 1M < 60 s; first progress < 2 s; RSS < 512 MB",
    command: benchCommand("B1", ["--rows", sizeLabel(options.rows), "--runs", options.runs]),
    figures: { rows: options.rows, ...f },
  });
}
