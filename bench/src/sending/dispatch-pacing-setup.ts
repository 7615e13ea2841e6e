import type { Database } from "@leadflow/db";
import type { TeamCtx } from "@leadflow/domain";
import { gatedCampaign, listOf, planDueNow } from "./dispatch-setup";
import type { RemoteFakeSms } from "./fake-sms-process";
import { clearLedger, setRate } from "./sending-setup";

/* What B9's pacing runs share, with one worker or three: each run's campaign (its pace: dispatch-pacing-arrivals.ts). */

/** Seconds of messages a pacing run sends at `rate` (longer at the slowest rates). */
export const pacingSeconds = (rate: number) => (rate <= 3 ? 20 : 10);

/** What a pacing run measures: the team's gateway, sending to the fake, over leads of the source list. */
export interface PacingTarget {
  database: Database;
  ctx: TeamCtx;
  sourceListId: number;
  fake: RemoteFakeSms;
  gatewayId: number;
}

/** A fresh run at `rate`: ledger cleared, Send rate set, a gated campaign of `pacingSeconds` of messages all due, fake reset. */
export async function duePacingCampaign(
  { database, ctx, sourceListId, fake, gatewayId }: PacingTarget,
  rate: number,
  label: string,
): Promise<{ campaignId: number; messages: number }> {
  const messages = rate * pacingSeconds(rate);
  await clearLedger(database);
  await setRate(database, gatewayId, rate);
  const list = await listOf(database, ctx, sourceListId, messages);
  const campaignId = await gatedCampaign(database, ctx, list, gatewayId, messages);
  const due = await planDueNow(database, campaignId);
  if (due !== messages) throw new Error(`${label}: ${due} rows due for ${messages}`);
  await fake.reset();
  return { campaignId, messages };
}
