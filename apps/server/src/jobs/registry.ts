import {
  type AnyJobDefinition,
  complianceJobs,
  importJobs,
  lookupJobs,
  mailJobs,
  maintenanceJobs,
  revenueJobs,
  segmentJobs,
  sendingJobs,
} from "@leadflow/domain";

export type { AnyJobDefinition };

/** Every job the program runs, each feature's own; a queue is created for each at start, in every process role. */
export const jobRegistry: readonly AnyJobDefinition[] = [
  ...mailJobs,
  ...maintenanceJobs,
  ...importJobs,
  ...segmentJobs,
  ...lookupJobs,
  ...sendingJobs,
  ...revenueJobs,
  ...complianceJobs,
];
