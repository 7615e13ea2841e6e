import { cleanCsv } from "../lead-files/clean-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { copyBaseline } from "./copy-baseline";
import { type ImportFigures, importFigures, millis, perSecond, rss, seconds, slowest, verdict } from "./figures";
import { expectCounts, type FileImportResult, importFile } from "./file-import";
import { importTeam } from "./import-team";
import { saveWrittenRows, schemaCopyBaseline } from "./schema-copy-baseline";

export interface CsvImportFigures extends ImportFigures {
  copyMs: number;
  copyRowsPerSecond: number;
  /** The same-schema COPY (PostgreSQL only): the import's own rows into the four tables with their indexes. */
  schemaCopyMs: number | null;
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
  const schemaCopies: number[] = [];
  for (let run = 1; run <= runs; run++) {
    // The baseline gets its own database, so neither measurement inherits the other's garbage or cache state.
    copies.push(await withFreshDatabase((database) => copyBaseline(database, file)));
    await withFreshDatabase(async (database) => {
      const target = await importTeam(database);
      const r = await importFile(target, file);
      expectCounts("B1 clean CSV", r.counts, { processed: rows, unique: rows, duplicates: 0, failed: 0, skipped: 0 });
      results.push(r);
      if (database.kind === "postgres") {
        const written = await saveWrittenRows(database, target.ctx.teamId);
        try {
          schemaCopies.push(await schemaCopyBaseline(written));
        } finally {
          written.remove();
        }
      }
      const schema = schemaCopies.length === run ? `, same-schema COPY ${seconds(schemaCopies.at(-1)!)}` : "";
      console.log(`  B1 run ${run}/${runs}: ${seconds(r.ms)}, COPY ${seconds(copies.at(-1)!)}${schema}, peak RSS ${r.peakRssMb} MB`);
    });
  }
  const copyMs = median(copies);
  const schemaCopyMs = schemaCopies.length ? median(schemaCopies) : null;
  return { ...importFigures(rows, results), copyMs, copyRowsPerSecond: (rows / copyMs) * 1000, schemaCopyMs };
}

/** B1: CSV import end to end against raw COPY of the same file into an identically indexed table. */
export async function csvImportBench(options: BenchOptions): Promise<void> {
  const f = await measureCsvImport(options);
  const ratio = f.rowsPerSecond / f.copyRowsPerSecond;
  const schemaRatio = f.schemaCopyMs === null ? null : f.schemaCopyMs / f.ms;
  const big = options.rows >= 1_000_000;
  record({
    id: "B1",
    size: sizeLabel(options.rows),
    what: `CSV import, ${sizeLabel(options.rows)} new leads, upload → lead sync done (median of ${f.runs})`,
    backend: backendName(),
    ours: `${seconds(f.ms)} (${perSecond(f.rowsPerSecond)}); first progress ${millis(f.firstEventMs)} (first rows merged ${millis(f.firstRowsMs)}); ${rss(f)}; ${slowest(f)}`,
    baseline:
      `raw COPY into one indexed table ${seconds(f.copyMs)} (${perSecond(f.copyRowsPerSecond)})` +
      (f.schemaCopyMs === null ? "" : `; same-schema COPY of the import's rows ${seconds(f.schemaCopyMs)}`),
    ratio: `${ratio.toFixed(2)}${schemaRatio === null ? "" : ` (${schemaRatio.toFixed(2)} of same-schema COPY)`} — ${verdict({
      "≥ 0.5 of COPY": ratio >= 0.5,
      ...(schemaRatio === null ? {} : { "≥ 0.8 of same-schema COPY": schemaRatio >= 0.8 }),
      ...(big ? { "< 60 s": f.ms < 60_000 } : {}),
      "first progress < 2 s": (f.firstEventMs ?? Infinity) < 2000,
      "RSS < 512 MB": f.peakRssMb < 512,
    })}`,
    goal: "≥ 0.5 of COPY rows/s (stretch 0.7), ≥ 0.8 of same-schema COPY; 1M < 60 s; first progress < 2 s; RSS < 512 MB",
    command: benchCommand("B1", ["--rows", sizeLabel(options.rows), "--runs", options.runs]),
    figures: { rows: options.rows, ...f },
  });
}
