import { fairnessBench } from "./fairness/fairness-bench";
import { importApiBench } from "./import-api/import-api-load";
import { csvImportBench } from "./imports/csv-import";
import { dirtyImportBench } from "./imports/dirty-import";
import { reimportBench } from "./imports/reimport";
import { xlsxImportBench } from "./imports/xlsx-import";
import { stopDuringSendBench } from "./inbound/stop-during-send";
import { removeLeftovers } from "./lead-files/file-cache";
import { leadsTableBench } from "./leads/leads-table";
import { redirectBench } from "./links/redirect-bench";
import { lookupPacingBench } from "./lookups/lookup-pacing";
import { moneyChaosBench } from "./lookups/money-chaos";
import { providerDownBench } from "./lookups/provider-down";
import { workerKilledBench } from "./lookups/worker-killed";
import { type BenchOptions, parseArgs } from "./options";
import { segmentBuildBench, segmentDynamicBench, segmentQueryBench } from "./segments/segments-bench";
import { callbackStormBench } from "./sending/callback-storm";
import { campaignStartBench } from "./sending/campaign-start";
import { campaignChaosBench } from "./sending/chaos";
import { dispatchBench } from "./sending/dispatch-bench";
import { logTablesBench } from "./sending/log-tables";
import { pauseReactionBench } from "./sending/pause-reaction";
import { pauseResumeBench } from "./sending/pause-resume";
import { sendMoneyBench } from "./sending/send-money";
import { statsTruthBench } from "./sending/stats-truth";
import { dropLeftoverDatabases } from "./shared/fresh-database";
import { interrupted } from "./shared/interrupt";
import { sourcesPage } from "./sources-page";
import { validationBench } from "./validation/validation-bench";
import { webBundle } from "./web-bundle";

/** `npm run bench` runs every benchmark; `npm run bench -- B1 B3 --rows 100k` runs those named (see docs/benchmarks.md). */
const benches: Record<string, (options: BenchOptions) => Promise<void>> = {
  S1: sourcesPage,
  S2: fairnessBench,
  B1: csvImportBench,
  B1d: dirtyImportBench,
  B2: reimportBench,
  B3: xlsxImportBench,
  B4: importApiBench,
  B5: segmentQueryBench,
  B6: segmentBuildBench,
  B7: segmentDynamicBench,
  B8: campaignStartBench,
  B9: dispatchBench,
  B10: redirectBench,
  B11: validationBench,
  B12: leadsTableBench,
  B13a: webBundle,
  B14: callbackStormBench,
  B15: stopDuringSendBench,
  B16: statsTruthBench,
  B17: pauseReactionBench,
  L1: lookupPacingBench,
  C1: logTablesBench,
  F11: providerDownBench,
  F12: workerKilledBench,
  F14: pauseResumeBench,
  F15: campaignChaosBench,
  // Money under faults: the lookups, then the sends (a row each: F16, F16 (sends)); `--part lookups|sends` runs one.
  F16: async (o) => {
    if (o.part !== "sends") await moneyChaosBench(o);
    if (o.part !== "lookups") await sendMoneyBench(o);
  },
};

const { ids, options } = parseArgs(process.argv.slice(2));
const unknown = ids.filter((id) => !benches[id]);
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(", ")}. Known: ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}
removeLeftovers();
await dropLeftoverDatabases();
try {
  for (const id of ids.length ? ids : Object.keys(benches)) {
    console.log(`${id} (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`);
    await benches[id]!(options);
  }
} catch (e) {
  // Stopped by a signal: what failed was cut off on purpose; wait for the cleanup to exit.
  await interrupted();
  throw e;
}
