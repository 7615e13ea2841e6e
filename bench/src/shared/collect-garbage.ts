import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// `gc()` without starting node with --expose-gc (the npm script runs tsx): the flag is set, then the function is
// taken from a fresh context, where V8 installs it.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * Collects before a measurement, so its peak RSS is not inflated by what earlier runs left (a closed PGlite's
 * WebAssembly memory, parsed batches) and its time does not include collecting it.
 */
export function collectGarbage(): void {
  gc();
  gc();
}
