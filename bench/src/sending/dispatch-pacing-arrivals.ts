import { maxInOneSecond } from "../lookups/lookup-setup";

/** The pace of the calls at the fake, from their arrival times. */
export interface ArrivalPace {
  /** From the first call's arrival to the last's. */
  spanMs: number;
  /** The calls after the first over that span: the pace the provider sees. */
  achieved: number;
  maxInAnySecond: number;
  /** The longest pause between two calls, and how many pauses exceeded twice the spacing (between batches). */
  longestGapMs: number;
  gaps: number;
}

/** Reads the pace of calls made at `rate` a second from their arrival times, which it sorts in place. */
export function arrivalPace(times: number[], rate: number): ArrivalPace {
  times.sort((a, b) => a - b);
  const spanMs = times.length > 1 ? times.at(-1)! - times[0]! : 0;
  let longestGapMs = 0;
  let gaps = 0;
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!;
    longestGapMs = Math.max(longestGapMs, gap);
    if (gap > 2000 / rate) gaps++;
  }
  return {
    spanMs,
    achieved: spanMs > 0 ? (times.length - 1) / (spanMs / 1000) : 0,
    maxInAnySecond: maxInOneSecond(times),
    longestGapMs,
    gaps,
  };
}

/** The shortest span of R + 1 consecutive sorted calls (under 1 s: a second held more than R), and its start after the first. */
export function tightestWindow(times: readonly number[], rate: number): { tightestMs: number; tightestAtMs: number } {
  let best = { tightestMs: Number.POSITIVE_INFINITY, tightestAtMs: 0 };
  for (let i = 0; i + rate < times.length; i++)
    if (times[i + rate]! - times[i]! < best.tightestMs)
      best = { tightestMs: times[i + rate]! - times[i]!, tightestAtMs: times[i]! - times[0]! };
  return best;
}
