/*
 * Open loop: call k is due at k / rate seconds from the start whatever became of the earlier ones, and its latency
 * counts from that moment (a slow server makes calls late, and that lateness is latency, not a pause in the load).
 */

/** Calls fired this long after they were due count as late (the client's own health). */
const LATE_MS = 10;

export interface OpenLoopRun {
  /** From the start until every call had settled. */
  elapsedMs: number;
  /** Calls fired more than 10 ms after they were due. */
  lateSends: number;
}

/** Fires `fire(k, dueAt)` for k < count, each when due at `rate` a second; settles once every call has. */
export async function openLoop(count: number, rate: number, fire: (k: number, dueAt: number) => Promise<void>): Promise<OpenLoopRun> {
  const inFlight: Promise<void>[] = [];
  let lateSends = 0;
  const started = performance.now();
  const interval = 1000 / rate;
  await new Promise<void>((done) => {
    let k = 0;
    const tick = () => {
      const now = performance.now();
      while (k < count && started + k * interval <= now) {
        const dueAt = started + k * interval;
        if (now - dueAt > LATE_MS) lateSends++;
        inFlight.push(fire(k, dueAt));
        k++;
      }
      if (k >= count) return done();
      setTimeout(tick, Math.max(0, started + k * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  return { elapsedMs: performance.now() - started, lateSends };
}
