import { z } from "zod";
import { defineJob } from "../shared/jobs";
import { runSegmentExport } from "./segment-export-run";

/**
 * Writes one export file (segment-export-run.ts). A handler's own failures end the export as Failed (a new
 * export is the retry a user sees); pg-boss retries only runs that never finished, a killed worker noticed by its
 * heartbeat, and those write the file again from scratch.
 */
export const runSegmentExportJob = defineJob({
  name: "segments.export",
  payload: z.object({ exportId: z.number().int().positive(), teamId: z.number().int().positive(), path: z.string().min(1).max(4096) }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireSeconds: 6 * 3600,
  heartbeatSeconds: 30,
  handler: (deps, ref) => runSegmentExport(deps, ref),
});
