/*
 * Paces requests to a provider at a gateway's rate limit (requests per second). Two rules together:
 * - starts follow an ideal schedule 1/rate apart, so a steady run finishes at the rate even when timers fire
 *   late (a start up to 25 ms late is caught up by the next ones);
 * - a start waits until the start `rate` places before it is a full second old, so no one-second window ever
 *   holds more than `rate` starts, catch-up included.
 * One pacer per gateway per process, shared by every job on that gateway: two jobs split its rate.
 */
export interface Pacer {
  readonly rate: number;
  /** Resolves when the caller may start one request. */
  acquire(): Promise<void>;
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
 * `rate` + 1 starts may share; a few milliseconds over a second absorb the jitter between a start and the moment its
 * request leaves (the sends' pacer), so the provider never sees more than `rate` in any second.
 */
export function createPacer(ratePerSecond: number, clock: PacerClock | (() => number) = processClock, windowMs = 1000): Pacer {
  const { now, sleep } = typeof clock === "function" ? { now: clock, sleep: processClock.sleep } : clock;
  const rate = Math.max(1, Math.floor(ratePerSecond));
  const interval = 1000 / rate;
  const starts: number[] = new Array(rate).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  let next = Number.NEGATIVE_INFINITY;
  let chain: Promise<void> = Promise.resolve();

  /**
   * `asked`: when the caller asked. A caller that asked over a second after its slot was due found the pacer idle:
   * the schedule restarts from now. A shorter gap (the runner settling a batch) keeps the schedule, and the next
   * starts make up CATCH_UP_MS of it.
   */
  async function take(asked: number) {
    if (asked >= next + 1000) next = asked;
    for (;;) {
      const t = now();
      const at = Math.max(next, (starts[oldest] ?? 0) + windowMs);
      if (t >= at) {
        starts[oldest] = t;
        oldest = (oldest + 1) % rate;
        // Late starts are made up only within CATCH_UP_MS: a longer stall would otherwise release a burst that
        // arrives at the provider packed closer than it left.
        next = Math.max(next, t - CATCH_UP_MS) + interval;
        return;
      }
      await sleep(Math.min(50, Math.max(1, Math.ceil(at - t))));
    }
  }
  return {
    rate,
    acquire() {
      const asked = now();
      const p = chain.then(() => take(asked));
      chain = p.catch(() => {});
      return p;
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
