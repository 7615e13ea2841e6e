/**
 * Measurement of the import pipeline (not a test, not yet a registered benchmark):
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/src/imports-measure.ts 100000 1000000
 * For each size: generates a deterministic CSV, measures raw COPY of it into an identically indexed table (the
 * baseline), then our import end to end (upload → mapping → parse → normalise → stage → merge → sync) on a fresh
 * team, then re-imports it (all duplicates). Prints time, rows/s, the ratio, peak RSS and CPU seconds.
 *
 * On PostgreSQL the import job runs in a child process of its own, as in a worker: its peak RSS is the import's,
 * not this script's (which holds the generator, the baseline and the upload). Embedded (no TEST_DATABASE_URL) it
 * runs in this process, since PGlite lives here; the RSS then includes the database.
 *
 * Options (environment): MEASURE_PROFILE=1 times every statement by its first words; MEASURE_EXPLAIN=<ms> prints
 * the plan of every statement slower than that (auto_explain; PostgreSQL, superuser); MEASURE_ROUNDS=new limits
 * the rounds. For the import process (PostgreSQL): MEASURE_MEMORY=1 prints its memory at the RSS peak,
 * MEASURE_SNAPSHOT=<MB> writes a heap snapshot when its heap passes that, MEASURE_NODE_FLAGS passes Node flags
 * (e.g. "--trace-gc").
 */
import { execFileSync, spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { type Database, openDb } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import {
  createAttributes,
  createImport,
  dispatchImport,
  type JobSender,
  runImport,
  storeUpload,
  syncImportAttributes,
} from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

const self = fileURLToPath(import.meta.url);
const workDir = join(tmpdir(), "leadflow-bench");

// ---------------------------------------------------------------------------------------------------------------
// Diagnostics: statement timings and slow plans.

/** Wall time per statement as this process sees it (by its first words), so it includes the round trip. */
const profile = new Map<string, { n: number; ms: number }>();

function profileQueries(): void {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === "string" ? q : (q as { text?: string } | null)?.text;
    const result = original.apply(this, args);
    if (typeof text !== "string" || !(result instanceof Promise)) return result;
    const key = text.replace(/\s+/g, " ").trim().slice(0, 110);
    const t = performance.now();
    const done = () => {
      const e = profile.get(key) ?? { n: 0, ms: 0 };
      e.n++;
      e.ms += performance.now() - t;
      profile.set(key, e);
    };
    result.then(done, done);
    return result;
  };
}

function printProfile(): void {
  const top = [...profile.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30);
  for (const [key, e] of top) if (e.ms >= 10) console.log(`${e.ms.toFixed(0).padStart(7)} ms ${String(e.n).padStart(5)}x  ${key}`);
  profile.clear();
}

/** Every statement slower than `minMs` prints its plan with actual times (auto_explain, sent here as a notice). */
function explainSlowStatements(database: Database, minMs: number): void {
  const ready = new WeakSet<object>();
  database.pool?.on("acquire", (client) => {
    if (ready.has(client)) return;
    ready.add(client);
    client.on("notice", (n) => {
      if (String(n.message).includes("duration")) console.log(String(n.message).slice(0, 8000));
    });
    void client.query(
      `LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${minMs}; SET auto_explain.log_analyze = on;
       SET auto_explain.log_nested_statements = on; SET client_min_messages = log`,
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Resources: CPU seconds (this process, the database backends) and peak RSS.

/**
 * CPU seconds spent by the PostgreSQL backends serving the test database (from /proc: Linux only; a backend's
 * title names its database). On a shared machine wall time swings with other people's load; CPU time per row
 * is the steadier figure for comparing two versions of the code.
 */
function backendCpu(dbName: string | undefined) {
  const seen = new Map<number, number>();
  const sample = () => {
    if (!dbName || !existsSync("/proc")) return;
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, "latin1").includes(` ${dbName} `)) continue;
        const fields = readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1]!.split(" ");
        seen.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // The process ended between listing and reading.
      }
    }
  };
  sample();
  const start = new Map(seen);
  const timer = setInterval(sample, 500);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, s] of seen) total += s - (start.get(pid) ?? 0);
      return total;
    },
  };
}

/** Peak RSS of this process while something runs (sampled every 100 ms), in MB. */
function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return {
    stop(): number {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage().rss) / 1048576);
    },
  };
}

interface JobRun {
  ms: number;
  /** CPU seconds of the process that ran the job (all its threads). */
  cpu: number;
  /** Peak RSS of that process, MB. */
  rssMb: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The job, in a child process (PostgreSQL) or here (PGlite).

const noLive = { toUser: async () => undefined, toTeam: async () => undefined };
const outbox = { driver: "outbox" as const, from: "bench@leadflow.test" };

/** Child mode: run one import job against the given database and print what it cost as one JSON line. */
async function childRun(url: string, importId: number, teamId: number): Promise<void> {
  if (process.env.MEASURE_PROFILE) profileQueries();
  const database = await openDb({ databaseUrl: url, poolSize: 4 });
  if (process.env.MEASURE_EXPLAIN) explainSlowStatements(database, Number(process.env.MEASURE_EXPLAIN));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let peak: NodeJS.MemoryUsage | undefined;
  let snapped = false;
  const memTimer = process.env.MEASURE_MEMORY
    ? setInterval(() => {
        const m = process.memoryUsage();
        if (!peak || m.rss > peak.rss) peak = m;
        if (process.env.MEASURE_SNAPSHOT && m.heapUsed > Number(process.env.MEASURE_SNAPSHOT) * 1048576 && !snapped) {
          snapped = true;
          console.log(`heap snapshot: ${v8.writeHeapSnapshot(join(workDir, "import.heapsnapshot"))}`);
        }
      }, 100)
    : undefined;
  await runImport({ database, live: noLive, mail: outbox, log: () => undefined }, { importId, teamId });
  clearInterval(memTimer);
  if (peak)
    console.log(
      `memory at the peak (MB): ${JSON.stringify(Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, Math.round(v / 1048576)])))}`,
    );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (process.env.MEASURE_PROFILE) printProfile();
  await database.close();
  const run: JobRun = { ms, cpu: (cpu.user + cpu.system) / 1e6, rssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
  console.log(`RESULT ${JSON.stringify(run)}`);
}

async function runJob(database: Database, job: { importId: number; teamId: number }): Promise<JobRun> {
  if (database.kind === "pglite") {
    const rss = rssSampler();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await runImport({ database, live: noLive, mail: outbox, log: () => undefined }, job);
    const cpu = process.cpuUsage(cpu0);
    return { ms: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1e6, rssMb: rss.stop() };
  }
  const url = database.pool!.options.connectionString!;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.MEASURE_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
      "--import",
      "tsx",
      self,
      "--run",
      url,
      String(job.importId),
      String(job.teamId),
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const result = /^RESULT (.*)$/m.exec(out);
  process.stdout.write(out.replace(/^RESULT .*\n?/m, ""));
  if (code !== 0 || !result) throw new Error(`The import process failed (exit ${code}).`);
  return JSON.parse(result[1]!) as JobRun;
}

// ---------------------------------------------------------------------------------------------------------------
// Data and baseline.

const AREAS = ["212", "312", "415", "646", "718", "202", "305", "404", "512", "617", "702", "713", "801", "919", "206", "303"];
const FIRST = ["Ann", "Bob", "Carl", "Dina", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"];
const CITIES = ["Austin", "Boston", "Chicago", "Denver", "Miami", "Seattle"];

function phone(i: number): string {
  const k = Math.floor(i / AREAS.length);
  return `(${AREAS[i % AREAS.length]}) ${200 + (Math.floor(k / 10000) % 800)}-${String(k % 10000).padStart(4, "0")}`;
}

async function generate(rows: number): Promise<string> {
  mkdirSync(workDir, { recursive: true });
  const path = join(workDir, `leads-${rows}-v2.csv`);
  if (existsSync(path)) return path;
  const out = createWriteStream(`${path}.tmp`);
  out.write("Phone,Email,First Name,Last Name,City,Zip\n");
  for (let i = 0; i < rows; i++) {
    const line = `${phone(i)},user${i}@example.com,${FIRST[i % 10]},Smith${i % 997},${CITIES[i % 6]},${String(10000 + (i % 89999))}\n`;
    if (!out.write(line)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((r) => out.end(r));
  execFileSync("mv", [`${path}.tmp`, path]);
  return path;
}

/** Raw COPY of the same file into a table indexed like the dedupe keys. */
async function baselineCopy(database: Database, file: string): Promise<number> {
  await database.query("DROP TABLE IF EXISTS bench_raw");
  await database.query("CREATE TABLE bench_raw (phone text, email text, first_name text, last_name text, city text, zip text)");
  await database.query("CREATE UNIQUE INDEX ON bench_raw (phone)");
  await database.query("CREATE UNIQUE INDEX ON bench_raw (email)");
  const t0 = performance.now();
  if (database.kind === "postgres") {
    const client = await database.pool!.connect();
    try {
      await pipeline(createReadStream(file), client.query(copyFrom("COPY bench_raw FROM STDIN WITH (FORMAT csv, HEADER true)")));
    } finally {
      client.release();
    }
  } else {
    await database.pglite!.query("COPY bench_raw FROM '/dev/blob' WITH (FORMAT csv, HEADER true)", [], {
      blob: new Blob([readFileSync(file)]),
    });
  }
  const ms = performance.now() - t0;
  await database.query("DROP TABLE bench_raw");
  return ms;
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const rounds = (process.env.MEASURE_ROUNDS ?? "new,re-import").split(",");
  const database = await createTestDatabase();
  const factory = makeFactory(database);
  const sent: { payload: unknown }[] = [];
  const jobs: JobSender = {
    async send(_job, payload) {
      sent.push({ payload });
      return "1";
    },
  };
  const dbName = database.kind === "postgres" ? new URL(database.pool!.options.connectionString!).pathname.slice(1) : undefined;
  try {
    for (const rows of sizes.length ? sizes : [100_000]) {
      const file = await generate(rows);
      const baseMs = await baselineCopy(database, file);
      const { ctx } = await factory.team();
      const source = await factory.source(ctx);
      const list = await factory.list(ctx, source.id);
      for (const round of rounds) {
        // Upload, mapping and dispatch here (what the API does), the job where a worker would run it.
        const t0 = performance.now();
        const upload = await storeUpload(workDir, ctx.teamId, "leads.csv", createReadStream(file), 2 ** 40);
        const answer = await createImport(database.db, ctx, upload, list.id);
        const created = await createAttributes(database.db, ctx, [
          { name: "First Name" },
          { name: "Last Name" },
          { name: "City" },
          { name: "Zip" },
        ]);
        const byName = new Map(created.map((a) => [a.name, a.id]));
        await syncImportAttributes(database.db, ctx, answer.data.id, {
          attributes: answer.mapping.map((m) => ({
            processing_document_attribute_id: m.processing_document_attribute_id,
            lead_attribute_id: m.lead_attribute_id ?? byName.get(m.heading) ?? null,
          })),
        });
        await dispatchImport(database.db, jobs, ctx, answer.data.id);
        const apiMs = performance.now() - t0;
        const dbCpu = backendCpu(dbName);
        const job = await runJob(database, sent.pop()!.payload as { importId: number; teamId: number });
        const dbSeconds = dbCpu.stop();
        const rec = (
          await database.query<Record<string, number | string>>(
            "SELECT status, processed_count, unique_count, duplicates_count, failed_count, message FROM imports WHERE id = $1",
            [answer.data.id],
          )
        ).rows[0];
        const ms = apiMs + job.ms;
        const ratio = baseMs / ms;
        console.log(
          `${database.kind} ${rows} rows ${round}: ${(ms / 1000).toFixed(1)} s (upload+mapping ${(apiMs / 1000).toFixed(1)} s, job ${(job.ms / 1000).toFixed(1)} s), ` +
            `${Math.round((rows / ms) * 1000)} rows/s; raw COPY ${(baseMs / 1000).toFixed(1)} s; ratio ${ratio.toFixed(2)}; ` +
            `peak RSS of the import process ${job.rssMb} MB; CPU job process ${job.cpu.toFixed(1)} s, database ${dbSeconds.toFixed(1)} s; ` +
            JSON.stringify(rec),
        );
      }
    }
  } finally {
    await database.close();
  }
}

if (process.argv[2] === "--run") {
  await childRun(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
} else {
  await main();
}
