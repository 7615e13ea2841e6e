import {
  cleanupJob,
  deliverMailJob,
  type JobDefinition,
  lookupSweepJob,
  refreshSegmentsJob,
  runImportJob,
  runLookupJobDef,
  runSegmentExportJob,
} from "@leadflow/domain";

/**
 * A job of any payload type. The handler takes `never` because a handler of one payload cannot take any
 * payload; the queue only ever calls it with what the same definition's schema parsed.
 */
export type AnyJobDefinition = Omit<JobDefinition<unknown>, "handler"> & { handler: JobDefinition<never>["handler"] };

/** Every job the program runs; a queue is created for each at start, in every process role. */
export const jobRegistry: readonly AnyJobDefinition[] = [
  deliverMailJob,
  cleanupJob,
  runImportJob,
  refreshSegmentsJob,
  runSegmentExportJob,
  runLookupJobDef,
  lookupSweepJob,
];
