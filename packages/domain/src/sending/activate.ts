import type { CampaignBatchResult, CampaignManualStatus } from "@leadflow/contracts";
import { setCampaignStatus } from "../campaigns";
import type { TeamCtx } from "../shared/context";
import type { JobSender } from "../shared/jobs";
import type { DbOrTx } from "../shared/rows";
import { startCampaigns } from "./sending.jobs";

/**
 * Set status as the product does it: each campaign moves by the table of allowed moves, and one set Active has its
 * planning queued in the same transaction — a campaign is never Active without its planning on the way, and no
 * caller can forget it (the minute's tick would otherwise start it up to a minute late).
 */
export function changeCampaignStatus(
  db: DbOrTx,
  ctx: TeamCtx,
  ids: readonly number[],
  to: CampaignManualStatus,
  jobs: JobSender,
): Promise<CampaignBatchResult> {
  return setCampaignStatus(db, ctx, ids, to, (tx, activated) => startCampaigns(jobs, activated, tx));
}
