import type { HandOverMark } from "./hand-over-mark";

/*
 * The handed-over mark (hand-over-mark.ts) is written a fixed number of places ahead: a tenth of a batch, which is a
 * tenth of a second of the gateway's pace while a batch holds a second of it. Above 500 a second a batch holds less
 * (its size is capped), and a gateway without a pace to speak of (B9's throughput) starts messages as fast as the
 * machine goes: a write every few milliseconds, and the calls catch up with the writes and wait for them. There the
 * places are also asked for ahead of the calls, by time: about AHEAD_MS of the starts measured lately, in one write
 * roughly every AHEAD_MS. A message still starts only once its own place is persisted, so what a dispatcher that dies
 * leaves maybe-sent stays bounded: about 1.5 × AHEAD_MS of starts and a step past the calls, besides those in flight.
 */

/** How far ahead, in time, the mark is asked for beside the calls. */
export const AHEAD_MS = 100;
/** The start rate is measured over this long at least: a batch's first calls all ask for their places at once. */
const MEASURE_MS = 250;

/**
 * `mayStart` for each message's place in the sending order (`step`: the mark's own reach per write; `rate`: the
 * gateway's pace per second), asking the mark ahead of the calls when they run faster than a step per AHEAD_MS.
 */
export function markAhead(
  mark: HandOverMark,
  step: number,
  rate: number,
  now: () => number = () => performance.now(),
): (seq: number) => Promise<boolean> {
  // A pace whose AHEAD_MS fits in a step: the mark's own writes are that far apart already.
  if ((rate * AHEAD_MS) / 1000 <= step) return (seq) => mark.mayStart(seq);
  /** The furthest place asked for ahead of the calls. */
  let asked = Number.NEGATIVE_INFINITY;
  /** The place and time the start rate was last measured from. */
  let seenSeq = Number.NaN;
  let seenAt = 0;
  let perMs = 0;
  return (seq) => {
    if (!Number.isFinite(seq)) return mark.mayStart(seq);
    const t = now();
    if (Number.isNaN(seenSeq)) {
      seenSeq = seq;
      seenAt = t;
    } else if (t - seenAt >= MEASURE_MS) {
      // Places asked for per millisecond since the last measure, never above the pace: what the next AHEAD_MS starts.
      perMs = Math.min(rate / 1000, Math.max(0, seq - seenSeq) / (t - seenAt));
      seenSeq = seq;
      seenAt = t;
    }
    const window = Math.ceil(perMs * AHEAD_MS);
    if (window > step && seq + window / 2 > asked) {
      asked = seq + Math.ceil(window * 1.5);
      // Its answer is the mark's business; each message below asks for its own place.
      void mark.mayStart(asked).catch(() => false);
    }
    return mark.mayStart(seq);
  };
}
