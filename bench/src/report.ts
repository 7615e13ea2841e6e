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
}

const root = join(import.meta.dirname, "../..");

/** Appends the JSON line to bench/results and rewrites the row for this id (and backend) in docs/benchmarks.md. */
export function record(result: BenchResult): void {
  mkdirSync(join(root, "bench/results"), { recursive: true });
  appendFileSync(join(root, "bench/results/results.jsonl"), `${JSON.stringify({ ...result, at: new Date().toISOString() })}\n`);
  const doc = join(root, "docs/benchmarks.md");
  const header = [
    "# Benchmarks",
    "",
    "Written by `npm run bench`; each row is the latest run of that benchmark on that backend. Figures are medians of",
    "several runs on the machine that ran them, with the baseline measured in the same run (see ../shared/BENCHMARKS.md",
    "for the targets). Raw lines: `bench/results/results.jsonl`.",
    "",
    "| id | what | backend | ours | baseline (same run) | ratio | goal | command |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const rows = new Map<string, string>();
  if (existsSync(doc)) {
    for (const line of readFileSync(doc, "utf8").split("\n")) {
      const m = /^\| (\S+) \| .*? \| (\S+) \|/.exec(line);
      if (m && m[1] !== "id" && !line.startsWith("|---")) rows.set(`${m[1]}/${m[2]}`, line);
    }
  }
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  rows.set(
    `${result.id}/${result.backend}`,
    `| ${result.id} | ${cell(result.what)} | ${result.backend} | ${cell(result.ours)} | ${cell(result.baseline)} | ${result.ratio} | ${cell(result.goal)} | \`${result.command}\` |`,
  );
  const sorted = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true })).map(([, v]) => v);
  writeFileSync(doc, `${[...header, ...sorted].join("\n")}\n`);
  console.log(
    `${result.id} [${result.backend}] ours ${result.ours} · baseline ${result.baseline} · ratio ${result.ratio} (goal ${result.goal})`,
  );
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
