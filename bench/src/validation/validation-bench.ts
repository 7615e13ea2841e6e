import type { BenchOptions } from "../options";
import { dirtyColumnsBench } from "./dirty-columns";
import { fileGuardsBench } from "./file-guards";
import { longInputsBench } from "./long-inputs";
import { sandboxAnswersBench } from "./sandbox-answers";

/**
 * B11 (goal in docs/benchmarks.md): phone and email checks on the dirty columns against a raw libphonenumber-js call
 * (B11a, B11b) and hostile 50k-character values (B11c). The sub-cases after them hold the speed claims that unit
 * tests used to time with the wall clock — the import files' guards (B11d CSV line, B11e XML elements, B11f XLSX
 * budget) and the sandbox gateway (B11g) — while the tests now check what those guards do, not how fast.
 */
export async function validationBench(options: BenchOptions): Promise<void> {
  await dirtyColumnsBench(options);
  await longInputsBench();
  await fileGuardsBench(options);
  await sandboxAnswersBench();
}
