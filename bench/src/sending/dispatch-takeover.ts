import { record } from "../report";
import type { PacingTarget } from "./dispatch-pacing-setup";
import { type Call, kindOf, type StopEvent, WORKERS, whoSent, withoutCalls, workersPacingRun } from "./dispatch-pacing-workers";

/*
 * B9's takeover rows: three worker processes (dispatch-child.ts) run the gateway's dispatcher at TAKEOVER_RATE, and
 * once a third of the messages were accepted the one holding the lease is
 * - SIGKILLed (a crash): nothing ends its lease by hand — the others' leadership watch finds its liveness lock free
 *   within a second and wakes them, one takes the lease over (the dead one's `submitting` rows up to its handed-over
 *   mark become `unknown`, never resent; the rest go back to `planned`) and waits a second before its first call, as
 *   the dead one may have called up to its end. Measured at the fake: the gap between the dead one's last call and
 *   the next process's first. Goal ≤ KILL_GOAL_MS;
 * - SIGTERMed (a stop): its dispatcher hands nothing more over, gives back what it claimed, lets the lease go with its
 *   last second's calls and wakes the gateway elsewhere. Measured: when its last call arrived after the SIGTERM (goal:
 *   none later than TERM_GOAL_MS), what became of the rows it held (claimed or `submitting`) at the SIGTERM — each
 *   either sent by it (in flight) or planned again and sent by another, none `unknown` — and when the next process's
 *   first call arrived after the SIGTERM (goal ≤ TERM_GOAL_MS).
 * Both: the most calls in any one second at the fake across the takeover (goal ≤ R).
 */

export const TAKEOVER_RATE = 30;
const KILL_GOAL_MS = 5_000;
const TERM_GOAL_MS = 2_000;

/** The takeover as the fake saw it. */
export interface Takeover {
  how: StopEvent["how"];
  atAccepted: number;
  /** From the signal until the process had exited. */
  exitMs: number;
  /** The signalled process's calls in all, and those that arrived after the signal (ms after it, the last). */
  callsOfStopped: number;
  callsAfterSignal: number;
  lastCallAfterSignalMs: number | null;
  /** The next process's first call: ms after the signal, and after the stopped one's last call (the gap at the fake). */
  firstOtherAfterSignalMs: number;
  gapMs: number;
  /** Rows it held at the signal: sent by it, sent by another after the takeover, left unknown, otherwise. */
  held: number;
  heldSentByIt: number;
  heldSentByOther: number;
  heldUnknown: number;
  heldOther: number;
}

export async function takeoverBench(target: PacingTarget, common: { id: string; backend: string; command: string }): Promise<void> {
  const rate = TAKEOVER_RATE;
  for (const how of ["SIGKILL", "SIGTERM"] as const) {
    const run = await workersPacingRun(target, rate, { stop: how });
    const k = readTakeover(run.calledAt, run.stopped!, run.pidOf, run.stateOf);
    console.log(`  takeover after ${how}: ${JSON.stringify(k)}`);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const overR = run.maxInAnySecond > rate ? "≤ R in any 1 s" : null;
    if (how === "SIGKILL") {
      const misses = [k.gapMs > KILL_GOAL_MS ? `takeover ≤ ${s(KILL_GOAL_MS)}` : null, overR].filter(Boolean);
      record({
        ...common,
        size: `takeover ${rate}/s, ${WORKERS} workers, SIGKILL`,
        what: `Lease takeover after a crash at ${rate}/s, ${run.messages} SMS, ${WORKERS} worker processes (liveness lock, leadership watch, wake): the one holding the gateway's lease SIGKILLed after ${k.atAccepted} were accepted; nothing ends its lease by hand; calls timed at the fake`,
        ours:
          `no call at the fake for ${Math.round(k.gapMs)} ms across the takeover (the dead one's last call to the next process's first; ${Math.round(k.firstOtherAfterSignalMs)} ms after the kill, including the second the new holder waits); ` +
          `${run.calls} calls, ${run.states.unknown ?? 0} rows left unknown (the dead one's, up to its handed-over mark: never resent); max ${run.maxInAnySecond} in any 1 s; achieved ${run.achieved.toFixed(1)}/s first to last call; ${whoSent(run)}`,
        baseline: `R = ${rate}/s; lease 60 s (what a dead holder cost without the liveness lock)`,
        ratio: `takeover in ${s(k.gapMs)} — ${misses.length ? `misses: ${misses.join(", ")}` : "meets the goal"}`,
        goal: `another worker process takes over by itself within ${s(KILL_GOAL_MS)}; never more than R in any 1 s`,
        figures: { ...withoutCalls(run), takeover: k },
      });
    } else {
      const misses = [
        k.lastCallAfterSignalMs !== null && k.lastCallAfterSignalMs > TERM_GOAL_MS ? `no call from it later than ${s(TERM_GOAL_MS)}` : null,
        k.heldUnknown || k.heldOther ? "every held row sent once" : null,
        k.firstOtherAfterSignalMs > TERM_GOAL_MS ? `takeover ≤ ${s(TERM_GOAL_MS)}` : null,
        overR,
      ].filter(Boolean);
      record({
        ...common,
        size: `takeover ${rate}/s, ${WORKERS} workers, SIGTERM`,
        what: `Lease handover on a stop at ${rate}/s, ${run.messages} SMS, ${WORKERS} worker processes: the one holding the gateway's lease SIGTERMed after ${k.atAccepted} were accepted (its dispatcher hands nothing more over, gives back what it claimed, lets the lease go with its last second's calls and wakes the gateway elsewhere); calls timed at the fake`,
        ours:
          `its last call arrived ${k.lastCallAfterSignalMs === null ? "before the SIGTERM" : `${Math.round(k.lastCallAfterSignalMs)} ms after the SIGTERM`} (${k.callsAfterSignal} after it, the calls in flight), exit ${Math.round(k.exitMs)} ms after it; ` +
          `of the ${k.held} rows it held (claimed or submitting), ${k.heldSentByIt} sent by it, ${k.heldSentByOther} planned again and sent by another, ${k.heldUnknown} unknown; ` +
          `the next process's first call ${Math.round(k.firstOtherAfterSignalMs)} ms after the SIGTERM (${Math.round(k.gapMs)} ms after the last one's); ${run.calls} calls for ${run.messages} rows, ${run.states.unknown ?? 0} unknown; max ${run.maxInAnySecond} in any 1 s; achieved ${run.achieved.toFixed(1)}/s first to last call; ${whoSent(run)}`,
        baseline: `R = ${rate}/s`,
        ratio: `next call ${s(k.firstOtherAfterSignalMs)} after the SIGTERM — ${misses.length ? `misses: ${misses.join(", ")}` : "meets the goal"}`,
        goal: `no new call from the stopped worker later than ${s(TERM_GOAL_MS)} after SIGTERM; the rows it held planned again and sent by another, none unknown; another process's first call within ${s(TERM_GOAL_MS)}; never more than R in any 1 s`,
        figures: { ...withoutCalls(run), takeover: k },
      });
    }
  }
}

const TAKEN = new Set(["accepted", "sent", "delivered"]);

/** Reads the takeover from the calls (sorted by arrival), each campaign call's process and each row's state. */
export function readTakeover(calls: readonly Call[], stop: StopEvent, pidOf: Map<number, number>, stateOf: Map<number, string>): Takeover {
  const pidOfCall = (c: Call) => (kindOf(c.ref) === "campaign" ? pidOf.get(Number(c.ref)) : undefined);
  const its = calls.filter((c) => pidOfCall(c) === stop.pid);
  const after = its.filter((c) => c.at > stop.at);
  const last = its.at(-1);
  const firstOther = calls.find((c) => c.at > stop.at && pidOfCall(c) !== stop.pid);
  if (!last || !firstOther) throw new Error(`B9 takeover: no calls around the ${stop.how} (${its.length} of the stopped process)`);
  let heldSentByIt = 0;
  let heldSentByOther = 0;
  let heldUnknown = 0;
  let heldOther = 0;
  for (const id of stop.held) {
    const state = stateOf.get(id) ?? "";
    if (state === "unknown") heldUnknown++;
    else if (!TAKEN.has(state)) heldOther++;
    else if (pidOf.get(id) === stop.pid) heldSentByIt++;
    else heldSentByOther++;
  }
  return {
    how: stop.how,
    atAccepted: stop.atAccepted,
    exitMs: stop.exitedAt - stop.at,
    callsOfStopped: its.length,
    callsAfterSignal: after.length,
    lastCallAfterSignalMs: after.length ? after.at(-1)!.at - stop.at : null,
    firstOtherAfterSignalMs: firstOther.at - stop.at,
    gapMs: firstOther.at - last.at,
    held: stop.held.length,
    heldSentByIt,
    heldSentByOther,
    heldUnknown,
    heldOther,
  };
}
