import { describe, expect, it } from "vitest";
import { createPacer } from "./pacer";

/** Starts at most `rate` per any one-second window, and a steady run at the rate. */
describe("createPacer", () => {
  it("spaces starts at the rate and never puts more than `rate` in a second", async () => {
    const rate = 40;
    const pacer = createPacer(rate);
    const starts: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        await pacer.acquire();
        starts.push(performance.now());
      }),
    );
    const took = (performance.now() - t0) / 1000;
    // 100 starts, 1/40 s apart: 99/40 s ≈ 2.475 s.
    expect(took).toBeGreaterThan(2.4);
    expect(took).toBeLessThan(2.475 * 1.1);
    starts.sort((a, b) => a - b);
    for (let i = rate; i < starts.length; i++) expect(starts[i]! - starts[i - rate]!).toBeGreaterThanOrEqual(1000 - 0.5);
  });

  it("catches up after late timers without breaking the one-second bound", async () => {
    let now = 0;
    const pacer = createPacer(10, () => now);
    const done: number[] = [];
    // Twelve callers waiting from the start, as the runner's workers are.
    const all = Array.from({ length: 12 }, (_, i) => pacer.acquire().then(() => done.push(i + 1)));
    const settle = () => new Promise((r) => setTimeout(r, 120));
    await settle();
    expect(done).toEqual([1]);
    // The event loop was busy for 950 ms: the starts due meanwhile (100 … 900 ms) go at once.
    now = 950;
    await settle();
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The 11th waits until the 1st is a second old; the 12th until the 2nd is, although its slot (1100 ms) is due.
    now = 1000;
    await settle();
    expect(done.length).toBe(11);
    now = 1500;
    await settle();
    expect(done.length).toBe(11);
    now = 1950;
    await Promise.all(all);
    expect(done.length).toBe(12);
  });
});
