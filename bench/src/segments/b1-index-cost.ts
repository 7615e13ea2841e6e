import { readFileSync } from "node:fs";
import type { Database } from "@leadflow/db";
import { expectCounts, importFile } from "../imports/file-import";
import { importTeam } from "../imports/import-team";
import { cleanCsv } from "../lead-files/clean-file";
import { parseArgs, sizeLabel } from "../options";
import { median } from "../report";
import { withFreshDatabase } from "../shared/fresh-database";

/*
 * What leads_attrs_folded_idx (migration 0022, audience attribute equals) costs a file import: B1's import of
 * `--rows` new leads into a fresh database, with the index dropped and kept in alternation (`--runs` rounds of
 * each, in one process, so both sides see the same machine and the same import code).
 *
 *   TEST_DATABASE_URL=… npx tsx bench/src/segments/b1-index-cost.ts --rows 100k --runs 5
 */

/** CPU seconds the database's backends have used (utime + stime of their processes; the bench runs as root). */
async function backendCpu(database: Database): Promise<number> {
  const pids = await database.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database()");
  let ticks = 0;
  for (const { pid } of pids.rows) {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

const { options } = parseArgs(process.argv.slice(2));
const file = await cleanCsv(options.rows);
const warmUp = await cleanCsv(2000);
await withFreshDatabase(async (database) => importFile(await importTeam(database), warmUp));
const times: Record<"without" | "with", number[]> = { without: [], with: [] };
const cpu: Record<"without" | "with", number[]> = { without: [], with: [] };
for (let round = 0; round < options.runs; round++) {
  for (const side of round % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const)) {
    await withFreshDatabase(async (database) => {
      if (side === "without") await database.query("DROP INDEX leads_attrs_folded_idx");
      const target = await importTeam(database);
      const before = await backendCpu(database);
      const r = await importFile(target, file);
      cpu[side].push((await backendCpu(database)) - before);
      expectCounts("B1 clean CSV", r.counts, { processed: options.rows, unique: options.rows, duplicates: 0, failed: 0, skipped: 0 });
      times[side].push(r.ms);
      console.log(`  round ${round + 1} ${side} the index: ${(r.ms / 1000).toFixed(2)} s, database CPU ${cpu[side].at(-1)!.toFixed(2)} s`);
    });
  }
}
const [a, b] = [median(times.without), median(times.with)];
const [ca, cb] = [median(cpu.without), median(cpu.with)];
console.log(
  `B1 ${sizeLabel(options.rows)}, median of ${options.runs}: without the index ${(a / 1000).toFixed(2)} s, with it ${(b / 1000).toFixed(2)} s (${(((b - a) / a) * 100).toFixed(0)}%, ${(((b - a) / options.rows) * 1000).toFixed(1)} µs a lead); database CPU ${ca.toFixed(2)} s → ${cb.toFixed(2)} s (${(((cb - ca) / options.rows) * 1e6).toFixed(1)} µs a lead)`,
);
