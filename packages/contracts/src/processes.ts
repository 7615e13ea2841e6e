import { z } from "zod";

export const ProcessStatuses = ["running", "resolving", "completed", "failed"] as const;
/** One entry of the header's 'System Processes' popover: running work and finished downloads. */
export const SystemProcess = z.object({
  id: z.string(),
  kind: z.enum(["import", "export", "lookup", "job"]),
  title: z.string(),
  status: z.enum(ProcessStatuses),
  progress: z.number().min(0).max(100).nullable(),
  download_url: z.string().nullable(),
  created_at: z.string(),
});
export type SystemProcess = z.infer<typeof SystemProcess>;
export const SystemProcessesResponse = z.object({ data: z.array(SystemProcess) });
