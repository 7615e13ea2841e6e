import { z } from "zod";
import { type AnyJobDefinition, defineJob } from "../shared/jobs";
import { runImport } from "./import-run";

const envInt = (name: string) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : undefined;
};

/**
 * Runs an import end to end (see import-run.ts). Retries resume after the last committed batch; the heartbeat
 * lets pg-boss notice a killed worker long before the expiry (which bounds a healthy 1M-row run generously).
 */
export const runImportJob = defineJob({
  name: "imports.run",
  payload: z.object({ importId: z.number().int().positive(), teamId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  expireSeconds: 6 * 3600,
  heartbeatSeconds: 30,
  handler: (deps, ref) =>
    runImport(deps, ref, {
      batchRows: envInt("LEADFLOW_IMPORT_BATCH_ROWS"),
      leaseSeconds: envInt("LEADFLOW_IMPORT_LEASE_SECONDS"),
    }),
});

export const importJobs: readonly AnyJobDefinition[] = [runImportJob];
