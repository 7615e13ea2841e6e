import { z } from "zod";
import { type AnyJobDefinition, defineJob } from "../shared/jobs";
import { runComplianceFile } from "./compliance-file-run";

/**
 * Writes one compliance file (compliance-file-run.ts). Its own failures end it Failed (asking again is the retry a
 * person sees); pg-boss retries only runs that never finished — a killed worker noticed by its heartbeat — and those
 * write the file again from the start.
 */
export const complianceFileJob = defineJob({
  name: "compliance.file",
  payload: z.object({ fileId: z.number().int().positive(), teamId: z.number().int().positive(), path: z.string().min(1).max(4096) }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireSeconds: 6 * 3600,
  heartbeatSeconds: 30,
  handler: (deps, ref) => runComplianceFile(deps, ref),
});

export const complianceJobs: readonly AnyJobDefinition[] = [complianceFileJob];
