import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import { runDispatcher, type TeamCtx } from "@leadflow/domain";
import { maxInOneSecond, timedFetch } from "../lookups/lookup-setup";
import { arrivalPace, tightestWindow } from "./dispatch-pacing-arrivals";
import { duePacingCampaign } from "./dispatch-pacing-setup";
import { dispatchDeps, statesOf } from "./dispatch-setup";
import type { RemoteFakeSms } from "./fake-sms-process";

/*
 * B9 pacing: one worker's dispatcher at a gateway's rate R, for about ten seconds of its messages (twenty at 1 and
 * 3/s), every gate on; the fake notes each call's arrival on its own clock. Achieved: the calls after the first over
 * the time from the first to the last (the pace the provider sees); and the most calls in any one-second window,
 * which must never exceed R.
 */

export const PACING_RATES = [1, 3, 30, 225, 1000] as const;

export interface PacingRun {
  rate: number;
  messages: number;
  /** From the dispatcher's start until it ended (idle). */
  wallMs: number;
  /** From the first call's arrival to the last's, at the fake. */
  spanMs: number;
  achieved: number;
  maxInAnySecond: number;
  /** The same, counted from when each call left the dispatcher's process: what the pacer itself let through. */
  sentMaxInAnySecond: number;
  /** The shortest time spanned by R + 1 consecutive calls: under 1000 ms, some one-second window held more than R. */
  tightestMs: number;
  /** The longest pause between two calls, and how many pauses exceeded twice the spacing (the gaps between batches). */
  longestGapMs: number;
  gaps: number;
  states: Record<string, number>;
  statuses: Record<string, number>;
}

export async function pacingRun(
  database: Database,
  ctx: TeamCtx,
  sourceListId: number,
  fake: RemoteFakeSms,
  gatewayId: number,
  rate: number,
): Promise<PacingRun> {
  const { campaignId, messages } = await duePacingCampaign({ database, ctx, sourceListId, fake, gatewayId }, rate, "B9 pacing");
  const t = performance.now();
  const timing = timedFetch();
  const deps = dispatchDeps(database, fake, rate);
  const outcome = await runDispatcher({ ...deps, providerOptions: { ...deps.providerOptions, fetch: timing.fetch } }, gatewayId);
  const wallMs = performance.now() - t;
  if (outcome !== "idle") throw new Error(`B9 pacing: the dispatcher ended ${outcome}`);
  const { times, statuses } = await fake.arrivals();
  const { spanMs, achieved, maxInAnySecond, longestGapMs, gaps } = arrivalPace(times, rate);
  const run: PacingRun = {
    rate,
    messages,
    wallMs,
    spanMs,
    achieved,
    maxInAnySecond,
    sentMaxInAnySecond: maxInOneSecond(timing.starts),
    tightestMs: tightestWindow(times, rate).tightestMs,
    longestGapMs,
    gaps,
    states: await statesOf(database, campaignId),
    statuses,
  };
  if (times.length !== messages || run.states.accepted !== messages)
    throw new Error(`B9 pacing at ${rate}/s: ${times.length} calls, ${run.states.accepted ?? 0} accepted for ${messages}`);
  console.log(
    `  ${rate}/s: ${messages} in ${(wallMs / 1000).toFixed(2)} s, achieved ${run.achieved.toFixed(2)}/s, ` +
      `max ${run.maxInAnySecond} in 1 s at the fake, ${run.sentMaxInAnySecond} as sent (tightest ${rate + 1} calls within ${run.tightestMs.toFixed(1)} ms), longest gap ${Math.round(longestGapMs)} ms (${gaps} gaps)`,
  );
  return run;
}
