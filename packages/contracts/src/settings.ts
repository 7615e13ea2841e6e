import { z } from "zod";
import { CampaignStatusOption } from "./campaigns";

export const Languages = ["en"] as const;
export const AppConfig = z.object({
  app_name: z.string(),
  support_email: z.string(),
  auto_approve: z.boolean(),
  live: z.object({ key: z.string(), path: z.string() }),
  industries: z.record(z.string(), z.string()),
  version: z.string(),
  /** Largest file an import accepts, in bytes: the Import File dialog refuses bigger files before uploading. */
  import_max_bytes: z.number().int(),
  /** Campaign statuses and the ones a person may set (Set status offers these minus the current). */
  campaign_status_list: z.array(CampaignStatusOption),
  campaign_manual_status_list: z.array(CampaignStatusOption),
});
export type AppConfig = z.infer<typeof AppConfig>;
