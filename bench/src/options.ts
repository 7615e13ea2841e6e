const PARTS = ["lookups", "sends", "file-import", "throughput", "pacing", "workers", "takeover"] as const;

/** Command-line options shared by the benchmarks: `npm run bench -- B1 B2 --rows 100k --runs 3`. */
export interface BenchOptions {
  /** Leads per generated file (10k, 100k, 1M). */
  rows: number;
  /** Whether `--rows` was given (S2's file import has a default of its own). */
  rowsGiven?: boolean;
  /** Runs per figure (the median is reported); by default 3 up to 100k rows, 1 above. */
  runs: number;
  /** B4: seconds of load and requests per second. */
  durationSeconds: number;
  rate: number;
  /** L1: the lookup gateway's rate limit, requests per second. */
  lookupRate: number;
  /** S2: worker processes beside its two api processes (default 2). */
  workers: number;
  /**
   * F16: only its `lookups` or its `sends` part (default both); S2: only its `file-import` case (default all); B9: only
   * its `throughput`, its one-worker `pacing`, its three-worker pacing (`workers`) or its `takeover` rows.
   */
  part?: (typeof PARTS)[number];
}

export function parseArgs(argv: string[]): { ids: string[]; options: BenchOptions } {
  const ids: string[] = [];
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) {
      ids.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split("=", 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    values.set(name, value);
  }
  const known = ["rows", "runs", "duration", "rate", "lookup-rate", "part", "workers"];
  const unknown = [...values.keys()].filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`Unknown option(s): ${unknown.map((k) => `--${k}`).join(", ")}. Known: --${known.join(", --")}`);
  const rows = count(values.get("rows") ?? "100k");
  const part = values.get("part") as BenchOptions["part"] | undefined;
  if (part !== undefined && !PARTS.includes(part))
    throw new Error(`--part is lookups, sends (F16), file-import (S2), throughput, pacing, workers or takeover (B9), not ${part}`);
  return {
    ids,
    options: {
      rows,
      rowsGiven: values.has("rows"),
      runs: values.has("runs") ? count(values.get("runs")!) : rows <= 100_000 ? 3 : 1,
      durationSeconds: count(values.get("duration") ?? "60"),
      rate: count(values.get("rate") ?? "200"),
      lookupRate: count(values.get("lookup-rate") ?? "1000"),
      workers: count(values.get("workers") ?? "2"),
      ...(part ? { part } : {}),
    },
  };
}

/** "100000", "100k", "1M", "1_000_000". */
function count(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.replaceAll("_", ""));
  if (!m) throw new Error(`Not a count: ${text}`);
  const n = Number(m[1]) * (m[2] ? (m[2].toLowerCase() === "k" ? 1e3 : 1e6) : 1);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Not a positive whole count: ${text}`);
  return n;
}

/** 10000 → "10k", 1000000 → "1M". */
export function sizeLabel(rows: number): string {
  if (rows >= 1e6 && rows % 1e5 === 0) return `${rows / 1e6}M`;
  if (rows >= 1e3 && rows % 100 === 0) return `${rows / 1e3}k`;
  return String(rows);
}

/** The command that reproduces a figure, as recorded in docs/benchmarks.md. */
export function benchCommand(id: string, args: (string | number)[]): string {
  const env = process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL=postgres://… " : "";
  return `${env}npm run bench -- ${[id, ...args].join(" ")}`;
}
