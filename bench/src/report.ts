import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface BenchResult {
  id: string;
  what: string;
  ours: string;
  baseline: string;
  ratio: string;
  goal: string;
  command: string;
  backend: string;
  /** The data size ("100k"): rows of one benchmark at different sizes are kept side by side. */
  size?: string;
  /** Raw figures for bench/results/results.jsonl (each run's numbers, medians). */
  figures?: Record<string, unknown>;
}

const root = join(import.meta.dirname, "../..");

const header = [
  "# Benchmarks",
  "",
  "Written by `npm run bench`; each row is the latest run of that benchmark on that backend (and size). Figures are",
  "medians of several runs on the machine that ran them, with the baseline measured in the same run (the goal",
  "column holds each target). Raw lines, with every run's numbers: `bench/results/results.jsonl`.",
  "",
  "How to run: `npm run bench` runs every benchmark; `npm run bench -- B1 B3` runs those named. PostgreSQL when",
  "`TEST_DATABASE_URL` is set (each measurement gets a new database, dropped afterwards), else embedded PGlite.",
  "Options: `--rows 10k|100k|1M` (import benchmarks; default 100k), `--runs N` (default 3 up to 100k rows, 1 above),",
  "`--duration S --rate R` (B4; default 60 s at 200 requests/s). Generated files are cached in",
  "`$TMPDIR/leadflow-bench`, keyed by variant, size and generator version (`bench/src/lead-files/`). Ctrl-C drops the",
  "run's database and removes its uploads; what a killed run leaves (`leadflow_bench_{pid}_*` databases, upload",
  "folders) is removed by the next run.",
  "",
  "| id | what | backend | ours | baseline (same run) | ratio | goal | command |",
  "|---|---|---|---|---|---|---|---|",
];

/** Appends the JSON line to bench/results and rewrites this benchmark's row in docs/benchmarks.md. */
export function record(result: BenchResult): void {
  mkdirSync(join(root, "bench/results"), { recursive: true });
  appendFileSync(join(root, "bench/results/results.jsonl"), `${JSON.stringify({ ...result, at: new Date().toISOString() })}\n`);
  const doc = join(root, "docs/benchmarks.md");
  const rows = new Map<string, string>();
  // Everything after the table (sections other people write) is kept as it is.
  let rest: string[] = [];
  if (existsSync(doc)) {
    const lines = readFileSync(doc, "utf8").split("\n");
    const start = lines.findIndex((l) => l.startsWith("| id |"));
    let end = start;
    if (start >= 0) {
      for (end = start + 1; end < lines.length && lines[end]!.startsWith("|"); end++) {
        const cells = splitRow(lines[end]!);
        if (!lines[end]!.startsWith("|---") && cells.length > 3) rows.set(`${cells[0]}/${cells[2]}`, lines[end]!);
      }
      rest = lines.slice(end);
    }
  }
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const id = result.size ? `${result.id} (${result.size})` : result.id;
  rows.set(
    `${id}/${result.backend}`,
    `| ${id} | ${cell(result.what)} | ${result.backend} | ${cell(result.ours)} | ${cell(result.baseline)} | ${cell(result.ratio)} | ${cell(result.goal)} | \`${result.command}\` |`,
  );
  const sorted = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true })).map(([, v]) => v);
  while (rest.length && rest[rest.length - 1] === "") rest.pop();
  writeFileSync(doc, `${[...header, ...sorted, ...rest].join("\n")}\n`);
  console.log(`${id} [${result.backend}] ours ${result.ours} · baseline ${result.baseline} · ratio ${result.ratio} (goal ${result.goal})`);
}

/** The cells of a table row; `\|` is a pipe inside a cell. */
function splitRow(line: string): string[] {
  return line
    .slice(1, line.endsWith("|") ? -1 : undefined)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
