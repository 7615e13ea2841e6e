/**
 * Quick measurement of the import pipeline (not a test, not yet a registered benchmark):
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/src/imports-measure.ts 100000 1000000
 * For each size: generates a deterministic CSV, measures raw COPY of it into an identically indexed table
 * (the baseline), then our import end to end (upload → mapping → parse → normalise → stage → merge → sync) on
 * a fresh team, then re-imports it (all duplicates). Prints rows/s, the ratio and peak RSS.
 * Without TEST_DATABASE_URL it runs embedded (PGlite).
 */
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createTestDatabase } from "@leadflow/db/testing";
import {
  createAttributes,
  createImport,
  dispatchImport,
  type JobDeps,
  type JobSender,
  runImport,
  storeUpload,
  syncImportAttributes,
} from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { from as copyFrom } from "pg-copy-streams";

const AREAS = [
  "212",
  "312",
  "415",
  "646",
  "718",
  "202",
  "305",
  "404",
  "512",
  "617",
  "702",
  "713",
  "801",
  "919",
  "206",
  "303",
  "503",
  "602",
  "614",
  "704",
];
const FIRST = ["Ann", "Bob", "Carl", "Dina", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"];
const CITIES = ["Austin", "Boston", "Chicago", "Denver", "Miami", "Seattle"];

function phone(i: number): string {
  const k = Math.floor(i / AREAS.length);
  return `(${AREAS[i % AREAS.length]}) ${200 + (Math.floor(k / 10000) % 800)}-${String(k % 10000).padStart(4, "0")}`;
}

async function generate(rows: number): Promise<string> {
  const dir = join(tmpdir(), "leadflow-bench");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `leads-${rows}.csv`);
  const out = createWriteStream(path);
  out.write("Phone,Email,First Name,Last Name,City,Zip\n");
  for (let i = 0; i < rows; i++) {
    const line = `${phone(i)},user${i}@example.com,${FIRST[i % 10]},Smith${i % 997},${CITIES[i % 6]},${String(10000 + (i % 89999))}\n`;
    if (!out.write(line)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((r) => out.end(r));
  return path;
}

/** Peak RSS while an import runs (sampled), not over the whole script (the generator and baseline use memory too). */
function sampler() {
  let peak = 0;
  let at: NodeJS.MemoryUsage | undefined;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peak) {
      peak = m.rss;
      at = m;
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      if (process.env.MEASURE_MEMORY && at)
        console.log(Object.fromEntries(Object.entries(at).map(([k, v]) => [k, Math.round(v / 1048576)])));
      return Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024);
    },
  };
}

async function main() {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const database = await createTestDatabase();
  const factory = makeFactory(database);
  const sent: { payload: unknown }[] = [];
  const jobs: JobSender = {
    async send(_job, payload) {
      sent.push({ payload });
      return "1";
    },
  };
  const deps: JobDeps = { database, live: { toUser: async () => undefined }, mail: { driver: "outbox", from: "x@y.z" }, log: console.log };
  try {
    for (const rows of sizes.length ? sizes : [100_000]) {
      const file = await generate(rows);

      // Baseline: raw COPY of the same file into a table indexed like the dedupe keys.
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
        const { readFileSync } = await import("node:fs");
        await database.pglite!.query("COPY bench_raw FROM '/dev/blob' WITH (FORMAT csv, HEADER true)", [], {
          blob: new Blob([readFileSync(file)]),
        });
      }
      const baseMs = performance.now() - t0;
      await database.query("DROP TABLE bench_raw");

      const { ctx } = await factory.team();
      const source = await factory.source(ctx);
      const list = await factory.list(ctx, source.id);
      for (const round of ["new", "re-import"]) {
        if (process.env.MEASURE_MEMORY) console.log(`rss before the import ${Math.round(process.memoryUsage().rss / 1048576)} MB`);
        const mem = sampler();
        const t1 = performance.now();
        const upload = await storeUpload(join(tmpdir(), "leadflow-bench"), ctx.teamId, "leads.csv", createReadStream(file), 2 ** 40);
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
        await runImport(deps, sent.pop()!.payload as { importId: number; teamId: number });
        const ms = performance.now() - t1;
        const peakRss = mem.stop();
        const rec = (
          await database.query<Record<string, number | string>>(
            "SELECT status, processed_count, unique_count, duplicates_count, failed_count, message FROM imports WHERE id = $1",
            [answer.data.id],
          )
        ).rows[0];
        const ours = (rows / ms) * 1000;
        const base = (rows / baseMs) * 1000;
        console.log(
          `${database.kind} ${rows} rows ${round}: ${(ms / 1000).toFixed(1)} s, ${Math.round(ours)} rows/s; raw COPY ${(baseMs / 1000).toFixed(1)} s, ${Math.round(base)} rows/s; ratio ${(ours / base).toFixed(2)}; peak RSS during the import ${peakRss} MB; ${JSON.stringify(rec)}`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

await main();
