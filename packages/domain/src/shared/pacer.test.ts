import { describe, expect, it } from "vitest";
import { createPacer, type PacerClock, pacerFor } from "./pacer";

/**
 * Virtual time: it moves only when the test says, so every start lands on an exact millisecond whatever the machine
 * is doing. `advance` lets time pass with each sleeper woken on time; `stall` lets it pass with nobody running (a
 * busy event loop), so sleepers wake late, all at the same moment.
 */
function virtualClock() {
  let t = 0;
  let sleepers: { at: number; wake: () => void }[] = [];
  // setImmediate runs once every pending promise callback has run: the pacer and its callers are done reacting.
  const settle = () => new Promise<void>((r) => setImmediate(r));
  const clock: PacerClock = {
    now: () => t,
    sleep: (ms) => new Promise<void>((wake) => sleepers.push({ at: t + ms, wake })),
  };
  const wakeDue = async (until: number) => {
    await settle();
    for (;;) {
      const due = sleepers.filter((s) => s.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      sleepers = sleepers.filter((s) => s !== due);
      t = Math.max(t, due.at);
      due.wake();
      await settle();
    }
  };
  return {
    clock,
    now: () => t,
    async advance(ms: number) {
      const until = t + ms;
      await wakeDue(until);
      t = until;
    },
    async stall(ms: number) {
      t += ms;
      await wakeDue(t);
    },
    /** Runs until nobody sleeps. */
    async drain() {
      await wakeDue(Number.POSITIVE_INFINITY);
    },
  };
}

/** Each caller's start time, in the order the starts happened. */
function callers(pacer: ReturnType<typeof createPacer>, now: () => number) {
  const starts: number[] = [];
  return {
    starts,
    ask: (n: number) => Promise.all(Array.from({ length: n }, () => pacer.acquire().then(() => void starts.push(now())))),
  };
}

/** The most starts inside any one-second window [t, t + 1000). */
function busiestSecond(starts: number[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[i]! - starts[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe("createPacer", () => {
  it("spaces starts exactly 1/rate apart and puts `rate` starts in each second", async () => {
    const v = virtualClock();
    const { starts, ask } = callers(createPacer(40, v.clock), v.now);
    const all = ask(100);
    await v.drain();
    await all;
    expect(starts).toEqual(Array.from({ length: 100 }, (_, i) => i * 25));
    const perSecond = [0, 1, 2].map((s) => starts.filter((t) => t >= s * 1000 && t < (s + 1) * 1000).length);
    expect(perSecond).toEqual([40, 40, 20]);
    expect(busiestSecond(starts)).toBe(40);
  });

  it("keeps a rate whose interval is not whole milliseconds: 3 starts a second, each second", async () => {
    const v = virtualClock();
    const { starts, ask } = callers(createPacer(3, v.clock), v.now);
    const all = ask(12);
    await v.drain();
    await all;
    expect(starts).toEqual([0, 334, 667, 1000, 1334, 1667, 2000, 2334, 2667, 3000, 3334, 3667]);
    expect(busiestSecond(starts)).toBe(3);
  });

  it("makes up a start at most 25 ms late, and turns a long stall into no burst", async () => {
    const v = virtualClock();
    const { starts, ask } = callers(createPacer(10, v.clock), v.now);
    const all = ask(5);
    await v.advance(0);
    expect(starts).toEqual([0]);
    // The second slot (100 ms) is reached 20 ms late: the third keeps its slot at 200 ms.
    await v.stall(120);
    expect(starts).toEqual([0, 120]);
    await v.advance(80);
    expect(starts).toEqual([0, 120, 200]);
    // A stall to 950 ms: the fourth goes when the loop is back; the fifth waits its interval less the 25 ms the
    // pacer may make up, not at once.
    await v.stall(750);
    expect(starts).toEqual([0, 120, 200, 950]);
    await v.advance(74);
    expect(starts).toEqual([0, 120, 200, 950]);
    await v.advance(1);
    await all;
    expect(starts).toEqual([0, 120, 200, 950, 1025]);
  });

  it("never puts more than `rate` starts in any one-second window, catch-up included", async () => {
    const v = virtualClock();
    const { starts, ask } = callers(createPacer(4, v.clock), v.now);
    const all = ask(7);
    await v.advance(0);
    // The second start is 20 ms late (270 for 250); the next three catch up to the schedule (500, 750, 1000).
    await v.stall(270);
    await v.drain();
    await all;
    // The sixth is due at 1250 by the schedule, but 1250 would be the fifth start since 270 within one second:
    // it waits for 1270.
    expect(starts).toEqual([0, 270, 500, 750, 1000, 1270, 1500]);
    expect(busiestSecond(starts)).toBe(4);
  });

  it("restarts the schedule from now for a caller that finds it idle over a second", async () => {
    const v = virtualClock();
    const pacer = createPacer(10, v.clock);
    const { starts, ask } = callers(pacer, v.now);
    await Promise.all([ask(1), v.drain()]);
    await v.advance(5_000);
    const later = ask(3);
    await v.drain();
    await later;
    expect(starts).toEqual([0, 5_000, 5_100, 5_200]);
  });

  it("serves callers in the order they asked", async () => {
    const v = virtualClock();
    const pacer = createPacer(5, v.clock);
    const order: number[] = [];
    const all = Promise.all([1, 2, 3, 4].map((n) => pacer.acquire().then(() => void order.push(n))));
    await v.drain();
    await all;
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it("reads a bare now() as the clock, as callers did before PacerClock (the process's timers wait)", async () => {
    const pacer = createPacer(1, () => 0);
    expect(pacer.rate).toBe(1);
    await pacer.acquire();
  });
});

describe("createPacer's reserve: a request counts from its start until its answer", () => {
  /** Requests of the given answer times (ms after their start), each reserved as soon as the one before started. */
  async function run(rate: number, answerAfter: number[], weight = 1) {
    const v = virtualClock();
    const pacer = createPacer(rate, v.clock);
    const spans: { start: number; answer: number }[] = [];
    const all = (async () => {
      const answers: Promise<void>[] = [];
      for (const ms of answerAfter) {
        const slot = await pacer.reserve(weight);
        const start = v.now();
        answers.push(
          v.clock.sleep(ms).then(() => {
            spans.push({ start, answer: v.now() });
            slot.done(true);
          }),
        );
      }
      await Promise.all(answers);
    })();
    await v.drain();
    await all;
    return spans.sort((a, b) => a.start - b.start);
  }

  it("with instant answers keeps the rate: 1/rate apart", async () => {
    const spans = await run(4, [0, 0, 0, 0, 0, 0]);
    expect(spans.map((s) => s.start)).toEqual([0, 250, 500, 750, 1000, 1250]);
  });

  it("holds a slot while its request is on its way: no second of possible arrivals holds more than the rate", async () => {
    // Rate 2: the first request's answer comes 700 ms after its start, so it may reach the provider as late as 700.
    const spans = await run(2, [700, 10, 10, 10, 700, 10, 10]);
    // Each request may arrive anywhere between its start and its answer: the busiest window counts every request
    // whose span meets it.
    const end = Math.max(...spans.map((s) => s.answer));
    for (let w = 0; w <= end; w++) {
      const meeting = spans.filter((s) => s.start < w + 1000 && s.answer >= w).length;
      expect(meeting, `window from ${w} ms`).toBeLessThanOrEqual(2);
    }
    // The third waits for the second's answer to be a second old (the first is still counted as on its way).
    expect(spans[2]!.start).toBe(spans[1]!.answer + 1000);
  });

  it("counts a three-part message as three slots", async () => {
    const spans = await run(3, [0, 0], 3);
    expect(spans[0]!.start).toBe(667);
    // The first message's three parts arrived by 667: the next three not before a second later.
    expect(spans[1]!.start).toBeGreaterThanOrEqual(1667);
  });

  it("gives a slot back unused when no request was made", async () => {
    const v = virtualClock();
    const pacer = createPacer(1, v.clock);
    const starts: number[] = [];
    const all = (async () => {
      (await pacer.reserve()).done(false);
      starts.push(v.now());
      (await pacer.reserve()).done(true);
      starts.push(v.now());
    })();
    await v.drain();
    await all;
    // The schedule still spaces them; the unused one took no place in the window.
    expect(starts).toEqual([0, 1000]);
  });

  it("starts from the calls another runner made in the second before it took over", async () => {
    const v = virtualClock();
    const before = createPacer(2, v.clock);
    let handed: number[] = [];
    let started = -1;
    const all = (async () => {
      (await before.reserve()).done(true);
      const b = await before.reserve();
      handed = before.recent();
      b.done(true);
      const after = createPacer(2, v.clock);
      after.seed(handed);
      await after.reserve();
      started = v.now();
    })();
    await v.drain();
    await all;
    expect(handed).toHaveLength(2);
    // The first call before the take-over was answered at 0: the new runner's first call waits for it to be a second old.
    expect(started).toBeGreaterThanOrEqual(1000);
  });
});

describe("pacerFor", () => {
  it("shares one pacer per gateway and rate, and starts a new one when the rate changes", () => {
    const a = pacerFor(9_001, 20);
    expect(pacerFor(9_001, 20)).toBe(a);
    expect(pacerFor(9_002, 20)).not.toBe(a);
    const changed = pacerFor(9_001, 30);
    expect(changed).not.toBe(a);
    expect(changed.rate).toBe(30);
    expect(pacerFor(9_001, 2.7).rate).toBe(2);
  });
});
