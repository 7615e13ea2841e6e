import { sandboxPhoneLookup, sandboxPhoneLookupAdapter } from "@leadflow/domain";
import { benchCommand } from "../options";
import { median, record } from "../report";
import { alternate, ms, perSecond, verdict } from "./measure";

const LOOKUPS = 100_000;
const RUNS = 5;
const GOAL_MS = 2000;

/**
 * B11g: the sandbox gateway answers from the number alone, so a fresh install can look up whole lists at once.
 * Ours: 100k lookups through the adapter, one awaited after the other as the runner calls it; baseline: the pure
 * answer function on the same numbers.
 */
export async function sandboxAnswersBench(): Promise<void> {
  const adapter = sandboxPhoneLookupAdapter();
  const phones = Array.from({ length: LOOKUPS }, (_, i) => `+1212555${String(i % 10_000).padStart(4, "0")}`);
  const runs = await alternate(RUNS, {
    adapter: async () => {
      for (const p of phones) await adapter.lookup(p);
    },
    pure: () => {
      for (const p of phones) sandboxPhoneLookup(p);
    },
  });
  const [o, b] = [median(runs.adapter), median(runs.pure)];
  record({
    id: "B11g",
    what: `sandbox carrier lookups, ${LOOKUPS.toLocaleString("en")} through the adapter (median of ${RUNS})`,
    backend: "-",
    ours: `${ms(o)} (${perSecond(LOOKUPS, o)})`,
    baseline: `${ms(b)} (${perSecond(LOOKUPS, b)}) the answer function called directly`,
    ratio: `${(o / b).toFixed(2)}× — ${verdict(o < GOAL_MS, `100k < ${GOAL_MS / 1000} s`)}`,
    goal: `100k answers < ${GOAL_MS / 1000} s`,
    command: benchCommand("B11", []),
  });
}
