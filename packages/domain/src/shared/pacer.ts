/*
 * Paces requests to a provider at a gateway's rate limit (requests per second). Two rules together:
 * - starts follow an ideal schedule 1/rate apart, so a steady run finishes at the rate even when timers fire
 *   late (a start up to 25 ms late is caught up by the next ones);
 * - no one-second window ever holds more than `rate` requests where the provider receives them. `acquire` counts a
 *   request at its start (enough where requests leave at once: lookups). `reserve` counts it from its start until its
 *   answer, and then at the answer's time: a request reaches the provider somewhere in between, so whatever delays
 *   it on its way (a busy event loop, a new connection), any second of arrivals holds at most `rate` of them —
 *   whenever a slot is given, the requests of the second before are all counted, answered or still on their way.
 * One pacer per gateway per process, shared by every job on that gateway: two jobs split its rate.
 */
export interface Pacer {
  readonly rate: number;
  /** Resolves when the caller may start one request, counted from now. */
  acquire(): Promise<void>;
  /**
   * Resolves when the caller may start a request worth `weight` slots (an SMS of three parts takes three), counted
   * until `done`: `done(true)` once the provider answered (or the request failed after it was written), `done(false)`
   * when no request was made after all.
   */
  reserve(weight?: number): Promise<Slot>;
  /** Calls another runner made in the second before this one took over (epoch ms): they count in its first second. */
  seed(epochTimes: readonly number[]): void;
  /** The calls of the last second, answered ones by their answer's time (epoch ms), for the next runner's `seed`. */
  recent(): number[];
}

export interface Slot {
  done(sent: boolean): void;
}

/** Where a pacer reads the time and waits: the process's clock, or a test's virtual one. */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const processClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise<void>((r) => setTimeout(r, ms)),
};

/** How far behind its schedule the pacer may run and still make the time up. */
const CATCH_UP_MS = 25;

/**
 * `clock` may also be a bare `now()` (the older form), which keeps the process's timers. `windowMs`: the window no
 * `rate` + 1 requests may share.
 */
export function createPacer(ratePerSecond: number, clock: PacerClock | (() => number) = processClock, windowMs = 1000): Pacer {
  const { now, sleep } = typeof clock === "function" ? { now: clock, sleep: processClock.sleep } : clock;
  const rate = Math.max(1, Math.floor(ratePerSecond));
  const interval = 1000 / rate;
  // The last `rate` counted times, oldest first from `oldest`: starts (acquire) or answers (reserve).
  const times: number[] = new Array(rate).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  // Slots given by `reserve` whose request has not been answered: each counts as happening now.
  let pending = 0;
  let next = Number.NEGATIVE_INFINITY;
  let chain: Promise<void> = Promise.resolve();
  // The epoch's offset from `now()`, for `seed` and `recent`.
  const epochOffset = Date.now() - now();

  const count = (t: number) => {
    times[oldest] = t;
    oldest = (oldest + 1) % rate;
  };

  /**
   * `asked`: when the caller asked. A caller that asked over a second after its slot was due found the pacer idle:
   * the schedule restarts from now. A shorter gap (the runner settling a batch) keeps the schedule, and the next
   * starts make up CATCH_UP_MS of it.
   */
  async function take(asked: number) {
    if (asked >= next + 1000) next = asked;
    for (;;) {
      const t = now();
      // With `pending` requests counted as now, a slot is free once the (rate − pending)-th latest counted time is a
      // window old: an answer arriving meanwhile replaces its pending count by its own time and moves nothing.
      const freeAt = pending >= rate ? Number.POSITIVE_INFINITY : (times[(oldest + pending) % rate] ?? 0) + windowMs;
      const at = Math.max(next, freeAt);
      if (t >= at) {
        // Late starts are made up only within CATCH_UP_MS: a longer stall would otherwise release a burst that
        // arrives at the provider packed closer than it left.
        next = Math.max(next, t - CATCH_UP_MS) + interval;
        return t;
      }
      await sleep(Math.min(50, Math.max(1, Math.ceil(Number.isFinite(at) ? at - t : 50))));
    }
  }

  const queued = <T>(work: (asked: number) => Promise<T>): Promise<T> => {
    const asked = now();
    const p = chain.then(() => work(asked));
    chain = p.then(
      () => undefined,
      () => undefined,
    );
    return p;
  };

  return {
    rate,
    acquire() {
      return queued(async (asked) => count(await take(asked)));
    },
    reserve(weight = 1) {
      const units = Math.max(1, Math.floor(weight));
      return queued(async (asked) => {
        for (let i = 0; i < units; i++) {
          await take(i === 0 ? asked : now());
          pending++;
        }
        let settled = false;
        return {
          done(sent: boolean) {
            if (settled) return;
            settled = true;
            pending -= units;
            if (sent) for (let i = 0; i < units; i++) count(now());
          },
        };
      });
    },
    seed(epochTimes) {
      const sorted = [...epochTimes].sort((a, b) => a - b).slice(-rate);
      for (const t of sorted) count(t - epochOffset);
    },
    recent() {
      const t = now();
      const out: number[] = [];
      for (let i = 0; i < rate; i++) {
        const v = times[(oldest + i) % rate]!;
        if (v > t - windowMs) out.push(v + epochOffset);
      }
      // What is still on its way counts as now.
      for (let i = 0; i < pending; i++) out.push(t + epochOffset);
      return out;
    },
  };
}

const pacers = new Map<string, Pacer>();

/** The process's pacer for a key (a gateway: everything sent through it) at a rate; a changed rate starts a new one. */
export function pacerFor(key: string | number, rate: number): Pacer {
  const slot = `${key}:${rate}`;
  let p = pacers.get(slot);
  if (!p) {
    p = createPacer(rate);
    pacers.set(slot, p);
  }
  return p;
}
