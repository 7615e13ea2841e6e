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

  it("makes up a short delay but turns a long stall into no burst", async () => {
    let now = 0;
    const pacer = createPacer(10, () => now);
    const done: number[] = [];
    const all = Array.from({ length: 5 }, (_, i) => pacer.acquire().then(() => done.push(i + 1)));
    const settle = () => new Promise((r) => setTimeout(r, 120));
    await settle();
    expect(done).toEqual([1]);
    // 20 ms late for the second slot (100 ms): the third keeps its slot at 200 ms.
    now = 120;
    await settle();
    expect(done).toEqual([1, 2]);
    now = 200;
    await settle();
    expect(done).toEqual([1, 2, 3]);
    // A stall of 650 ms: the fourth goes when the loop is back; the fifth waits its interval less the 25 ms the
    // pacer may make up, not at once.
    now = 950;
    await settle();
    expect(done).toEqual([1, 2, 3, 4]);
    now = 1024;
    await settle();
    expect(done).toEqual([1, 2, 3, 4]);
    now = 1025;
    await Promise.all(all);
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });
});
