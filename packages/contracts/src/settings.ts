import { z } from "zod";

export const Languages = ["en"] as const;
export const AppConfig = z.object({
  app_name: z.string(),
  support_email: z.string(),
  auto_approve: z.boolean(),
  live: z.object({ key: z.string(), path: z.string() }),
  industries: z.record(z.string(), z.string()),
  version: z.string(),
});
export type AppConfig = z.infer<typeof AppConfig>;
