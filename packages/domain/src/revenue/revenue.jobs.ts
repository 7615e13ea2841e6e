import { z } from "zod";
import { publishCampaigns } from "../sending";
import { type AnyJobDefinition, defineJob } from "../shared/jobs";
import { attributePendingConversions } from "./postback";

/**
 * Attributes the conversions that arrived before their click's hit was flushed (postback.ts), once a minute. Any
 * number may run at once: each batch locks its own conversions (SKIP LOCKED) and attributes each once.
 */
export const attributeConversionsJob = defineJob({
  name: "revenue.attribute-conversions",
  payload: z.object({}).passthrough(),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireSeconds: 5 * 60,
  cron: "* * * * *",
  handler: async (deps) => {
    const touched = new Set<number>();
    const n = await attributePendingConversions(deps.database.db, touched);
    if (n > 0) deps.log(`conversions attributed late: ${n}`);
    // Revenue and profit move on the campaigns' open pages.
    if (touched.size) await publishCampaigns({ db: deps.database.db, live: deps.live, log: deps.log }, [...touched]);
  },
});

export const revenueJobs: readonly AnyJobDefinition[] = [attributeConversionsJob];
